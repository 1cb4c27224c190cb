import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { VerificationsPageClient } from "@/components/verifications/verifications-page-client";
import { makeQueryClient } from "@/lib/query/query-client";
import { parseFilters } from "@/lib/verifications/filters";
import { getTeamReview } from "@/lib/review/team-review";
import { prefetchVerificationPage } from "@/lib/verifications/prefetch";

export const metadata: Metadata = { title: "Verificações" };

// GET /verifications – the list; filters come from the URL, the first page is prefetched here.
export default async function VerificationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filters = parseFilters(await searchParams);
  const queryClient = makeQueryClient();
  const team = await getTeamReview();
  await prefetchVerificationPage(queryClient, filters, Boolean(team));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <VerificationsPageClient />
    </HydrationBoundary>
  );
}
