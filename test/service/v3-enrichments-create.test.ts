// POST /api/v3/enrichments (spec 4.4, 7, 8): validation order and codes, profile and contract
// checks, the synchronous wait (200 woken by the terminal event, 202 + Retry-After + armed
// callback), idempotency (replays, reuse, concurrent requests create and bill once).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { billingEntries, callbackDeliveries, collections, enrichments, profiles } from "../../server/db/schema";
import { armCallback } from "../../server/v3/enrichments/create";
import { ACTIONS } from "../../server/tenancy/catalog";
import http from "node:http";

let t: TestService;
let slow: TestService; // sync wait 500 ms, slow modules 3 s: creation answers 202
beforeAll(async () => {
  // one after the other: two PGlite services starting at once can exceed Fastify's plugin timeout on a busy machine
  t = await startService();
  slow = await startService({ env: { LUPA_SYNC_WAIT_MS: "500" } });
});
afterAll(async () => {
  await Promise.all([t?.close(), slow?.close()]);
});

const CPF = makeCpf("529982247");
const CNPJ = makeCnpj("112223330001");
const SLOW_CPF = sandboxDocumentFor("slow", "person")!.document;
const HOOK = { url: "https://hooks.example.com/lupa", headers: { "X-Token": "abc" } };

const post = (svc: TestService, body: unknown, headers: Record<string, string> = {}, token = svc.workspace.tokens.integration) =>
  svc.request({ method: "POST", url: "/api/v3/enrichments", token, body, headers });
const get = (svc: TestService, id: string) =>
  svc.request({ method: "GET", url: `/api/v3/enrichments/${id}`, token: svc.workspace.tokens.viewer });
const terminal = (svc: TestService, id: string) =>
  eventually(
    () => get(svc, id).then((r) => r.json()),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
const billed = async (svc: TestService, id: string) =>
  (await svc.services.db.select().from(billingEntries).where(eq(billingEntries.enrichmentId, id))).map((b) => b.action).sort();
const armed = async (svc: TestService, id: string) =>
  (await svc.services.db.select({ armed: collections.callbackArmed }).from(collections).where(eq(collections.id, id)))[0]!.armed;

function expectError(res: { statusCode: number; json(): unknown; body: string }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
  for (const doc of [CPF, CNPJ, SLOW_CPF]) expect(res.body).not.toContain(doc);
}

describe("validation", () => {
  it("400 invalid_body: unknown field, non-JSON, non-object, wrong types", async () => {
    expectError(await post(t, { document: CPF, profileId: "prf_person_complete", extra: 1 }), 400, "invalid_body");
    expectError(await post(t, { document: CPF, profileId: "prf_person_complete", options: { foo: 1 } }), 400, "invalid_body");
    expectError(await post(t, { document: CPF, profileId: "prf_person_complete", metadata: [1] }), 400, "invalid_body");
    expectError(await post(t, { document: CPF, profileId: "prf_person_complete", metadata: "x" }), 400, "invalid_body");
    expectError(await post(t, [1, 2]), 400, "invalid_body");
    expectError(await post(t, "text"), 400, "invalid_body");
    expectError(
      await t.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: t.workspace.tokens.integration,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      }),
      400,
      "invalid_body",
    );
    expectError(
      await t.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: t.workspace.tokens.integration,
        headers: { "content-type": "text/plain" },
        payload: "hello",
      }),
      400,
      "invalid_body",
    );
  });

  it("400 profile_required before invalid_document", async () => {
    expectError(await post(t, { document: CPF }), 400, "profile_required");
    expectError(await post(t, { document: "123", profileId: "" }), 400, "profile_required");
  });

  it("400 invalid_document, without echoing it", async () => {
    const bad = CPF.slice(0, 10) + ((Number(CPF[10]) + 1) % 10);
    const res = await post(t, { document: bad, profileId: "prf_person_complete" });
    expectError(res, 400, "invalid_document");
    expect(res.body).not.toContain(bad);
    expectError(await post(t, { profileId: "prf_person_complete" }), 400, "invalid_document");
    expectError(await post(t, { document: 12345678909, profileId: "prf_person_complete" }), 400, "invalid_document");
  });

  it("400 invalid_callback: not https, refused destination, reserved header", async () => {
    for (const callback of [
      { url: "http://hooks.example.com/x" },
      { url: "https://127.0.0.1/x" },
      { url: "https://10.0.0.1/x" },
      { url: "https://hooks.example.com/x", headers: { "X-Service-Signature": "x" } },
      { url: "https://hooks.example.com/x", headers: { Host: "a" } },
      "https://hooks.example.com",
    ]) {
      expectError(await post(t, { document: CPF, profileId: "prf_person_complete", callback }), 400, "invalid_callback");
    }
  });

  it("400 invalid_deadline: malformed or below 1m", async () => {
    for (const deadline of ["59s", "10", "1 h", "abc", 60, ""]) {
      expectError(await post(t, { document: CPF, profileId: "prf_person_complete", options: { deadline } }), 400, "invalid_deadline");
    }
  });

  it("400 invalid_idempotency_key over 255 characters", async () => {
    expectError(
      await post(t, { document: CPF, profileId: "prf_person_complete" }, { "Idempotency-Key": "k".repeat(256) }),
      400,
      "invalid_idempotency_key",
    );
  });

  it("401 without a token, 403 for a viewer", async () => {
    expect(
      (await t.request({ method: "POST", url: "/api/v3/enrichments", body: { document: CPF, profileId: "prf_person_complete" } }))
        .statusCode,
    ).toBe(401);
    expect((await post(t, { document: CPF, profileId: "prf_person_complete" }, {}, t.workspace.tokens.viewer)).statusCode).toBe(403);
  });
});

