import { describe, expect, it } from "vitest";
import { DRIFT_PAGES, findNeighbour, type ListPage, type PagedFilters } from "../../components/verifications/triage/neighbour";

// The case page's n/p and the triage mode's next case (components/verifications/triage):
// neighbours across page edges, and a case pushed onto later pages by cases that arrived at the
// head of a newest-first list while it was read.

/** A newest-first list of `ids` read in pages, counting the reads. */
function list(ids: string[]) {
  const reads: number[] = [];
  const read = async (f: PagedFilters): Promise<ListPage> => {
    reads.push(f.page);
    return { items: ids.slice((f.page - 1) * f.limit, f.page * f.limit).map((id) => ({ id })), total: ids.length };
  };
  return { read, reads };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("findNeighbour", () => {
  it("answers the next and previous case on the same page without reading another", async () => {
    const { read, reads } = list(ids("c", 10));
    const filters = { page: 1, limit: 5 };
    const kept = await read(filters);
    expect(await findNeighbour("c3", 1, filters, read, kept)).toEqual({ id: "c4", filters });
    expect(await findNeighbour("c3", -1, filters, read, kept)).toEqual({ id: "c2", filters });
    expect(reads).toEqual([1]);
  });

  it("crosses to the next page at the last row and to the previous at the first", async () => {
    const { read } = list(ids("c", 10));
    expect(await findNeighbour("c5", 1, { page: 1, limit: 5 }, read)).toEqual({ id: "c6", filters: { page: 2, limit: 5 } });
    expect(await findNeighbour("c6", -1, { page: 2, limit: 5 }, read)).toEqual({ id: "c5", filters: { page: 1, limit: 5 } });
  });

  it("answers null at both ends of the list", async () => {
    const { read } = list(ids("c", 10));
    expect(await findNeighbour("c10", 1, { page: 2, limit: 5 }, read)).toBeNull();
    expect(await findNeighbour("c1", -1, { page: 1, limit: 5 }, read)).toBeNull();
  });

  it("follows a case pushed onto the next pages by new cases, and goes on from the page it is on", async () => {
    const before = ids("c", 10);
    const filters = { page: 1, limit: 5 }; // the list's page 1 as the analyst left it: c1..c5
    // seven new cases arrive at the head before the case page reads the list: c4 is now the 11th row (page 3)
    const now = list([...ids("new", 7), ...before]);
    expect(await findNeighbour("c4", 1, filters, now.read)).toEqual({ id: "c5", filters: { page: 3, limit: 5 } });
    expect(now.reads).toEqual([1, 2, 3]);
    // the case before it is the last of the page before (where the next step goes on)
    expect(await findNeighbour("c4", -1, filters, now.read)).toEqual({ id: "c3", filters: { page: 2, limit: 5 } });
    // at the end of the page it went to, the next is the first of the page after
    expect(await findNeighbour("c3", 1, filters, list([...ids("new", 3), ...before]).read)).toEqual({
      id: "c4",
      filters: { page: 2, limit: 5 },
    });
    expect(await findNeighbour("c2", 1, filters, list([...ids("new", 3), ...before]).read)).toEqual({
      id: "c3",
      filters: { page: 2, limit: 5 },
    });
    expect(await findNeighbour("c7", 1, filters, list([...ids("new", 3), ...before]).read)).toEqual({
      id: "c8",
      filters: { page: 3, limit: 5 },
    });
  });

  it("gives up after DRIFT_PAGES pages, and never reads past the list's end", async () => {
    const filters = { page: 1, limit: 5 };
    const far = list([...ids("new", 5 * (DRIFT_PAGES + 1)), "c1", "c2"]);
    expect(await findNeighbour("c1", 1, filters, far.read)).toBeNull();
    expect(far.reads).toEqual(Array.from({ length: DRIFT_PAGES + 1 }, (_, i) => i + 1));
    const gone = list(ids("c", 7)); // a case decided elsewhere has left the list: two pages only
    expect(await findNeighbour("x", 1, filters, gone.read)).toBeNull();
    expect(gone.reads).toEqual([1, 2]);
  });
});
