"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { filtersToSearchParams, parseFilters, type VerificationFilters } from "@/lib/verifications/filters";

// The list's filters live in the URL. Changes use the native History API (integrated with the
// Next router): back/forward and shared links work, and no server round trip is made; the data
// itself comes from the BFF through React Query.

export const LAST_LIST_URL_KEY = "lupa:last-verifications-url";

export function useVerificationFilters() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams), [searchParams]);

  const setFilters = useCallback((changes: Partial<VerificationFilters>, options: { replace?: boolean } = {}) => {
    // Any change but the page itself starts again from page 1. The base is the URL as it is now,
    // not as it was at the last render: two changes in one tick (the score's minimum committed on
    // blur, then its maximum) both stay.
    const current = parseFilters(new URLSearchParams(window.location.search));
    const next: VerificationFilters = { ...current, ...changes, page: changes.page ?? 1 };
    const query = filtersToSearchParams(next).toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
    if (options.replace) window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
  }, []);

  return { filters, setFilters };
}