describe("profile, plan and contract", () => {
  beforeAll(async () => {
    await t.services.db.insert(profiles).values([
      {
        id: "prf_bad_no_profile",
        workspaceId: t.workspace.id,
        name: "No profile module",
        kind: "enrichment",
        entity: "person",
        billingAction: "enrichment.person",
        modules: { finance: { dataset: "person-finance-1.0" } },
      },
      {
        id: "prf_bad_dataset",
        workspaceId: t.workspace.id,
        name: "Bad dataset",
        kind: "enrichment",
        entity: "person",
        billingAction: "enrichment.person",
        modules: { profile: { dataset: "person-profile-9.9" } },
      },
      {
        id: "prf_unpriced",
        workspaceId: t.workspace.id,
        name: "Unpriced",
        kind: "enrichment",
        entity: "person",
        billingAction: null,
        modules: { profile: { dataset: "person-profile-2.0" } },
      },
    ]);
  });

  it("404 profile_not_found", async () => {
    expectError(await post(t, { document: CPF, profileId: "prf_missing" }), 404, "profile_not_found");
  });
  it("422 profile_kind_mismatch for a verification profile", async () => {
    expectError(await post(t, { document: CPF, profileId: "prf_kyc_person" }), 422, "profile_kind_mismatch");
  });
  it("422 profile_entity_mismatch", async () => {
    expectError(await post(t, { document: CNPJ, profileId: "prf_person_complete" }), 422, "profile_entity_mismatch");
    expectError(await post(t, { document: CPF, profileId: "prf_company_complete" }), 422, "profile_entity_mismatch");
  });
  it("422 profile_misconfigured", async () => {
    expectError(await post(t, { document: CPF, profileId: "prf_bad_no_profile" }), 422, "profile_misconfigured");
    expectError(await post(t, { document: CPF, profileId: "prf_bad_dataset" }), 422, "profile_misconfigured");
  });
  it("422 profile_not_billable", async () => {
    expectError(await post(t, { document: CPF, profileId: "prf_unpriced" }), 422, "profile_not_billable");
  });
  it("422 module_not_in_profile: not an add-on, absent, or a non-empty value", async () => {
    expectError(
      await post(t, { document: CPF, profileId: "prf_person_complete", options: { modules: { finance: {} } } }),
      422,
      "module_not_in_profile",
    );
    expectError(
      await post(t, { document: CPF, profileId: "prf_person_registry", options: { modules: { financeAdvanced: {} } } }),
      422,
      "module_not_in_profile",
    );
    expectError(
      await post(t, { document: CPF, profileId: "prf_person_complete", options: { modules: { financeAdvanced: { on: true } } } }),
      422,
      "module_not_in_profile",
    );
  });
  it("402 contract_required without an active ID contract; creates nothing", async () => {
    const ws = await t.createWorkspace({ actions: null });
    expectError(await post(t, { document: CPF, profileId: "prf_person_complete" }, {}, ws.tokens.integration), 402, "contract_required");
    expect(await t.services.db.select().from(enrichments).where(eq(enrichments.workspaceId, ws.id))).toHaveLength(0);
  });
  it("402 action_not_contracted lists the missing actions; creates nothing", async () => {
    const ws = await t.createWorkspace({ actions: [ACTIONS.enrichmentPerson] });
    const res = await post(
      t,
      { document: CPF, profileId: "prf_person_complete", options: { modules: { financeAdvanced: {} } } },
      {},
      ws.tokens.integration,
    );
    expectError(res, 402, "action_not_contracted");
    expect(res.json().error.message).toContain(ACTIONS.financeAdvanced);
    expect(res.json().error.message).not.toContain(ACTIONS.enrichmentPerson);
    expect(await t.services.db.select().from(enrichments).where(eq(enrichments.workspaceId, ws.id))).toHaveLength(0);
    // the profile alone is covered
    expect((await post(t, { document: CPF, profileId: "prf_person_complete" }, {}, ws.tokens.integration)).statusCode).toBe(200);
  });
});

