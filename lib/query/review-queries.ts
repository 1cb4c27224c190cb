import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Member, ReviewSettings, ReviewStats } from "@/lib/contract/review";
import type { OverviewRange } from "@/lib/overview/range";
import { filtersToSearchParams, type VerificationFilters } from "@/lib/verifications/filters";
import type { VerificationPage } from "@/lib/verifications/view-models";
import { bffFetch } from "./bff-fetch";

// Browser-side queries of the team review (BFF /bff/review/...). The queue list shares the
// verifications' key space so a decision's invalidation of ["verifications"] refreshes it too.

export interface SavedViewView {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  author: string | null;
  mine: boolean;
}

/** POST /bff/review/cases/bulk: the review API's result per id, failures with a pt-BR reason. */
export interface BulkView {
  succeeded: number;
  failed: number;
  results: Array<{ id: string; ok: boolean; proposed?: boolean; error?: { code: string; message: string } }>;
}

export const reviewKeys = {
  queue: (filters: VerificationFilters) => ["verifications", "queue", filters] as const,
  views: ["review", "views"] as const,
  settings: ["review", "settings"] as const,
  members: ["review", "members"] as const,
  stats: (range: OverviewRange) => ["review", "stats", range] as const,
};

export function queueListQuery(filters: VerificationFilters) {
  const search = filtersToSearchParams(filters).toString();
  return queryOptions({
    queryKey: reviewKeys.queue(filters),
    queryFn: ({ signal }) => bffFetch<VerificationPage>(`/bff/review/cases${search ? `?${search}` : ""}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function savedViewsQuery() {
  return queryOptions({
    queryKey: reviewKeys.views,
    queryFn: ({ signal }) => bffFetch<{ views: SavedViewView[] }>("/bff/review/views", signal),
    staleTime: 30_000,
  });
}

export function reviewSettingsQuery() {
  return queryOptions({
    queryKey: reviewKeys.settings,
    queryFn: ({ signal }) => bffFetch<ReviewSettings>("/bff/review/settings", signal),
    staleTime: 60_000,
  });
}

export function reviewStatsQuery(range: OverviewRange) {
  return queryOptions({
    queryKey: reviewKeys.stats(range),
    queryFn: ({ signal }) => bffFetch<ReviewStats>(`/bff/review/stats?range=${range}`, signal),
    staleTime: 30_000,
  });
}

export function membersQuery() {
  return queryOptions({
    queryKey: reviewKeys.members,
    queryFn: ({ signal }) => bffFetch<{ members: Member[] }>("/bff/review/members", signal),
    staleTime: 60_000,
  });
}
