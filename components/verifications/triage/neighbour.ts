// The case `delta` away from a case in the list the analyst came from (use-neighbours.ts), kept
// apart from React so its page walking is tested on its own (test/unit/triage-neighbour.test.ts).

/** How many pages on a case is looked for when it has left the kept page. */
export const DRIFT_PAGES = 2;

export interface ListPage {
  items: ReadonlyArray<{ id: string }>;
  total: number;
}

export interface PagedFilters {
  page: number;
  limit: number;
}

/**
 * The id `delta` away (+1 next, -1 previous) from `id` in the list read through `read`, crossing
 * pages when needed, and the filters of the page it was found on (for the next step to go on from
 * there; the same object as `filters` when it is on the kept page); null at the ends, or when the
 * case is not in the list.
 *
 * Cases arriving at the head of a newest-first list push the case being read onto the next pages
 * while the analyst reads it: it is followed up to DRIFT_PAGES pages on (seen in CI: another
 * analyst's cases pushed the case off the kept page, and the triage mode found no next case).
 */
export async function findNeighbour<F extends PagedFilters>(
  id: string,
  delta: 1 | -1,
  filters: F,
  read: (filters: F) => Promise<ListPage>,
  kept?: ListPage,
): Promise<{ id: string; filters: F } | null> {
  let at = filters;
  let data = kept ?? (await read(filters));
  let here = data.items.findIndex((item) => item.id === id);
  for (let hop = 1; here < 0 && hop <= DRIFT_PAGES && at.page < Math.ceil(data.total / at.limit); hop++) {
    at = { ...at, page: at.page + 1 };
    data = await read(at);
    here = data.items.findIndex((item) => item.id === id);
  }
  if (here < 0) return null;
  const target = here + delta;
  if (target >= 0 && target < data.items.length) return { id: data.items[target].id, filters: at };
  const otherPage = at.page + delta;
  if (otherPage < 1 || otherPage > Math.ceil(data.total / at.limit)) return null;
  const next = { ...at, page: otherPage };
  const other = await read(next);
  const candidate = delta === 1 ? other.items[0] : other.items[other.items.length - 1];
  return candidate ? { id: candidate.id, filters: next } : null;
}
