import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { EnrichmentNetworkPage } from "@/components/enrichments/enrichment-network-page";
import { getAccessToken } from "@/lib/auth/access-token";
import { isEnrichmentId } from "@/lib/enrichments/id";
import { loadGraph } from "@/lib/network/load";
import { networkKey } from "@/lib/query/network-queries";
import { makeQueryClient } from "@/lib/query/query-client";

export const metadata: Metadata = { title: "Rede de processos" };

// GET /enrichments/:id/network – the enrichment's lawsuit network graph. The laid-out network is
// prefetched here (what GET /bff/enrichments/:id/network answers), so the browser starts drawing
// once it has hydrated instead of asking for it then. Not ready yet (409) or failed: not sent, and
// the browser asks (and retries) as before.
export default async function NetworkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = makeQueryClient();
  const token = await getAccessToken();
  if (token && isEnrichmentId(id)) {
    await queryClient.prefetchQuery({
      queryKey: networkKey("enrichments", id),
      queryFn: () => loadGraph(token, { kind: "enrichment", id }),
      retry: false,
    });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <EnrichmentNetworkPage id={id} />
    </HydrationBoundary>
  );
}
