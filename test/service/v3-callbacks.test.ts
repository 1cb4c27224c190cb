// v3 callbacks (spec 6, docs/callbacks.md), delivered to a REAL HTTPS receiver on 127.0.0.1 (allowed
// by LUPA_CALLBACK_ALLOW_LIST, its self-signed certificate trusted through LUPA_CALLBACK_CA_FILE):
// one signed callback when an enrichment ends after the synchronous wait, none when it ends
// within it, retries with a stable event id, 410 stops, batch items each send their own.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver, type RecordedRequest } from "../support/https-receiver";
import { verifyCallbackSignature } from "../../lib/contract/webhooks/verify";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCpf } from "../../lib/contract/documents";
import { callbackDeliveries } from "../../server/db/schema";
import { newEventId } from "../../server/v3/callbacks/enqueue";
import { attemptDelivery } from "../../server/v3/callbacks/worker";

let receiver: HttpsReceiver;
let t: TestService;
let secret: string;
let dir: string;
const answers = new Map<string, (n: number) => number>();

const SLOW = sandboxDocumentFor("slow", "person")!.document;
const PERMANENT = sandboxDocumentFor("permanent_failure", "person")!.document;
const cpf = (n: number) => makeCpf(String(700000000 + n).padStart(9, "0"));

function startEnv(syncWaitMs: string): Record<string, string> {
  return {
    LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1",
    LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem"),
    LUPA_SYNC_WAIT_MS: syncWaitMs,
  };
}

beforeAll(async () => {
  receiver = await startHttpsReceiver((req, res) => {
    const answer = answers.get(req.path);
    const n = receiver.requests.filter((r) => r.path === req.path).length;
    res.writeHead(answer ? answer(n) : 204).end();
  });
  dir = mkdtempSync(path.join(tmpdir(), "lupa-cb-"));
  writeFileSync(path.join(dir, "ca.pem"), receiver.ca);
  t = await startService({ env: startEnv("300") });
  const res = await t.request({ method: "GET", url: "/api/v3/callback-secret", token: t.workspace.tokens.admin });
  secret = res.json().secret;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (p: string): RecordedRequest[] => receiver.requests.filter((r) => r.path === p);
const waitAt = (p: string, count: number, timeoutMs = 15_000) =>
  eventually(
    async () => at(p),
    (list) => list.length >= count,
    timeoutMs,
  );
const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));
const create = (body: Record<string, unknown>, service = t) =>
  service.request({ method: "POST", url: "/api/v3/enrichments", token: service.workspace.tokens.integration, body });
const deliveriesOf = (id: string, service = t) =>
  service.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.ownerId, id));

function verified(req: RecordedRequest, key = secret) {
  return verifyCallbackSignature({
    secret: key,
    rawBody: req.rawBody,
    signatureHeader: req.headers["x-service-signature"] as string,
    timestampHeader: req.headers["x-service-timestamp"] as string,
  });
}

