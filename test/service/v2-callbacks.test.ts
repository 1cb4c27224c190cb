// v2 callbacks (spec 6; issue 7 part 6), delivered to a REAL HTTPS receiver on 127.0.0.1 (allowed
// by LUPA_CALLBACK_ALLOW_LIST, its self-signed certificate trusted through LUPA_CALLBACK_CA_FILE):
// validation like v3's on single and batch creation, one signed callback per verification at its
// terminal status with {event, id, status, score, completedAt} and no document, the method and
// custom headers, retries with the same body, and nothing for a verification without callback.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver, type RecordedRequest } from "../support/https-receiver";
import { verifyCallbackSignature } from "../../lib/contract/webhooks/verify";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { callbackDeliveries } from "../../server/db/schema";

let receiver: HttpsReceiver;
let t: TestService;
let secret: string;
let dir: string;
const answers = new Map<string, (n: number) => number>();

const cpf = (n: number) => makeCpf(String(550000000 + n * 11));
const PERMANENT = sandboxDocumentFor("permanent_failure", "person")!.document;

beforeAll(async () => {
  receiver = await startHttpsReceiver((req, res) => {
    const answer = answers.get(req.path);
    const n = receiver.requests.filter((r) => r.path === req.path).length;
    res.writeHead(answer ? answer(n) : 204).end();
  });
  dir = mkdtempSync(path.join(tmpdir(), "lupa-v2cb-"));
  writeFileSync(path.join(dir, "ca.pem"), receiver.ca);
  t = await startService({ env: { LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1", LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem") } });
  secret = (await t.request({ method: "GET", url: "/api/v3/callback-secret", token: t.workspace.tokens.admin })).json().secret;
}, 180_000); // starting PGlite takes long on a busy machine
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (p: string): RecordedRequest[] => receiver.requests.filter((r) => r.path === p);
const waitAt = (p: string, count: number, timeoutMs = 30_000) =>
  eventually(
    async () => at(p),
    (list) => list.length >= count,
    timeoutMs,
  );
const create = (body: Record<string, unknown>, token = t.workspace.tokens.integration) =>
  t.request({ method: "POST", url: "/api/v2/verifications", token, body });
const batch = (body: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/v2/verifications/batch", token: t.workspace.tokens.integration, body });
const get = (id: string) =>
  t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: t.workspace.tokens.viewer }).then((r) => r.json());
const terminal = (id: string) =>
  eventually(
    () => get(id),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
    30_000,
  );
const verified = (req: RecordedRequest) =>
  verifyCallbackSignature({
    secret,
    rawBody: req.rawBody,
    signatureHeader: req.headers["x-service-signature"] as string,
    timestampHeader: req.headers["x-service-timestamp"] as string,
  });

