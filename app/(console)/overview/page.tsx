import type { Metadata } from "next";
import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { OverviewPageClient } from "@/components/overview/overview-page-client";
import { getVerificationStats } from "@/lib/api/verification-stats";
import { getAccessToken } from "@/lib/auth/access-token";
import { parseRange, rangeStart } from "@/lib/overview/range";
import { overviewKeys } from "@/lib/query/overview-queries";
import { makeQueryClient } from "@/lib/query/query-client";

export const metadata: Metadata = { title: "Visão geral" };

// GET /overview – the landing page: the workspace's figures over the range in the URL.
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const range = parseRange((await searchParams).range);
  const queryClient = makeQueryClient();
  const token = await getAccessToken();
  if (token) {
    await queryClient.prefetchQuery({
      queryKey: overviewKeys.stats(range),
      queryFn: () => getVerificationStats(token, { from: rangeStart(range) }),
    });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OverviewPageClient range={range} />
    </HydrationBoundary>
  );
}
