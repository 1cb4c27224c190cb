"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { verificationListQuery } from "@/lib/query/verification-queries";
import { filtersToSearchParams, parseFilters, type VerificationFilters } from "@/lib/verifications/filters";
import { LAST_LIST_URL_KEY } from "../use-verification-filters";
import { findNeighbour } from "./neighbour";

// The list the analyst came from (its URL is kept in sessionStorage by the list page), read
// again through the same query, to know the previous and next cases. At a page edge the
// neighbouring page is fetched, and the kept URL moves to it so the next step continues there.

function storedFilters(): VerificationFilters | null {
  const url = typeof window === "undefined" ? null : sessionStorage.getItem(LAST_LIST_URL_KEY);
  if (!url?.startsWith("/verifications")) return null;
  return parseFilters(new URL(url, window.location.origin).searchParams);
}

function remember(filters: VerificationFilters) {
  const query = filtersToSearchParams(filters).toString();
  sessionStorage.setItem(LAST_LIST_URL_KEY, `/verifications${query ? `?${query}` : ""}`);
}

export function useNeighbours(id: string) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<VerificationFilters | null>(null);
  useEffect(() => setFilters(storedFilters() ?? { page: 1, limit: 10 }), []);
  const page = useQuery({ ...verificationListQuery(filters ?? { page: 1, limit: 10 }), enabled: filters !== null });
  const items = page.data?.items ?? [];
  const index = items.findIndex((item) => item.id === id);

  /** The id `delta` away (+1 next, -1 previous), crossing pages when needed; null at the ends. */
  const resolve = useCallback(
    async (delta: 1 | -1): Promise<string | null> => {
      if (!filters) return null;
      // a decision (or n) made before the list has arrived waits for it (ensureQueryData) instead
      // of finding no neighbour: seen on a loaded machine, where the case stayed open after its decision
      const found = await findNeighbour(
        id,
        delta,
        filters,
        (at) =>
          at === filters ? queryClient.ensureQueryData(verificationListQuery(at)) : queryClient.fetchQuery(verificationListQuery(at)),
        page.data,
      );
      if (!found) return null;
      if (found.filters !== filters) remember(found.filters);
      return found.id;
    },
    [filters, page.data, id, queryClient],
  );

  return {
    ready: page.isSuccess,
    inList: index >= 0,
    position: index >= 0 && filters ? (filters.page - 1) * filters.limit + index + 1 : null,
    total: page.data?.total ?? null,
    previousId: index > 0 ? items[index - 1].id : null,
    nextId: index >= 0 && index < items.length - 1 ? items[index + 1].id : null,
    resolve,
  };
}