describe("delivery", () => {
  it("sends one signed POST with {event, id, status, score, completedAt} and the custom headers when a verification completes", async () => {
    const doc = cpf(1);
    const res = await create({
      nationalId: doc,
      profileId: "prf_kyc_person",
      verifications: {},
      callback: { url: `${receiver.url}/v2/one?k=1`, headers: { "X-Client-Ref": "ref-1", Authorization: "Bearer client-token" } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().callback).toEqual({ url: `${receiver.url}/v2/one?k=1`, method: "POST" });
    const { id } = res.json();
    const [req] = await waitAt("/v2/one?k=1", 1);
    const done = await terminal(id);
    expect(req!.method).toBe("POST");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["x-client-ref"]).toBe("ref-1");
    expect(req!.headers.authorization).toBe("Bearer client-token");
    expect(verified(req!)).toEqual({ ok: true });
    expect(
      verifyCallbackSignature({
        secret: "00".repeat(32),
        rawBody: req!.rawBody,
        signatureHeader: req!.headers["x-service-signature"] as string,
        timestampHeader: req!.headers["x-service-timestamp"] as string,
      }),
    ).toEqual({ ok: false, reason: "bad_signature" });
    const body = JSON.parse(req!.rawBody);
    expect(body).toEqual({
      event: "verification.completed",
      id,
      status: "COMPLETED",
      score: done.result.score,
      completedAt: expect.any(String),
    });
    expect(Object.keys(body)).toEqual(["event", "id", "status", "score", "completedAt"]);
    expect(req!.rawBody).not.toContain(doc);
    expect(req!.rawBody).not.toContain(done.name);
    // exactly one
    await new Promise((r) => setTimeout(r, 500));
    expect(at("/v2/one?k=1")).toHaveLength(1);
  });

  it("uses PUT when asked, and reports a FAILED verification with score null", async () => {
    const res = await create({
      nationalId: PERMANENT,
      profileId: "prf_kyc_person",
      verifications: {},
      callback: { url: `${receiver.url}/v2/failed`, method: "PUT" },
    });
    expect(res.json().callback).toEqual({ url: `${receiver.url}/v2/failed`, method: "PUT" });
    const [req] = await waitAt("/v2/failed", 1);
    expect(req!.method).toBe("PUT");
    expect(verified(req!)).toEqual({ ok: true });
    expect(JSON.parse(req!.rawBody)).toEqual({
      event: "verification.failed",
      id: res.json().id,
      status: "FAILED",
      score: null,
      completedAt: expect.any(String),
    });
  });

  it("retries a failed attempt with the same body and a fresh signature", async () => {
    answers.set("/v2/retry", (n) => (n === 1 ? 503 : 204));
    const res = await create({ nationalId: cpf(2), verifications: {}, callback: { url: `${receiver.url}/v2/retry` } });
    const [first, second] = await waitAt("/v2/retry", 2);
    expect(second!.rawBody).toBe(first!.rawBody);
    expect(verified(second!)).toEqual({ ok: true });
    expect(JSON.parse(first!.rawBody).id).toBe(res.json().id);
    const [delivery] = await eventually(
      () => t.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.ownerId, res.json().id)),
      (rows) => rows[0]?.status === "delivered",
    );
    expect(delivery!.attempts).toBe(2);
  });

  it("sends one callback per item of a batch", async () => {
    const docs = [cpf(3), cpf(4), makeCnpj("334445550001")];
    const res = await batch({ nationalId: docs, callback: { url: `${receiver.url}/v2/batch`, headers: { "X-Lote": "7" } } });
    expect(res.statusCode).toBe(202);
    const ids = docs.map((d) => res.json().items[d].id);
    const reqs = await waitAt("/v2/batch", 3);
    expect(reqs.map((r) => JSON.parse(r.rawBody).id).sort()).toEqual([...ids].sort());
    for (const r of reqs) {
      expect(verified(r)).toEqual({ ok: true });
      expect(r.headers["x-lote"]).toBe("7");
      for (const d of docs) expect(r.rawBody).not.toContain(d);
    }
  });

  it("writes no delivery for a verification without callback", async () => {
    const res = await create({ nationalId: cpf(5), profileId: "prf_kyc_person", verifications: {} });
    expect(res.json().callback).toBeNull();
    await terminal(res.json().id);
    expect(await t.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.ownerId, res.json().id))).toEqual([]);
  });
});

describe("validation on single creation (batch: test/service/v2-batch.test.ts)", () => {
  const cases: [string, unknown, string][] = [
    ["http URL", { url: "http://example.com/hook" }, "callback.url must use https"],
    ["loopback without allow-list entry", { url: "https://[::1]/hook" }, "callback.url points to a refused destination"],
    ["private address", { url: "https://192.168.0.10/hook" }, "callback.url points to a refused destination"],
    ["metadata address", { url: "https://169.254.169.254/latest" }, "callback.url points to a refused destination"],
    ["localhost name", { url: "https://localhost/hook" }, "callback.url points to a refused destination"],
    ["credentials in the URL", { url: "https://user:pw@example.com/hook" }, "callback.url must not contain credentials"],
    [
      "reserved header",
      { url: "https://example.com/hook", headers: { "Content-Type": "text/plain" } },
      'callback.headers: "Content-Type" is reserved',
    ],
    [
      "X-Service-* header",
      { url: "https://example.com/hook", headers: { "X-Service-Anything": "x" } },
      'callback.headers: "X-Service-Anything" is reserved',
    ],
    [
      "header value with a line break",
      { url: "https://example.com/hook", headers: { "X-A": "a\r\nB: c" } },
      'callback.headers: value of "X-A" has invalid characters',
    ],
    [
      "method DELETE",
      { url: "https://example.com/hook", method: "DELETE" },
      'callback.method: Invalid option: expected one of "POST"|"PUT"',
    ],
    ["unknown field", { url: "https://example.com/hook", secret: "x" }, "callback: unknown field(s) secret"],
    ["URL not a URL", { url: "not a url" }, "callback.url: Invalid URL"],
  ];
  it.each(cases)("refuses a callback with %s: 400", async (_name, callback, message) => {
    const res = await create({ nationalId: cpf(6), verifications: {}, callback });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });
});
