import { DEFAULT_PAGE_SIZE, filtersToSearchParams, type VerificationFilters } from "@/lib/verifications/filters";

/** The list URL that shows exactly the verifications a figure counts. */
export function listHref(filters: Partial<VerificationFilters>): string {
  const query = filtersToSearchParams({ page: 1, limit: DEFAULT_PAGE_SIZE, ...filters }).toString();
  return `/verifications${query ? `?${query}` : ""}`;
}
