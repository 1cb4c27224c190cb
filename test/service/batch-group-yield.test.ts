// A batch worker's group gives way to interactive work within the group (issue 28, item 11): a
// group of collections that started while nothing interactive ran stops at its next step (before
// the modules' wave, before the terminal statement) once a unit request arrives, and goes on when
// it is answered; before, the whole group ran to its end while the unit request waited (the unit
// POST's p99 during a batch went from 104 to 172–277 ms). The real service: PGlite or PostgreSQL,
// the real queue and workers, the sandbox answering each module after 300 ms.
import { and, count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections } from "../../server/db/schema";
import { makeCpf } from "../../lib/contract/documents";
import { eventually, startService, type TestService } from "../support/harness";

let t: TestService;

beforeAll(async () => {
  // a gate that waits up to 20 s: the test holds it for 2 s, well under that
  t = await startService({ env: { LUPA_SANDBOX_LATENCY_MS: "300", LUPA_BATCH_YIELD_MS: "20000" } });
}, 60_000);
afterAll(async () => t?.close());

const statusCount = async (ids: string[], statuses: string[]) =>
  (
    await t.services.db
      .select({ n: count() })
      .from(collections)
      .where(and(inArray(collections.id, ids), inArray(collections.status, statuses)))
  )[0]!.n;

describe("a batch group and interactive work", () => {
  it("pauses a running group at its next step while interactive work runs, and resumes it after", async () => {
    const documents = Array.from({ length: 5 }, (_, i) => makeCpf(String(720_000_001 + i * 7)));
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      token: t.workspace.tokens.integration,
      body: { profileId: "prf_person_complete", items: documents.map((document) => ({ document })) },
    });
    expect(res.statusCode).toBe(202);
    const ids: string[] = res.json().items.map((i: { id: string }) => i.id);
    expect(ids).toHaveLength(5);
    // the group started with nothing interactive running: its collections are being collected
    await eventually(
      () => statusCount(ids, ["FETCHING"]),
      (n) => n === ids.length,
      20_000,
    );
    // a unit request arrives (as the v3 route and the interactive workers hold the gate)
    const release = t.services.priority.hold();
    let ended: number;
    try {
      await new Promise((r) => setTimeout(r, 2_000));
      // 2 s is more than the group needs to end (two waves of 300 ms): it waited at a step
      ended = await statusCount(ids, ["COMPLETED", "FAILED"]);
    } finally {
      release();
    }
    expect(ended).toBe(0);
    await eventually(
      () => statusCount(ids, ["COMPLETED"]),
      (n) => n === ids.length,
      20_000,
    );
  }, 60_000);
});
