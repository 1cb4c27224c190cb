import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { filtersToSearchParams, type VerificationFilters } from "@/lib/verifications/filters";
import { isTerminalStatus } from "@/lib/verifications/status";
import type { VerificationDetail, VerificationPage } from "@/lib/verifications/view-models";
import { bffFetch } from "./bff-fetch";

// Query keys and browser-side query options of the verifications. Server components prefetch
// under the same keys (lib/verifications/prefetch.ts).

export const verificationKeys = {
  all: ["verifications"] as const,
  list: (filters: VerificationFilters) => ["verifications", "list", filters] as const,
  detail: (id: string) => ["verifications", "detail", id] as const,
};

export function verificationListQuery(filters: VerificationFilters) {
  const search = filtersToSearchParams(filters).toString();
  return queryOptions({
    queryKey: verificationKeys.list(filters),
    queryFn: ({ signal }) => bffFetch<VerificationPage>(`/bff/verifications${search ? `?${search}` : ""}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** While the verification runs, it is read again every 2 s until it reaches a terminal status. */
export const PROCESSING_REFETCH_MS = 2_000;

export function verificationDetailQuery(id: string) {
  return queryOptions({
    queryKey: verificationKeys.detail(id),
    queryFn: ({ signal }) => bffFetch<VerificationDetail>(`/bff/verifications/${encodeURIComponent(id)}`, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isTerminalStatus(status) && query.state.status !== "error" ? PROCESSING_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
