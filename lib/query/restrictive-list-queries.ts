import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  listParamsToSearch,
  type RestrictiveEntry,
  type RestrictiveListParams,
  type RestrictivePage,
} from "@/lib/restrictive-list/entries";
import { bffFetch } from "./bff-fetch";

// Query keys and options of the restrictive list (/restrictive-list and the case page's action).

export const restrictiveKeys = {
  all: ["restrictive-list"] as const,
  lists: ["restrictive-list", "list"] as const,
  list: (params: RestrictiveListParams) => ["restrictive-list", "list", params] as const,
  entry: (nationalId: string) => ["restrictive-list", "entry", nationalId] as const,
};

export function restrictiveListQuery(params: RestrictiveListParams) {
  const search = listParamsToSearch(params).toString();
  return queryOptions({
    queryKey: restrictiveKeys.list(params),
    queryFn: ({ signal }) => bffFetch<RestrictivePage>(`/bff/restrictive-list${search ? `?${search}` : ""}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Whether one document is listed (null when not). */
export function restrictiveEntryQuery(nationalId: string) {
  return queryOptions({
    queryKey: restrictiveKeys.entry(nationalId),
    queryFn: ({ signal }) =>
      bffFetch<{ entry: RestrictiveEntry | null }>(`/bff/restrictive-list/${encodeURIComponent(nationalId)}`, signal),
  });
}