describe("synchronous wait", () => {
  it("200 with the full enrichment and data of every module when it ends in time", async () => {
    const res = await post(t, {
      document: "529.982.247-" + CPF.slice(9),
      profileId: "prf_person_complete",
      metadata: { ref: "A-1" },
      options: { modules: { financeAdvanced: {} } },
      callback: HOOK,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["retry-after"]).toBeUndefined();
    const e = res.json();
    expect(e.id).toMatch(/^enr_[0-9a-z]{24}$/);
    expect(e).toMatchObject({
      status: "COMPLETED",
      outcome: "ok",
      entity: "person",
      document: CPF,
      lane: "interactive",
      recoveryRound: 0,
      metadata: { ref: "A-1" },
      profile: { id: "prf_person_complete", name: "Pessoa física – completo", kind: "enrichment" },
    });
    expect(Object.keys(e.modules).sort()).toEqual(["finance", "financeAdvanced", "lawsuits", "profile", "related"]);
    expect(e.modules.profile).toEqual({ dataset: "person-profile-2.0", status: "ok", url: `/api/v3/enrichments/${e.id}/modules/profile` });
    expect(Object.keys(e.data).sort()).toEqual(["finance", "financeAdvanced", "lawsuits", "profile", "related"]);
    expect(e.data.lawsuits).toMatchObject({ dataset: "person-lawsuits-3.0", module: "lawsuits", rules: expect.any(Array) });
    expect(e.completedAt).toEqual(expect.any(String));
    expect(e.failureReason).toBeUndefined();
    expect(e.deadline).toBeUndefined();
    expect(e.batchId).toBeUndefined();
    expect(await armed(t, e.id)).toBe(false);
  });

  // the wake-up itself is proven by terminal-events.test.ts; its delay is measured by bench v3-throughput
  it("waits for an enrichment that ends within the wait and answers 200 when it is terminal", async () => {
    const started = Date.now();
    const res = await post(t, { document: SLOW_CPF, profileId: "prf_person_complete" });
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("COMPLETED");
    expect(answered - started).toBeGreaterThanOrEqual(2900); // the slow modules took 3 s
    expect(new Date(res.json().completedAt).getTime()).toBeLessThanOrEqual(answered);
  });

  it("202 {id, status} + Retry-After when not finished in time; the callback is armed and the enrichment completes", async () => {
    const res = await post(slow, { document: SLOW_CPF, profileId: "prf_person_complete", callback: HOOK });
    expect(res.statusCode).toBe(202);
    expect(Object.keys(res.json()).sort()).toEqual(["id", "status"]);
    expect(["CREATED", "FETCHING"]).toContain(res.json().status);
    expect(res.headers["retry-after"]).toBe("5");
    expect(await armed(slow, res.json().id)).toBe(true);
    const running = await get(slow, res.json().id);
    expect(running.headers["retry-after"]).toBe("5");
    expect(running.json().completedAt).toBeNull();
    const done = await terminal(slow, res.json().id);
    expect(done.status).toBe("COMPLETED");
    const after = await get(slow, res.json().id);
    expect(after.headers["retry-after"]).toBeUndefined();
  });
});

describe("callback arming", () => {
  const deliveries = async (svc: TestService, id: string) =>
    svc.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.ownerId, id));

  it("a 202 arms the callback: the terminal transaction writes its delivery", async () => {
    const res = await post(slow, { document: SLOW_CPF, profileId: "prf_person_registry", callback: HOOK });
    // prf_person_registry runs only the profile module (not slow): it may finish in time
    const id = res.json().id;
    if (res.statusCode === 202) {
      await terminal(slow, id);
      expect(await deliveries(slow, id)).toHaveLength(1);
    }
    const slowRes = await post(slow, { document: SLOW_CPF, profileId: "prf_person_complete", callback: HOOK });
    expect(slowRes.statusCode).toBe(202);
    await terminal(slow, slowRes.json().id);
    const [delivery] = await deliveries(slow, slowRes.json().id);
    expect(delivery).toMatchObject({ url: HOOK.url, headers: HOOK.headers });
  });

  let listening: Promise<string> | null = null;
  const httpAddress = () => (listening ??= t.app.listen({ port: 0, host: "127.0.0.1" }));

  it("over a real connection, a client that stays waits and gets the 200 (not an early 202)", async () => {
    const address = await httpAddress();
    for (let i = 0; i < 3; i++) {
      // node:http without an agent: the connection closes after the answer (a kept-alive one
      // would hold the app's close until the server's keep-alive timeout)
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          `${address}/api/v3/enrichments`,
          {
            method: "POST",
            agent: false,
            headers: { "content-type": "application/json", authorization: `Bearer ${t.workspace.tokens.integration}` },
          },
          (answer) => {
            let body = "";
            answer.setEncoding("utf8");
            answer.on("data", (chunk: string) => (body += chunk));
            answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject);
        request.end(JSON.stringify({ document: makeCpf(String(731_000_000 + i * 11)), profileId: "prf_person_complete" }));
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).status).toBe("COMPLETED");
    }
  });

  it("a client that closes the connection during the wait gets its callback armed at once", async () => {
    const address = await httpAddress();
    const controller = new AbortController();
    const sent = fetch(`${address}/api/v3/enrichments`, {
      method: "POST",
      signal: controller.signal,
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${t.workspace.tokens.integration}`,
        "idempotency-key": "disconnect-1",
      },
      body: JSON.stringify({ document: SLOW_CPF, profileId: "prf_person_complete", callback: HOOK }),
    }).catch(() => null);
    const row = await eventually(
      async () =>
        (await t.services.db.select().from(enrichments).where(eq(enrichments.workspaceId, t.workspace.id))).find(
          (e) => e.document === SLOW_CPF && e.callback !== null,
        ),
      (e) => e !== undefined,
      3000,
    );
    const closedAt = Date.now();
    controller.abort();
    await sent;
    await eventually(
      () => armed(t, row!.id),
      (a) => a,
      2000,
    );
    expect(Date.now() - closedAt).toBeLessThan(3500); // before the 5 s wait would have ended
    const done = await terminal(t, row!.id);
    expect(done.status).toBe("COMPLETED");
    await eventually(
      () => deliveries(t, row!.id),
      (d) => d.length === 1,
      3000,
    );
  });

  it("a 200 does not arm it: no delivery", async () => {
    const res = await post(t, { document: CPF, profileId: "prf_person_registry", callback: HOOK });
    expect(res.statusCode).toBe(200);
    expect(await armed(t, res.json().id)).toBe(false);
    expect(await deliveries(t, res.json().id)).toHaveLength(0);
  });

  it("arming a terminal enrichment arms nothing and reports the terminal status (the race with the engine)", async () => {
    const res = await post(t, { document: CPF, profileId: "prf_person_registry", callback: HOOK });
    const c = await armCallback(t.services.db, t.workspace.id, res.json().id);
    expect(c!.status).toBe("COMPLETED");
    expect(await armed(t, res.json().id)).toBe(false);
    expect(await armCallback(t.services.db, (await t.createWorkspace()).id, res.json().id)).toBeNull();
  });
});

describe("Idempotency-Key", () => {
  it("replays a finished enrichment with 200 and never bills twice", async () => {
    const body = { document: CPF, profileId: "prf_person_complete", options: { modules: { financeAdvanced: {} } } };
    const first = await post(t, body, { "Idempotency-Key": "replay-1" });
    expect(first.statusCode).toBe(200);
    // same request spelled differently (masked document): same body after normalization
    const again = await post(
      t,
      { ...body, document: `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}` },
      { "Idempotency-Key": "replay-1" },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().status).toBe("COMPLETED");
    expect(again.headers["retry-after"]).toBeUndefined();
    expect(await billed(t, first.json().id)).toEqual([ACTIONS.financeAdvanced, ACTIONS.enrichmentPerson].sort());
    const count = await t.services.db.select().from(enrichments).where(eq(enrichments.workspaceId, t.workspace.id));
    expect(count.filter((e) => e.id === first.json().id)).toHaveLength(1);
  });

  it("422 idempotency_key_reused with a different body", async () => {
    await post(t, { document: CPF, profileId: "prf_person_registry" }, { "Idempotency-Key": "reuse-1" });
    expectError(
      await post(t, { document: CPF, profileId: "prf_person_registry", metadata: { a: 1 } }, { "Idempotency-Key": "reuse-1" }),
      422,
      "idempotency_key_reused",
    );
    expectError(
      await post(t, { document: CNPJ, profileId: "prf_company_complete" }, { "Idempotency-Key": "reuse-1" }),
      422,
      "idempotency_key_reused",
    );
  });

  it("keys are per workspace", async () => {
    const ws = await t.createWorkspace();
    const a = await post(t, { document: CPF, profileId: "prf_person_registry" }, { "Idempotency-Key": "shared" });
    const b = await post(t, { document: CPF, profileId: "prf_person_registry" }, { "Idempotency-Key": "shared" }, ws.tokens.integration);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it("replays a running enrichment with 202 + Retry-After and re-arms the callback", async () => {
    const body = { document: SLOW_CPF, profileId: "prf_person_complete", callback: HOOK };
    const first = await post(slow, body, { "Idempotency-Key": "running-1" });
    expect(first.statusCode).toBe(202);
    const id = first.json().id;
    await slow.services.db.update(collections).set({ callbackArmed: false }).where(eq(collections.id, id));
    const again = await post(slow, body, { "Idempotency-Key": "running-1" });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id, status: expect.stringMatching(/^(CREATED|FETCHING)$/) });
    expect(again.headers["retry-after"]).toBe("5");
    expect(await armed(slow, id)).toBe(true);
    await terminal(slow, id);
    const finished = await post(slow, body, { "Idempotency-Key": "running-1" });
    expect(finished.statusCode).toBe(200);
    expect(finished.json().id).toBe(id);
  });

  it("10 concurrent requests with the same key create one enrichment and bill once", async () => {
    const ws = await t.createWorkspace();
    const body = { document: CPF, profileId: "prf_person_complete", options: { modules: { financeAdvanced: {} } } };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(t, body, { "Idempotency-Key": "burst" }, ws.tokens.integration)),
    );
    // the winner waits and answers 200; a loser replays: 200 if the winner already ended, else 202
    for (const r of responses) expect([200, 202]).toContain(r.statusCode);
    expect(responses.some((r) => r.statusCode === 200)).toBe(true);
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    await eventually(
      () => t.request({ method: "GET", url: `/api/v3/enrichments/${[...ids][0]}`, token: ws.tokens.viewer }).then((r) => r.json()),
      (e) => e.status === "COMPLETED",
    );
    const rows = await t.services.db.select().from(enrichments).where(eq(enrichments.workspaceId, ws.id));
    expect(rows).toHaveLength(1);
    const entries = await t.services.db.select().from(billingEntries).where(eq(billingEntries.workspaceId, ws.id));
    expect(entries.map((e) => e.action).sort()).toEqual([ACTIONS.financeAdvanced, ACTIONS.enrichmentPerson].sort());
  });

  it("without a key every request creates and bills a new enrichment", async () => {
    const ws = await t.createWorkspace();
    const body = { document: CPF, profileId: "prf_person_registry" };
    const [a, b] = await Promise.all([post(t, body, {}, ws.tokens.integration), post(t, body, {}, ws.tokens.integration)]);
    expect(a.json().id).not.toBe(b.json().id);
    const entries = await t.services.db.select().from(billingEntries).where(eq(billingEntries.workspaceId, ws.id));
    expect(entries).toHaveLength(2);
  });
});

describe("collection row", () => {
  it("creates the collection with the plan and the deadline", async () => {
    const res = await post(t, { document: CPF, profileId: "prf_person_registry", options: { deadline: "2h" } });
    expect(res.statusCode).toBe(200);
    const [c] = await t.services.db.select().from(collections).where(eq(collections.id, res.json().id));
    expect(c!.owner).toBe("enrichment");
    expect(res.json().deadline).toBe(c!.deadlineAt!.toISOString());
    expect(c!.deadlineAt!.getTime() - new Date(res.json().createdAt).getTime()).toBe(7200_000);
    expect(Object.keys(res.json().modules)).toEqual(["profile"]);
  });
});
