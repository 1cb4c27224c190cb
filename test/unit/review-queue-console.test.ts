// The console's team queue (issue 18) in pieces the e2e suite cannot reach: the age of a case past
// its SLA (an e2e case cannot be made hours old), the selection export's CSV filter across chunk
// boundaries and quoted line breaks, and the list filters' mapping to the review API and back.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Age } from "../../components/verifications/queue-cells";
import { shortAge } from "../../lib/review/age";
import { selectCsvRows } from "../../lib/review/csv-select";
import {
  CLEARED_FILTERS,
  caseFiltersToFilters,
  filtersToCaseFilters,
  filtersToSearchParams,
  parseFilters,
  reviewListable,
} from "../../lib/verifications/filters";
import type { CaseReviewView } from "../../lib/verifications/view-models";

const review = (slaState: CaseReviewView["slaState"]): CaseReviewView => ({
  assignee: null,
  mine: false,
  slaDueAt: "2026-01-02T00:00:00.000Z",
  slaState,
  flags: [],
  awaitingSecondReview: false,
});

describe("the age column", () => {
  it("says how long ago, in whole short units", () => {
    const now = Date.parse("2026-01-10T12:00:00Z");
    expect(shortAge("2026-01-10T11:59:30Z", now)).toBe("agora");
    expect(shortAge("2026-01-10T11:55:00Z", now)).toBe("há 5 min");
    expect(shortAge("2026-01-10T09:00:00Z", now)).toBe("há 3 h");
    expect(shortAge("2026-01-08T11:00:00Z", now)).toBe("há 2 d");
  });

  it("is red, and says so to screen readers, once the SLA is breached; not before", () => {
    const createdAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const breached = renderToStaticMarkup(createElement(Age, { createdAt, review: review("breached") }));
    expect(breached).toContain("text-rose-700");
    expect(breached).toContain("(prazo estourado)");
    expect(breached).toContain("há 3 h");
    for (const state of ["ok", "due_soon", "met"] as const) {
      const html = renderToStaticMarkup(createElement(Age, { createdAt, review: review(state) }));
      expect(html).not.toContain("text-rose-700");
      expect(html).not.toContain("prazo estourado");
    }
  });
});