describe("callback of an enrichment that outlives the synchronous wait", () => {
  it("delivers exactly one signed callback with the custom headers when it ends", async () => {
    const url = `${receiver.url}/hooks/slow?token=abc`;
    const res = await create({
      document: SLOW,
      profileId: "prf_person_complete",
      callback: { url, headers: { "X-Client-Ref": "ref-1", Authorization: "Bearer client-token" } },
      metadata: { order: 7 },
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json();
    const [req] = await waitAt("/hooks/slow?token=abc", 1);
    expect(req!.method).toBe("POST");
    expect(verified(req!)).toEqual({ ok: true });
    expect(req!.headers["x-service-timestamp"]).toMatch(/^\d{10}$/);
    expect(req!.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(req!.headers["x-client-ref"]).toBe("ref-1");
    expect(req!.headers.authorization).toBe("Bearer client-token");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["user-agent"]).toMatch(/^Lupa-Callbacks\//);
    const body = JSON.parse(req!.rawBody);
    expect(body).toMatchObject({
      type: "enrichment.completed",
      data: { id, status: "COMPLETED", outcome: "ok", metadata: { order: 7 }, lane: "interactive" },
    });
    expect(body.id).toMatch(/^evt_/);
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect(body.data.modules.profile.status).toBe("ok");
    expect(body.data.data).toBeUndefined(); // the root as GET without include
    expect(verified(req!, "00".repeat(32))).toEqual({ ok: false, reason: "bad_signature" });
    // the same body as GET without include
    const got = (await t.request({ method: "GET", url: `/api/v3/enrichments/${id}`, token: t.workspace.tokens.integration })).json();
    expect(body.data).toEqual(got);
    await quiet(800);
    expect(at("/hooks/slow?token=abc")).toHaveLength(1);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ id: body.id, status: "delivered", attempts: 1, lastStatusCode: 204 });
  });

  it("retries after a 500 with the same body id, then succeeds", async () => {
    const p = "/hooks/retry";
    answers.set(p, (n) => (n === 1 ? 500 : 200));
    const res = await create({ document: SLOW, profileId: "prf_person_complete", callback: { url: receiver.url + p } });
    expect(res.statusCode).toBe(202);
    const [first, second] = await waitAt(p, 2);
    expect(verified(first!)).toEqual({ ok: true });
    expect(verified(second!)).toEqual({ ok: true });
    expect(JSON.parse(second!.rawBody).id).toBe(JSON.parse(first!.rawBody).id);
    expect(second!.rawBody).toBe(first!.rawBody);
    await eventually(
      () => deliveriesOf(res.json().id),
      ([row]) => row?.status === "delivered",
    );
    const [row] = await deliveriesOf(res.json().id);
    expect(row).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    await quiet(500);
    expect(at(p)).toHaveLength(2);
  });

  it("stops at 410 Gone", async () => {
    const p = "/hooks/gone";
    answers.set(p, () => 410);
    const res = await create({ document: SLOW, profileId: "prf_person_complete", callback: { url: receiver.url + p } });
    expect(res.statusCode).toBe(202);
    await waitAt(p, 1);
    await eventually(
      () => deliveriesOf(res.json().id),
      ([row]) => row?.status === "gone",
    );
    await quiet(1000); // longer than the whole test retry schedule (100, 200, 300 ms)
    expect(at(p)).toHaveLength(1);
  });

  it("gives up after the retry schedule (status failed)", async () => {
    const p = "/hooks/down";
    answers.set(p, () => 503);
    const res = await create({ document: SLOW, profileId: "prf_person_complete", callback: { url: receiver.url + p } });
    expect(res.statusCode).toBe(202);
    await waitAt(p, 4); // the first attempt and 3 retries (LUPA_CALLBACK_RETRY_MS=100,200,300)
    const [row] = await eventually(
      () => deliveriesOf(res.json().id),
      ([r]) => r?.status === "failed",
    );
    expect(row).toMatchObject({ attempts: 4, lastStatusCode: 503 });
    await quiet(800);
    expect(at(p)).toHaveLength(4);
    expect(new Set(at(p).map((r) => JSON.parse(r.rawBody).id)).size).toBe(1);
  });

  it("re-sends a delivery whose job was lost (crash between commit and send)", async () => {
    const p = "/hooks/lost";
    const id = newEventId();
    const body = JSON.stringify({ id, type: "enrichment.completed", createdAt: new Date().toISOString(), data: {} });
    await t.services.db.insert(callbackDeliveries).values({
      id,
      workspaceId: t.workspace.id,
      ownerId: "enr_000000000000000000000000",
      url: receiver.url + p,
      method: "POST",
      headers: {},
      body,
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(Date.now() - 60_000),
    });
    const [req] = await waitAt(p, 1);
    expect(req!.rawBody).toBe(body);
    expect(verified(req!)).toEqual({ ok: true });
  });
});

describe("delivery worker", () => {
  const insertDelivery = async (url: string) => {
    const id = newEventId();
    await t.services.db.insert(callbackDeliveries).values({
      id,
      workspaceId: t.workspace.id,
      ownerId: "enr_000000000000000000000001",
      url,
      method: "POST",
      headers: {},
      body: JSON.stringify({ id, type: "enrichment.completed", createdAt: new Date().toISOString(), data: {} }),
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(), // due now; the sweep waits a grace period first
    });
    return id;
  };
  const rowOf = async (id: string) => (await t.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, id)))[0]!;

  it("sends one attempt when the same job runs twice at once", async () => {
    const p = "/hooks/twice";
    const id = await insertDelivery(receiver.url + p);
    await Promise.all([attemptDelivery(t.services, id), attemptDelivery(t.services, id), attemptDelivery(t.services, id)]);
    await quiet(300);
    expect(at(p)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("marks a destination refused at delivery time and does not retry it", async () => {
    const id = await insertDelivery("https://10.0.0.1/hook");
    await attemptDelivery(t.services, id);
    expect(await rowOf(id)).toMatchObject({ status: "refused", attempts: 1, lastError: "refused_destination", nextAttemptAt: null });
  });
});

describe("batch items", () => {
  it("each send their own callback (completed and failed)", async () => {
    const p = "/hooks/batch";
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      token: t.workspace.tokens.integration,
      body: {
        profileId: "prf_person_complete",
        items: [{ document: cpf(1) }, { document: cpf(2) }, { document: PERMANENT }],
        callback: { url: receiver.url + p, headers: { "X-Batch": "b1" } },
      },
    });
    expect(res.statusCode).toBe(202);
    const batch = res.json();
    expect(batch.created).toBe(3);
    const reqs = await waitAt(p, 3);
    const bodies = reqs.map((r) => JSON.parse(r.rawBody));
    for (const r of reqs) {
      expect(verified(r)).toEqual({ ok: true });
      expect(r.headers["x-batch"]).toBe("b1");
    }
    const ids = batch.items.map((i: { id: string }) => i.id);
    expect(bodies.map((b) => b.data.id).sort()).toEqual([...ids].sort());
    expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
    const failed = bodies.find((b) => b.data.id === batch.items[2].id);
    expect(failed).toMatchObject({ type: "enrichment.failed", data: { status: "FAILED", lane: "batch", batchId: batch.batchId } });
    expect(bodies.filter((b) => b.type === "enrichment.completed")).toHaveLength(2);
    await quiet(500);
    expect(at(p)).toHaveLength(3);
  });
});

describe("callback of an enrichment that ends within the synchronous wait", () => {
  let fast: TestService;
  beforeAll(async () => {
    fast = await startService({ env: startEnv("15000") });
  });
  afterAll(async () => {
    await fast?.close();
  });

  it("sends none (the 200 response carries the result)", async () => {
    const p = "/hooks/in-time";
    const res = await create({ document: cpf(3), profileId: "prf_person_complete", callback: { url: receiver.url + p } }, fast);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("COMPLETED");
    await quiet(1000);
    expect(at(p)).toHaveLength(0);
    expect(await deliveriesOf(res.json().id, fast)).toHaveLength(0);
  });
});
