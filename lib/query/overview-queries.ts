import { queryOptions } from "@tanstack/react-query";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import type { OverviewRange } from "@/lib/overview/range";
import { bffFetch } from "./bff-fetch";

export const overviewKeys = {
  stats: (range: OverviewRange) => ["overview", "stats", range] as const,
};

export function overviewStatsQuery(range: OverviewRange) {
  return queryOptions({
    queryKey: overviewKeys.stats(range),
    queryFn: ({ signal }) => bffFetch<VerificationStats>(`/bff/verifications/stats?range=${range}`, signal),
    staleTime: 30_000,
  });
}
