// The v3 state table (spec 3.3, 3.4) end to end on the sandbox datasets, with the billing each
// row writes: ok (profile + completed add-on), subject_not_found (profile only), a recovery round
// then COMPLETED, FAILED retry_exhausted, permanent failure and deadline_exceeded (not billed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { billingEntries, collections } from "../../server/db/schema";
import { ACTIONS } from "../../server/tenancy/catalog";

let t: TestService;
// recovery rounds far away (60 s), module retries after 1 s and a short sync wait: enrichments
// stay visibly retrying, then waiting for a round
let waiting: TestService;
beforeAll(async () => {
  // one after the other: two PGlite services starting at once can exceed Fastify's plugin timeout on a busy machine
  t = await startService();
  waiting = await startService({
    env: { LUPA_SYNC_WAIT_MS: "300", LUPA_RECOVERY_ROUNDS_MS: "60000,60000,60000", LUPA_MODULE_RETRY_MS: "1000,1000" },
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), waiting?.close()]);
});

const doc = (name: Parameters<typeof sandboxDocumentFor>[0], entity: "person" | "company" = "person") =>
  sandboxDocumentFor(name, entity)!.document;
const post = (svc: TestService, body: unknown) =>
  svc.request({ method: "POST", url: "/api/v3/enrichments", token: svc.workspace.tokens.integration, body });
const get = (svc: TestService, id: string, query = "") =>
  svc.request({ method: "GET", url: `/api/v3/enrichments/${id}${query}`, token: svc.workspace.tokens.viewer });
const terminal = (svc: TestService, id: string) =>
  eventually(
    () => get(svc, id).then((r) => r.json()),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
const billed = async (svc: TestService, id: string) =>
  (await svc.services.db.select().from(billingEntries).where(eq(billingEntries.enrichmentId, id))).map((b) => b.action).sort();

describe("COMPLETED", () => {
  it("ok: bills the profile action and each completed add-on", async () => {
    const res = await post(t, {
      document: doc("temporary_then_ok", "company"),
      profileId: "prf_company_complete",
      options: { modules: { financeAdvanced: {} } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "COMPLETED", outcome: "ok", recoveryRound: 0, entity: "company" });
    for (const m of Object.values(res.json().modules) as { status: string }[]) expect(m.status).toBe("ok");
    expect(await billed(t, res.json().id)).toEqual([ACTIONS.financeAdvanced, ACTIONS.enrichmentCompany].sort());
    // the last wave's answers went with the terminal state: each module's data is stored
    const data = await t.services.database.query("select module, data is not null as has_data from module_runs where collection_id = $1", [
      res.json().id,
    ]);
    expect(data.rows.length).toBeGreaterThan(1);
    for (const row of data.rows) expect(row).toMatchObject({ has_data: true });
  });

  it("ok without add-ons bills the profile action only", async () => {
    const res = await post(t, { document: doc("deceased"), profileId: "prf_person_complete" });
    expect(res.json().outcome).toBe("ok");
    expect(await billed(t, res.json().id)).toEqual([ACTIONS.enrichmentPerson]);
  });

  it("subject_not_found: only the profile module ran, only the profile action is billed", async () => {
    const res = await post(t, {
      document: doc("holder_not_found"),
      profileId: "prf_person_complete",
      options: { modules: { financeAdvanced: {} } },
    });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ status: "COMPLETED", outcome: "subject_not_found" });
    expect(Object.keys(e.modules)).toEqual(["profile"]);
    expect(e.modules.profile.status).toBe("ok");
    expect(await billed(t, e.id)).toEqual([ACTIONS.enrichmentPerson]);
    const finance = await t.request({
      method: "GET",
      url: `/api/v3/enrichments/${e.id}/modules/finance`,
      token: t.workspace.tokens.viewer,
    });
    expect(finance.statusCode).toBe(404);
    expect(finance.json().error.code).toBe("module_not_found");
  });

  it("after one recovery round: COMPLETED with recoveryRound 1", async () => {
    const res = await post(t, { document: doc("fails_first_round"), profileId: "prf_person_complete" });
    const e = res.statusCode === 200 ? res.json() : await terminal(t, res.json().id);
    expect(e).toMatchObject({ status: "COMPLETED", outcome: "ok", recoveryRound: 1 });
    expect(e.nextRetryAt).toBeUndefined();
    expect(await billed(t, e.id)).toEqual([ACTIONS.enrichmentPerson]);
  });
});

