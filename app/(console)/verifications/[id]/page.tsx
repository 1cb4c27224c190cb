import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { VerificationPageClient } from "@/components/verifications/verification-page-client";
import { makeQueryClient } from "@/lib/query/query-client";
import { prefetchVerification } from "@/lib/verifications/prefetch";

export const metadata: Metadata = { title: "Verificação" };

// GET /verifications/:id – the case page; the record is prefetched here, then kept fresh by the browser.
export default async function VerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = makeQueryClient();
  await prefetchVerification(queryClient, id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <VerificationPageClient id={id} />
    </HydrationBoundary>
  );
}