async function filtered(chunks: string[], ids: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  // (Response.text() would drop the BOM: decode keeping it)
  const bytes = await new Response(source.pipeThrough(selectCsvRows(new Set(ids)))).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("the selection's CSV", () => {
  const A = "11111111-1111-4111-8111-111111111111";
  const B = "22222222-2222-4222-8222-222222222222";
  const C = "33333333-3333-4333-8333-333333333333";
  const csv = `\uFEFFid;nome\r\n${A};Ana\r\n${B};"Bruno\r\n${C};não é uma linha"\r\n${C};Carla\r\n`;

  it("keeps the header (with its BOM) and only the selected rows, whatever the chunks", async () => {
    const whole = await filtered([csv], [B, C]);
    expect(whole).toBe(`\uFEFFid;nome\r\n${B};"Bruno\r\n${C};não é uma linha"\r\n${C};Carla\r\n`);
    // split at every position: the same answer
    for (let i = 1; i < csv.length; i += 7) expect(await filtered([csv.slice(0, i), csv.slice(i)], [B, C])).toBe(whole);
  });

  it("does not take a line break inside quotes for a row", async () => {
    expect(await filtered([csv], [A])).toBe(`\uFEFFid;nome\r\n${A};Ana\r\n`);
    expect(await filtered([csv], [C])).toBe(`\uFEFFid;nome\r\n${C};Carla\r\n`);
  });

  it("keeps a last row without a line break", async () => {
    expect(await filtered([`id;nome\r\n${A};Ana`], [A])).toBe(`id;nome\r\n${A};Ana`);
  });
});

describe("the list's filters and the review API", () => {
  it("reads queue, sort and stuck from the URL and writes them back", () => {
    const filters = parseFilters(new URLSearchParams("queue=mine&sort=oldest&stuck=true&status=COMPLETED"));
    expect(filters).toMatchObject({ queue: "mine", sort: "oldest", stuck: true, status: "COMPLETED" });
    expect(filtersToSearchParams(filters).toString()).toBe("status=COMPLETED&stuck=true&queue=mine&sort=oldest");
    expect(parseFilters(new URLSearchParams("queue=everyone&sort=newest")).queue).toBeUndefined();
    expect(parseFilters(new URLSearchParams("sort=newest")).sort).toBeUndefined();
  });

  it("maps the queues to assignee and awaitingSecondReview, and back from a saved view", () => {
    const base = parseFilters(new URLSearchParams("q=ana&scoreMin=300&scoreMax=500&feedback=NOTSTARTED"));
    expect(filtersToCaseFilters({ ...base, queue: "mine" })).toEqual({
      search: "ana",
      scoreGte: 300,
      scoreLte: 500,
      feedbackStatus: "NOTSTARTED",
      assignee: "me",
    });
    expect(filtersToCaseFilters({ ...base, queue: "unassigned" }).assignee).toBe("none");
    expect(filtersToCaseFilters({ ...base, queue: "second" })).toMatchObject({ awaitingSecondReview: true });
    expect(filtersToCaseFilters({ ...base, queue: "second" }).assignee).toBeUndefined();
    for (const queue of ["mine", "unassigned", "second", undefined] as const) {
      const f = { ...base, queue, sort: "score_asc" as const, stuck: true };
      expect({ ...base, ...caseFiltersToFilters(filtersToCaseFilters(f)) }).toEqual(f);
    }
  });

  it("Minha fila is my cases that still need me, unless a decision filter asks for my decided ones (issue 28, item 5)", () => {
    expect(filtersToCaseFilters(parseFilters(new URLSearchParams("queue=mine")))).toEqual({ assignee: "me", awaiting: "me" });
    expect(filtersToCaseFilters(parseFilters(new URLSearchParams("queue=mine&feedback=APPROVED")))).toEqual({
      assignee: "me",
      feedbackStatus: "APPROVED",
    });
    expect(filtersToCaseFilters(parseFilters(new URLSearchParams("queue=unassigned"))).awaiting).toBeUndefined();
  });

  it("leaves the v2 list's own filters (a period, incomplete) to the v2 list", () => {
    expect(reviewListable(parseFilters(new URLSearchParams("status=COMPLETED&queue=mine")))).toBe(true);
    expect(reviewListable(parseFilters(new URLSearchParams("incomplete=true")))).toBe(false);
    expect(reviewListable(parseFilters(new URLSearchParams("from=2026-01-01T00:00:00Z")))).toBe(false);
  });

  it("keeps a named queue (routing) in the URL, sends it to the review API and reads it back from a saved view", () => {
    const filters = parseFilters(new URLSearchParams("namedQueue=%20Empresas%20PJ%20&queue=unassigned"));
    expect(filters).toMatchObject({ namedQueue: "Empresas PJ", queue: "unassigned" });
    expect(filtersToSearchParams(filters).toString()).toBe("queue=unassigned&namedQueue=Empresas+PJ");
    expect(filtersToCaseFilters(filters)).toEqual({ assignee: "none", namedQueue: "Empresas PJ" });
    expect({ ...filters, ...caseFiltersToFilters(filtersToCaseFilters(filters)) }).toEqual(filters);
    // longer than a rule's queue may be, or blank: dropped, as other unknown values are
    expect(parseFilters(new URLSearchParams(`namedQueue=${"x".repeat(61)}`)).namedQueue).toBeUndefined();
    expect(parseFilters(new URLSearchParams("namedQueue=%20%20")).namedQueue).toBeUndefined();
    expect(reviewListable(filters)).toBe(true);
  });

  it("clearing the filters keeps the queue, the named queue and the order", () => {
    expect(Object.keys(CLEARED_FILTERS)).not.toContain("namedQueue");
    expect(Object.keys(CLEARED_FILTERS)).not.toContain("queue");
    expect(Object.keys(CLEARED_FILTERS)).not.toContain("sort");
    expect(Object.keys(CLEARED_FILTERS)).toContain("stuck");
  });
});