describe("FAILED", () => {
  it("retry_exhausted after the 3rd new round, not billed", async () => {
    const res = await post(t, {
      document: doc("exhausts_rounds"),
      profileId: "prf_person_complete",
      options: { modules: { financeAdvanced: {} } },
    });
    const e = res.statusCode === 200 ? res.json() : await terminal(t, res.json().id);
    expect(e).toMatchObject({ status: "FAILED", outcome: null, failureReason: "retry_exhausted", recoveryRound: 3 });
    expect(e.modules.finance.status).toBe("failed");
    expect(e.modules.profile.status).toBe("ok");
    // the wave's modules that answered are written although the wave did not complete (the
    // answers that complete a wave wait for the terminal statement only when every module answered)
    expect(e.modules.related.status).toBe("ok");
    expect(e.completedAt).toEqual(expect.any(String));
    expect(await billed(t, e.id)).toEqual([]);
  });

  it("permanent failure with its reason, not billed", async () => {
    const res = await post(t, { document: doc("permanent_failure", "company"), profileId: "prf_company_complete" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "FAILED", outcome: null, failureReason: "upstream_rejected_document", recoveryRound: 0 });
    expect(await billed(t, res.json().id)).toEqual([]);
  });

  // options.deadline is at least 1m. Instead of waiting a minute, the test creates the enrichment
  // with deadline 1m while it waits 60 s for a recovery round, then moves collections.deadline_at
  // into the past in the database (what a minute passing would do); the engine's sweeper fails it.
  it("deadline_exceeded: waiting for a round, Retry-After capped by the deadline, then FAILED with `deadline`", async () => {
    const res = await post(waiting, { document: doc("exhausts_rounds"), profileId: "prf_person_complete", options: { deadline: "1m" } });
    expect(res.statusCode).toBe(202);
    const id = res.json().id;
    const inRound = await eventually(
      () => get(waiting, id),
      (r) => r.json().nextRetryAt !== undefined,
      8000,
    );
    const e = inRound.json();
    expect(e.status).toBe("FETCHING");
    expect(e.recoveryRound).toBe(0);
    expect(e.deadline).toEqual(expect.any(String));
    // next round in 60 s, deadline in < 60 s: Retry-After never goes beyond the deadline
    const untilDeadline = Math.floor((new Date(e.deadline).getTime() - Date.now()) / 1000);
    expect(Number(inRound.headers["retry-after"])).toBeLessThanOrEqual(untilDeadline + 1);
    expect(Number(inRound.headers["retry-after"])).toBeGreaterThan(5);

    await waiting.services.db
      .update(collections)
      .set({ deadlineAt: sql`now() - interval '1 second'` })
      .where(eq(collections.id, id));
    const done = await terminal(waiting, id);
    expect(done).toMatchObject({ status: "FAILED", failureReason: "deadline_exceeded", outcome: null });
    expect(done.deadline).toEqual(expect.any(String));
    expect(done.nextRetryAt).toBeUndefined();
    expect((await get(waiting, id)).headers["retry-after"]).toBeUndefined();
    expect(await billed(waiting, id)).toEqual([]);
  });

  it("while waiting for a round without deadline: nextRetryAt set and Retry-After up to it (at least 5)", async () => {
    const res = await post(waiting, { document: doc("exhausts_rounds", "company"), profileId: "prf_company_complete" });
    expect(res.statusCode).toBe(202);
    const r = await eventually(
      () => get(waiting, res.json().id),
      (x) => x.json().nextRetryAt !== undefined,
      8000,
    );
    const seconds = Number(r.headers["retry-after"]);
    const untilRound = Math.ceil((new Date(r.json().nextRetryAt).getTime() - Date.now()) / 1000);
    expect(seconds).toBeGreaterThanOrEqual(untilRound - 1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(r.json().modules.finance.status).toBe("failed");
  });
});

describe("module states", () => {
  it("shows retrying with nextAttemptAt while a module is retried", async () => {
    // the `waiting` service retries modules after 1 s: long enough to be seen
    const res = await post(waiting, { document: doc("temporary_then_ok"), profileId: "prf_person_complete" });
    expect(res.statusCode).toBe(202);
    const r = await eventually(
      () => get(waiting, res.json().id),
      (x) => x.json().modules.finance.status === "retrying",
      5000,
    );
    expect(r.json().modules.finance).toEqual({
      dataset: "person-finance-1.1",
      status: "retrying",
      nextAttemptAt: expect.any(String),
      url: expect.any(String),
    });
    expect(r.json().modules.profile.nextAttemptAt).toBeUndefined();
    expect((await terminal(waiting, res.json().id)).status).toBe("COMPLETED");
  });
});
