import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { EnrichmentDetailClient } from "@/components/enrichments/enrichment-detail-client";
import { getAccessToken } from "@/lib/auth/access-token";
import { isEnrichmentId } from "@/lib/enrichments/id";
import { readEnrichmentDetail } from "@/lib/enrichments/read";
import { enrichmentKeys } from "@/lib/query/enrichment-queries";
import { makeQueryClient } from "@/lib/query/query-client";

export const metadata: Metadata = { title: "Enriquecimento" };

// GET /enrichments/:id – one enrichment, kept fresh while it runs. The first read is prefetched
// here (what GET /bff/enrichments/:id answers), so the first paint shows it; a failed prefetch is
// not sent and the browser asks itself.
export default async function EnrichmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = makeQueryClient();
  const token = await getAccessToken();
  if (token && isEnrichmentId(id)) {
    await queryClient.prefetchQuery({ queryKey: enrichmentKeys.detail(id), queryFn: () => readEnrichmentDetail(token, id), retry: false });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <EnrichmentDetailClient id={id} />
    </HydrationBoundary>
  );
}
