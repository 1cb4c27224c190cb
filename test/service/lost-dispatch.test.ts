// Recovery of work whose first job was never sent (issue 10, item 9): the API saved an enrichment
// and died before queueing its job. The collection then has no job and `enqueued_at` null (it is
// set only once the job is sent); any worker's sweeper sends it again after a few seconds, not
// after findLostWork's 60-second minimum age for jobs that were sent. Exactly one enrichment, billed once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { makeCpf } from "../../lib/contract/documents";
import { billingEntries, collections } from "../../server/db/schema";
import { startWork } from "../../server/start";
import { DISPATCH_GRACE_MS } from "../../server/engine/store";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_SYNC_WAIT_MS: "0" } });
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

it("a saved enrichment whose job was never sent completes within seconds once a worker runs, billed once", async () => {
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: t.workspace.tokens.integration,
    body: { document: makeCpf("712345670"), profileId: "prf_person_registry" },
  });
  expect(res.statusCode).toBe(202);
  const id = res.json().id as string;
  // the state a death between the save and the send leaves: no job, enqueued_at null
  await t.services.database.query("delete from pgboss.job where data->>'id' = $1", [id]);
  await t.services.db.update(collections).set({ enqueuedAt: null }).where(eq(collections.id, id));
  const [row] = await t.services.db
    .select({ enqueuedAt: collections.enqueuedAt, status: collections.status })
    .from(collections)
    .where(eq(collections.id, id));
  expect(row).toEqual({ enqueuedAt: null, status: "CREATED" });

  const started = Date.now();
  const stop = await startWork(t.services, { workers: true, sweepers: true });
  try {
    await eventually(
      () => t.request({ method: "GET", url: `/api/v3/enrichments/${id}`, token: t.workspace.tokens.integration }).then((r) => r.json()),
      (e) => e.status === "COMPLETED",
      45_000,
    );
    const took = Date.now() - started;
    // grace (3 s) + sweep interval (200 ms here) + the work itself, on a busy machine: well under
    // the 60 s minimum age after which lost jobs were re-sent before
    expect(DISPATCH_GRACE_MS).toBeLessThanOrEqual(5000);
    expect(took).toBeLessThan(30_000);
  } finally {
    await stop();
  }
  const billed = await t.services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingEntries)
    .where(eq(billingEntries.enrichmentId, id));
  expect(billed[0]!.n).toBe(1);
});

it("a collection just created is not re-sent while its dispatch may still be under way", async () => {
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: t.workspace.tokens.integration,
    body: { document: makeCpf("712345689"), profileId: "prf_person_registry" },
  });
  const id = res.json().id as string;
  const [row] = await t.services.db.select({ enqueuedAt: collections.enqueuedAt }).from(collections).where(eq(collections.id, id));
  expect(row!.enqueuedAt).not.toBeNull(); // dispatched: marked
  const jobs = await t.services.database.query("select count(*)::int as n from pgboss.job where data->>'id' = $1", [id]);
  expect(jobs.rows[0]!.n).toBe(1);
});
