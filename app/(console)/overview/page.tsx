import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { OverviewPageClient } from "@/components/overview/overview-page-client";
import { reviewFetch } from "@/lib/api/review";
import { getVerificationStats } from "@/lib/api/verification-stats";
import { getAccessToken } from "@/lib/auth/access-token";
import type { ReviewStats } from "@/lib/contract/review";
import { parseRange, rangeStart } from "@/lib/overview/range";
import { overviewKeys } from "@/lib/query/overview-queries";
import { makeQueryClient } from "@/lib/query/query-client";
import { reviewKeys } from "@/lib/query/review-queries";
import { getTeamReview } from "@/lib/review/team-review";

export const metadata: Metadata = { title: "Visão geral" };

// GET /overview – the landing page: the workspace's figures over the range in the URL.
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const range = parseRange((await searchParams).range);
  const queryClient = makeQueryClient();
  const token = await getAccessToken();
  if (token) {
    // the team's figures too (review API): read by the browser after hydration, they were the
    // page's largest paint, about a second after the rest
    const team = await getTeamReview();
    await Promise.all([
      queryClient.prefetchQuery({
        queryKey: overviewKeys.stats(range),
        queryFn: () => getVerificationStats(token, { from: rangeStart(range) }),
      }),
      team
        ? queryClient.prefetchQuery({
            queryKey: reviewKeys.stats(range),
            queryFn: () => reviewFetch<ReviewStats>("/stats", { token, query: { from: rangeStart(range) } }),
          })
        : null,
    ]);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OverviewPageClient range={range} />
    </HydrationBoundary>
  );
}
