// Webhooks (issue 35 items 1 to 3; docs/webhooks.md), delivered to a REAL HTTPS receiver on
// 127.0.0.1 (allowed by LUPA_CALLBACK_ALLOW_LIST, its certificate trusted through
// LUPA_CALLBACK_CA_FILE): the endpoints' routes with their exact codes and scoping, every event
// type of the catalogue reaching the receiver with a valid signature and masked documents only,
// the signature across a rotation, retries then failed, the pause after 100 failures in a row,
// order per case, redelivery and replay. The outbox across a process kill: webhooks-kill.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver, type RecordedRequest } from "../support/https-receiver";
import { expectError, insertCase, reviewApi } from "../support/review";
import { verifyWebhookSignature } from "../../lib/contract/webhooks/verify";
import { makeCpf } from "../../lib/contract/documents";
import { WEBHOOK_EVENT_TYPES } from "../../lib/contract/webhooks";
import { DEFAULT_SCHEDULES } from "../../server/config";

let receiver: HttpsReceiver;
let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let dir: string;
/** Answers by path: a function of the request and how many came to that path before it. */
const answers = new Map<string, (req: RecordedRequest, n: number) => { status: number; body?: string }>();

beforeAll(async () => {
  receiver = await startHttpsReceiver((req, res) => {
    const p = req.path.split("?")[0]!;
    const n = receiver.requests.filter((r) => r.path.split("?")[0] === p).length - 1;
    const answer = answers.get(p)?.(req, n) ?? { status: 204 };
    res.writeHead(answer.status).end(answer.body);
  });
  dir = mkdtempSync(path.join(tmpdir(), "lupa-wh-"));
  writeFileSync(path.join(dir, "ca.pem"), receiver.ca);
  t = await startService({
    env: {
      LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1",
      LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem"),
      LUPA_WEBHOOK_RETRY_MS: "50,50",
      LUPA_WEBHOOK_POLL_MS: "50",
      LUPA_SYNC_WAIT_MS: "10000",
    },
  });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

let pathSerial = 0;
const newPath = () => `/hooks/${++pathSerial}`;
const at = (p: string): RecordedRequest[] => receiver.requests.filter((r) => r.path.split("?")[0] === p);
const bodies = (p: string) => at(p).map((r) => JSON.parse(r.rawBody) as { id: string; type: string; data: Record<string, unknown> });
const waitAt = (p: string, done: (list: RecordedRequest[]) => boolean, timeoutMs = 30_000) =>
  eventually(async () => at(p), done, timeoutMs);

async function createEndpoint(p: string, events: string[] = ["*"], w: TestWorkspace = ws) {
  const res = await api.post("/webhooks", w.tokens.admin, { url: `${receiver.url}${p}`, events, description: "teste" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; [k: string]: unknown };
}
const deliveries = async (id: string, query = "", w: TestWorkspace = ws) => {
  const res = await api.get(`/webhooks/${id}/deliveries${query}`, w.tokens.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as {
    id: string;
    eventId: string;
    eventType: string;
    state: string;
    attempts: { status: number | null; response: string | null; at: string }[];
  }[];
};
const verified = (req: RecordedRequest, secret: string | string[]) =>
  verifyWebhookSignature({ secret, rawBody: req.rawBody, signatureHeader: req.headers["lupa-signature"] as string });

describe("endpoints", () => {
  it("creates one (the secret shown once), lists, reads, changes and deletes it; admins only", async () => {
    const created = await createEndpoint(newPath(), ["case.assigned", "note.created", "note.created"]);
    expect(created).toMatchObject({
      url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/hooks\//),
      description: "teste",
      events: ["case.assigned", "note.created"],
      state: "active",
      consecutiveFailures: 0,
      secretRotating: false,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const read = (await api.get(`/webhooks/${created.id}`, ws.tokens.admin)).json();
    expect(read.secret).toBeUndefined();
    expect((await api.get("/webhooks", ws.tokens.admin)).json().webhooks.map((w: { id: string }) => w.id)).toContain(created.id);
    const changed = await api.patch(`/webhooks/${created.id}`, ws.tokens.admin, { events: ["*"], description: "todos" });
    expect(changed.json()).toMatchObject({ events: ["*"], description: "todos" });
    expect(changed.json().secret).toBeUndefined();
    for (const token of [ws.tokens.analyst, ws.tokens.viewer, ws.tokens.integration]) {
      expectError(await api.get("/webhooks", token), 403, "forbidden");
      expectError(await api.post("/webhooks", token, { url: `${receiver.url}/x`, events: ["*"] }), 403, "forbidden");
    }
    expect((await api.get("/capabilities", ws.tokens.viewer)).json().features).toContain("webhooks");
    expect((await api.del(`/webhooks/${created.id}`, ws.tokens.admin)).statusCode).toBe(204);
    expectError(await api.get(`/webhooks/${created.id}`, ws.tokens.admin), 404, "not_found");
  });

  it("refuses invalid bodies with exact codes", async () => {
    const url = `${receiver.url}/x`;
    const cases: [unknown, number, string][] = [
      [{ events: ["*"] }, 400, "invalid_body"],
      [{ url, events: [] }, 400, "invalid_body"],
      [{ url, events: "*" }, 400, "invalid_body"],
      [{ url, events: ["*"], secret: "abc" }, 400, "invalid_body"],
      [{ url, events: ["*"], description: "x".repeat(501) }, 400, "invalid_body"],
      [{ url: "http://example.com/hook", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: "https://10.0.0.1/hook", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: "https://169.254.169.254/latest", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: "https://localhost/hook", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: "https://user:pw@example.com/hook", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: "not a url", events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url: `https://example.com/${"a".repeat(2040)}`, events: ["*"] }, 400, "invalid_webhook_url"],
      [{ url, events: ["case.exploded"] }, 400, "unknown_webhook_event"],
      [{ url, events: ["*", "note.created"] }, 400, "unknown_webhook_event"],
      [{ url, events: ["ping"] }, 400, "unknown_webhook_event"],
    ];
    for (const [body, status, code] of cases) expectError(await api.post("/webhooks", ws.tokens.admin, body), status, code);
    const created = await createEndpoint(newPath());
    expectError(await api.patch(`/webhooks/${created.id}`, ws.tokens.admin, {}), 400, "invalid_body");
    expectError(await api.patch(`/webhooks/${created.id}`, ws.tokens.admin, { url: "https://192.168.0.1/" }), 400, "invalid_webhook_url");
    expectError(await api.patch(`/webhooks/${created.id}`, ws.tokens.admin, { events: ["nope"] }), 400, "unknown_webhook_event");
    expectError(await api.patch(`/webhooks/${created.id}`, ws.tokens.admin, { state: "paused" }), 400, "invalid_body");
    expectError(await api.get(`/webhooks/${created.id}/deliveries?state=lost`, ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get(`/webhooks/${created.id}/deliveries?limit=0`, ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get(`/webhooks/${created.id}/deliveries?cursor=abc`, ws.tokens.admin), 400, "invalid_cursor");
    const now = Date.now();
    const range = (a: number, b: number) => ({ from: new Date(a).toISOString(), to: new Date(b).toISOString() });
    expectError(await api.post(`/webhooks/${created.id}/replay`, ws.tokens.admin, range(now, now - 1000)), 400, "invalid_date_range");
    expectError(await api.post(`/webhooks/${created.id}/replay`, ws.tokens.admin, { from: "ontem", to: "hoje" }), 400, "invalid_body");
    expectError(await api.post(`/webhooks/${created.id}/replay`, ws.tokens.admin, { from: new Date().toISOString() }), 400, "invalid_body");
    expectError(await api.get("/webhooks/not-a-uuid", ws.tokens.admin), 404, "not_found");
    expectError(await api.post("/deliveries/not-a-uuid/redeliver", ws.tokens.admin), 404, "not_found");
    await api.del(`/webhooks/${created.id}`, ws.tokens.admin);
  });

  it("keeps a workspace to 10 endpoints (409 webhook_limit_reached)", async () => {
    const w = await t.createWorkspace();
    for (let i = 0; i < 10; i++) await createEndpoint(`/limit/${i}`, ["note.created"], w);
    expectError(
      await api.post("/webhooks", w.tokens.admin, { url: `${receiver.url}/limit/10`, events: ["*"] }),
      409,
      "webhook_limit_reached",
    );
  });

  it("answers 404 for another workspace's endpoint and delivery, on every route", async () => {
    const p = newPath();
    const mine = await createEndpoint(p);
    const ping = await api.post(`/webhooks/${mine.id}/test`, ws.tokens.admin);
    expect(ping.statusCode).toBe(202);
    await waitAt(p, (l) => l.length >= 1);
    const theirs = other.tokens.admin;
    expectError(await api.get(`/webhooks/${mine.id}`, theirs), 404, "not_found");
    expectError(await api.patch(`/webhooks/${mine.id}`, theirs, { description: "x" }), 404, "not_found");
    expectError(await api.del(`/webhooks/${mine.id}`, theirs), 404, "not_found");
    expectError(await api.post(`/webhooks/${mine.id}/rotate-secret`, theirs), 404, "not_found");
    expectError(await api.post(`/webhooks/${mine.id}/test`, theirs), 404, "not_found");
    expectError(await api.get(`/webhooks/${mine.id}/deliveries`, theirs), 404, "not_found");
    const range = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString() };
    expectError(await api.post(`/webhooks/${mine.id}/replay`, theirs, range), 404, "not_found");
    expectError(await api.post(`/deliveries/${ping.json().deliveryId}/redeliver`, theirs), 404, "not_found");
    expect((await api.get("/webhooks", theirs)).json().webhooks).toEqual([]);
    await api.del(`/webhooks/${mine.id}`, ws.tokens.admin);
  });
});

describe("events", () => {
  it("delivers every event type of the catalogue, signed, with the event id as Idempotency-Key and masked documents only", async () => {
    const w = await t.createWorkspace();
    const p = newPath();
    const endpoint = await createEndpoint(p, ["*"], w);
    const other2 = await createEndpoint(newPath(), ["ruleset.activated"], w); // subscribed to one type only
    const docs: string[] = [];
    const doc = (n: number) => {
      const d = makeCpf(String(520000000 + n * 977));
      docs.push(d);
      return d;
    };
    const v2 = (method: string, url: string, token: string, body?: unknown) => t.request({ method, url, token, body });

    // verification.completed and case.created: a v2 verification the engine completes
    const verification = await v2("POST", "/api/v2/verifications", w.tokens.integration, {
      nationalId: doc(1),
      profileId: "prf_kyc_person",
      verifications: {},
    });
    expect(verification.statusCode, verification.body).toBeLessThan(300);
    // enrichment.completed: a v3 enrichment (completed within the synchronous wait: the one-statement terminal)
    const enrichment = await v2("POST", "/api/v3/enrichments", w.tokens.integration, {
      document: doc(2),
      profileId: "prf_person_complete",
    });
    expect(enrichment.statusCode, enrichment.body).toBeLessThan(300);

    // case.assigned, case.taken_over, case.released
    const c1 = await insertCase(t, w, { nationalId: doc(3) });
    expect((await api.put(`/cases/${c1}/assignee`, w.tokens.analyst, { userId: w.users.analyst.id })).statusCode).toBe(200);
    expect((await api.put(`/cases/${c1}/assignee`, w.tokens.admin, { userId: w.users.admin.id })).statusCode).toBe(200);
    expect((await api.put(`/cases/${c1}/assignee`, w.tokens.admin, { userId: null })).statusCode).toBe(200);
    // note.created, decision.created
    expect((await api.post(`/cases/${c1}/notes`, w.tokens.analyst, { text: "olhei" })).statusCode).toBe(201);
    expect((await v2("POST", `/api/v2/verifications/${c1}/feedbacks`, w.tokens.analyst, { status: "APPROVED" })).statusCode).toBe(201);
    // restrictive_list.added and alert.opened (the approved case is watched), alert.resolved, restrictive_list.removed
    const listed = await v2("POST", `/api/v2/blacklist?workspaceId=${w.id}`, w.tokens.analyst, { nationalId: docs[2], reason: "fraude" });
    expect(listed.statusCode).toBe(201);
    const alert = (await api.get("/alerts", w.tokens.viewer)).json().alerts[0];
    expect(alert).toBeDefined();
    const resolved = await api.post(`/alerts/${alert.id}/resolve`, w.tokens.analyst, { resolution: "dismissed", comment: "homônimo" });
    expect(resolved.statusCode).toBe(200);
    expect((await v2("DELETE", `/api/v2/blacklist/${docs[2]}?workspaceId=${w.id}&reason=engano`, w.tokens.analyst)).statusCode).toBe(204);
    // decision.proposed, .confirmed, .overturned (four-eyes)
    expect((await api.put("/settings", w.tokens.admin, { fourEyes: { enabled: true } })).statusCode).toBe(200);
    const c2 = await insertCase(t, w, { nationalId: doc(4) });
    expect((await v2("POST", `/api/v2/verifications/${c2}/feedbacks`, w.tokens.analyst, { status: "REPROVED" })).json().state).toBe(
      "proposed",
    );
    expect((await api.post(`/cases/${c2}/second-review`, w.tokens.admin, { confirm: true, comment: "confere" })).statusCode).toBe(200);
    const c3 = await insertCase(t, w, { nationalId: doc(5) });
    expect((await v2("POST", `/api/v2/verifications/${c3}/feedbacks`, w.tokens.admin, { status: "REPROVED" })).json().state).toBe(
      "proposed",
    );
    expect((await api.post(`/cases/${c3}/second-review`, w.tokens.analyst, { confirm: false, comment: "não há fraude" })).statusCode).toBe(
      200,
    );
    // ruleset.activated
    expect((await api.put("/settings", w.tokens.admin, { rules: { requireSecondPerson: false } })).statusCode).toBe(200);
    const v1 = (await api.get("/rulesets?profileId=prf_kyc_person", w.tokens.admin)).json().rulesets[0].id;
    const draft = (await api.post("/rulesets", w.tokens.admin, { profileId: "prf_kyc_person", basedOn: v1 })).json();
    expect((await api.post(`/rulesets/${draft.id}/publish`, w.tokens.admin)).statusCode).toBe(200);
    expect((await api.post(`/rulesets/${draft.id}/activate`, w.tokens.admin)).statusCode).toBe(200);

    const types = (list: RecordedRequest[]) => new Set(list.map((r) => JSON.parse(r.rawBody).type as string));
    const got = await waitAt(p, (l) => WEBHOOK_EVENT_TYPES.every((type) => types(l).has(type)), 60_000);
    expect([...types(got)].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const req of got) {
      expect(verified(req, endpoint.secret)).toEqual({ ok: true });
      const body = JSON.parse(req.rawBody);
      expect(Object.keys(body).sort()).toEqual(["createdAt", "data", "id", "type", "workspaceId"]);
      expect(body).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), workspaceId: w.id });
      expect(req.headers["idempotency-key"]).toBe(body.id);
      expect(req.headers["user-agent"]).toBe("Lupa-Webhooks/1.0");
      for (const d of docs) expect(req.rawBody).not.toContain(d); // never a full document
    }
    const byType = (type: string) => got.map((r) => JSON.parse(r.rawBody)).find((b) => b.type === type)!;
    expect(byType("case.created").data).toMatchObject({
      caseId: verification.json().id,
      document: expect.stringMatching(/^\d{3}\.\*\*\*\.\*\*\*-\d{2}$/),
    });
    expect(byType("verification.completed").data).toMatchObject({ verificationId: verification.json().id, status: "COMPLETED" });
    expect(byType("enrichment.completed").data).toMatchObject({ enrichmentId: enrichment.json().id, status: "COMPLETED" });
    expect(byType("case.taken_over").data).toMatchObject({ caseId: c1, actorId: w.users.admin.id });
    expect(byType("restrictive_list.added").data).toMatchObject({ document: expect.stringMatching(/\*\*\*/) });
    expect(byType("decision.overturned").data).toMatchObject({ caseId: c3 });
    // the endpoint subscribed to one type got that type only
    const single = (await deliveries(other2.id, "", w)).map((d) => d.eventType);
    expect(single).toEqual(["ruleset.activated"]);
  }, 120_000);

  it('sends case.assigned from "Próximo caso", whose one statement writes the assignment and its event', async () => {
    const w = await t.createWorkspace();
    const p = newPath();
    const endpoint = await createEndpoint(p, ["case.assigned"], w);
    const id = await insertCase(t, w);
    const next = await api.post("/cases/next", w.tokens.analyst, {});
    expect(next.statusCode).toBe(200);
    const [req] = await waitAt(p, (l) => l.length >= 1);
    expect(verified(req!, endpoint.secret)).toEqual({ ok: true });
    expect(JSON.parse(req!.rawBody)).toMatchObject({
      type: "case.assigned",
      data: { caseId: id, actorId: w.users.analyst.id, to: w.users.analyst.id, by: "next" },
    });
  });

  it("writes nothing for an act that rolled back, nor for a workspace without endpoints", async () => {
    const w = await t.createWorkspace();
    const p = newPath();
    await createEndpoint(p, ["note.created"], w);
    const id = await insertCase(t, w);
    // a note over the length limit is refused: its transaction never commits
    expectError(await api.post(`/cases/${id}/notes`, w.tokens.analyst, { text: "x".repeat(20_000) }), 400, "invalid_body");
    const count = async (workspaceId: string) =>
      Number(
        (await t.services.database.query(`select count(*)::int as n from webhook_events where workspace_id = $1`, [workspaceId])).rows[0]!
          .n,
      );
    expect(await count(w.id)).toBe(0);
    const bare = await t.createWorkspace();
    const c = await insertCase(t, bare);
    expect((await api.post(`/cases/${c}/notes`, bare.tokens.analyst, { text: "sem webhooks" })).statusCode).toBe(201);
    expect(await count(bare.id)).toBe(0);
  });
});

describe("signature across a rotation", () => {
  it("signs with both secrets for 24 hours after a rotation, with the new one only afterwards", async () => {
    const p = newPath();
    const endpoint = await createEndpoint(p);
    await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin);
    const [first] = await waitAt(p, (l) => l.length >= 1);
    expect((first!.headers["lupa-signature"] as string).match(/v1=/g)).toHaveLength(1);
    expect(verified(first!, endpoint.secret)).toEqual({ ok: true });
    expect(JSON.parse(first!.rawBody)).toMatchObject({ type: "ping", data: { webhookId: endpoint.id } });

    const rotated = await api.post(`/webhooks/${endpoint.id}/rotate-secret`, ws.tokens.admin);
    expect(rotated.statusCode).toBe(200);
    const secret2 = rotated.json().secret as string;
    expect(secret2).not.toBe(endpoint.secret);
    expect(rotated.json().secretRotating).toBe(true);
    await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin);
    const second = (await waitAt(p, (l) => l.length >= 2))[1]!;
    expect(second.headers["lupa-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    // a receiver still on the old secret, one already on the new, and one holding both: all accept it
    expect(verified(second, endpoint.secret)).toEqual({ ok: true });
    expect(verified(second, secret2)).toEqual({ ok: true });
    expect(verified(second, [secret2, endpoint.secret])).toEqual({ ok: true });
    expect(verified(second, "ab".repeat(32))).toEqual({ ok: false, reason: "bad_signature" });

    // 24 hours later (the overlap's end moved into the past): the new secret only
    await t.services.database.query(`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1`, [
      endpoint.id,
    ]);
    expect((await api.get(`/webhooks/${endpoint.id}`, ws.tokens.admin)).json().secretRotating).toBe(false);
    await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin);
    const third = (await waitAt(p, (l) => l.length >= 3))[2]!;
    expect((third.headers["lupa-signature"] as string).match(/v1=/g)).toHaveLength(1);
    expect(verified(third, secret2)).toEqual({ ok: true });
    expect(verified(third, endpoint.secret)).toEqual({ ok: false, reason: "bad_signature" });
    // a stale timestamp is refused by the helper
    expect(
      verifyWebhookSignature({
        secret: secret2,
        rawBody: third.rawBody,
        signatureHeader: third.headers["lupa-signature"] as string,
        now: Date.now() + 600_000,
      }),
    ).toEqual({ ok: false, reason: "stale_timestamp" });
    await api.del(`/webhooks/${endpoint.id}`, ws.tokens.admin);
  });
});

describe("delivery", () => {
  it("retries on the schedule, then fails; the log shows each attempt with the first 1 KB of the answer; redelivery sends again", async () => {
    // the default schedule: the callbacks', about 3 days in all (30 s, 2 min, 10 min, … 24 h, 24 h)
    const days = DEFAULT_SCHEDULES.webhookRetryMs.reduce((a, b) => a + b, 0) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    const p = newPath();
    answers.set(p, () => ({ status: 500, body: "é".repeat(1500) }));
    const endpoint = await createEndpoint(p);
    const ping = (await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin)).json();
    // LUPA_WEBHOOK_RETRY_MS=50,50: three attempts, then failed
    const [failed] = await eventually(
      () => deliveries(endpoint.id, "?state=failed"),
      (l) => l.length === 1,
    );
    expect(failed!.attempts).toHaveLength(3);
    expect(at(p)).toHaveLength(3);
    expect(new Set(at(p).map((r) => JSON.parse(r.rawBody).id))).toEqual(new Set([ping.eventId]));
    for (const a of failed!.attempts) {
      expect(a.status).toBe(500);
      expect(Buffer.byteLength(a.response!)).toBeLessThanOrEqual(1024);
      expect(a.response!.length).toBeGreaterThan(500);
    }
    expect(await deliveries(endpoint.id, "?state=pending")).toEqual([]);
    expect((await api.get(`/webhooks/${endpoint.id}`, ws.tokens.admin)).json()).toMatchObject({ state: "active", consecutiveFailures: 3 });

    // redeliver: a new delivery of the same event; the receiver now answers
    answers.set(p, () => ({ status: 200, body: "ok" }));
    const again = await api.post(`/deliveries/${failed!.id}/redeliver`, ws.tokens.admin);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ eventId: ping.eventId, state: "pending" });
    const done = await eventually(
      () => deliveries(endpoint.id, "?state=delivered"),
      (l) => l.length === 1,
    );
    expect(done[0]!.attempts).toEqual([expect.objectContaining({ status: 200, response: "ok" })]);
    expect(JSON.parse(at(p)[3]!.rawBody).id).toBe(ping.eventId);
    expect((await api.get(`/webhooks/${endpoint.id}`, ws.tokens.admin)).json().consecutiveFailures).toBe(0);
    // a pending delivery is not redelivered
    answers.set(p, () => ({ status: 500 }));
    const pending = (await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin)).json();
    expectError(await api.post(`/deliveries/${pending.deliveryId}/redeliver`, ws.tokens.admin), 409, "delivery_pending");
    await api.del(`/webhooks/${endpoint.id}`, ws.tokens.admin);
  });

  it("pauses an endpoint after 100 failures in a row; its deliveries wait; resuming sends them", async () => {
    const p = newPath();
    answers.set(p, () => ({ status: 503 }));
    const endpoint = await createEndpoint(p);
    // 34 pings × 3 attempts = 102 attempts: the 100th pauses it
    for (let i = 0; i < 34; i++) expect((await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin)).statusCode).toBe(202);
    const paused = await eventually(
      async () => (await api.get(`/webhooks/${endpoint.id}`, ws.tokens.admin)).json(),
      (e) => e.state === "paused",
      60_000,
    );
    expect(paused.consecutiveFailures).toBeGreaterThanOrEqual(100);
    expect(paused.pausedAt).toEqual(expect.any(String));
    const sent = at(p).length;
    expect(sent).toBeGreaterThanOrEqual(100);
    expect(sent).toBeLessThan(102 + 1);
    // paused: a new event waits
    answers.set(p, () => ({ status: 204 }));
    const waiting = (await api.post(`/webhooks/${endpoint.id}/test`, ws.tokens.admin)).json();
    await new Promise((r) => setTimeout(r, 500));
    expect(at(p).some((r) => JSON.parse(r.rawBody).id === waiting.eventId)).toBe(false);
    const resumed = await api.patch(`/webhooks/${endpoint.id}`, ws.tokens.admin, { state: "active" });
    expect(resumed.json()).toMatchObject({ state: "active", consecutiveFailures: 0, pausedAt: null });
    await waitAt(p, (l) => l.some((r) => JSON.parse(r.rawBody).id === waiting.eventId));
    await api.del(`/webhooks/${endpoint.id}`, ws.tokens.admin);
  }, 120_000);

  it("delivers a case's events in order: the next waits for the previous one's delivery or failure", async () => {
    const w = await t.createWorkspace();
    const p = newPath();
    const endpoint = await createEndpoint(p, ["note.created", "case.assigned"], w);
    const caseA = await insertCase(t, w);
    const caseB = await insertCase(t, w);
    // the first delivery of case A fails twice before it is accepted
    // (counted per attempt of that event: case B's deliveries arrive in between, in any order)
    let first: string | null = null;
    let firstAttempts = 0;
    answers.set(p, (req) => {
      const body = JSON.parse(req.rawBody);
      if (body.data.caseId === caseA && (first === null || first === body.id)) {
        first = body.id;
        firstAttempts += 1;
        return { status: firstAttempts <= 2 ? 500 : 204 };
      }
      return { status: 204 };
    });
    for (let i = 0; i < 5; i++) {
      expect((await api.post(`/cases/${caseA}/notes`, w.tokens.analyst, { text: `nota ${i}` })).statusCode).toBe(201);
      expect((await api.post(`/cases/${caseB}/notes`, w.tokens.analyst, { text: `nota ${i}` })).statusCode).toBe(201);
    }
    expect((await api.put(`/cases/${caseA}/assignee`, w.tokens.analyst, { userId: w.users.analyst.id })).statusCode).toBe(200);
    await eventually(
      () => deliveries(endpoint.id, "", w),
      (l) => l.length === 11 && l.every((d) => d.state === "delivered"),
    );
    const events = await t.services.database.query(
      `select id, order_key from webhook_events where workspace_id = $1 order by created_at, id`,
      [w.id],
    );
    const created = (key: string) => events.rows.filter((r) => r.order_key === key).map((r) => r.id);
    // the receiver's accepted deliveries per case, in arrival order
    const accepted = (key: string) => {
      const seen: string[] = [];
      for (const r of at(p)) {
        const b = JSON.parse(r.rawBody);
        if (b.data.caseId === key && !seen.includes(b.id)) seen.push(b.id);
      }
      return seen;
    };
    expect(created(caseA)).toHaveLength(6);
    expect(accepted(caseA)).toEqual(created(caseA));
    expect(accepted(caseB)).toEqual(created(caseB));
    expect(bodies(p).filter((b) => b.id === first)).toHaveLength(3); // two failures, then accepted
  }, 60_000);

  it("replays a time range: the endpoint's events again, with the same ids, oldest first", async () => {
    const w = await t.createWorkspace();
    const p = newPath();
    const endpoint = await createEndpoint(p, ["note.created"], w);
    const id = await insertCase(t, w);
    const from = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i++) await api.post(`/cases/${id}/notes`, w.tokens.analyst, { text: `n${i}` });
    await waitAt(p, (l) => l.length === 3);
    const to = new Date(Date.now() + 1000).toISOString();
    const replayed = await api.post(`/webhooks/${endpoint.id}/replay`, w.tokens.admin, { from, to });
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json()).toEqual({ queued: 3 });
    await waitAt(p, (l) => l.length === 6);
    const ids = bodies(p).map((b) => b.id);
    expect(ids.slice(3)).toEqual(ids.slice(0, 3));
    const empty = await api.post(`/webhooks/${endpoint.id}/replay`, w.tokens.admin, {
      from: "2020-01-01T00:00:00Z",
      to: "2020-01-02T00:00:00Z",
    });
    expect(empty.json()).toEqual({ queued: 0 });
  });
});
