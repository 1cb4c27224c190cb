import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyCallbackSignature } from "../../lib/contract/webhooks/verify";
import { CALLBACK_RETRY_SCHEDULE_SECONDS, CALLBACK_USER_AGENT, deliverCallback, nextRetryDelay } from "../../server/callbacks/deliver";
import { EMPTY_ALLOW_LIST, parseAllowList } from "../../server/callbacks/destination";
import { type HttpsReceiver, startHttpsReceiver } from "../support/https-receiver";

const secretHex = "5e".repeat(32);
const body = JSON.stringify({ id: "evt_1", type: "enrichment.completed", createdAt: "2026-01-01T00:00:00Z", data: {} });
const allowList = parseAllowList(["127.0.0.1"]);

let receiver: HttpsReceiver;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.setHandler((_req, res) => res.writeHead(204).end());
});

function deliver(over: Partial<Parameters<typeof deliverCallback>[0]> = {}) {
  return deliverCallback({ url: `${receiver.url}/hook?k=1`, headers: {}, body, secretHex, allowList, ca: receiver.ca, ...over });
}

describe("deliverCallback against a real HTTPS receiver", () => {
  it("POSTs the signed body with the service headers and the custom headers", async () => {
    const result = await deliver({ headers: { Authorization: "Bearer abc", "X-Tenant": "t1" } });
    expect(result).toEqual({ outcome: "delivered", status: 204 });

    expect(receiver.requests).toHaveLength(1);
    const [req] = receiver.requests;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/hook?k=1");
    expect(req!.rawBody).toBe(body);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(req!.headers["user-agent"]).toBe(CALLBACK_USER_AGENT);
    expect(req!.headers["authorization"]).toBe("Bearer abc");
    expect(req!.headers["x-tenant"]).toBe("t1");
    expect(req!.headers["x-service-timestamp"]).toMatch(/^\d{10}$/);
    expect(
      verifyCallbackSignature({
        secret: secretHex,
        rawBody: req!.rawBody,
        signatureHeader: req!.headers["x-service-signature"] as string,
        timestampHeader: req!.headers["x-service-timestamp"] as string,
      }),
    ).toEqual({ ok: true });
  });

  it("signs with the given clock and survives a multi-byte body", async () => {
    const unicode = JSON.stringify({ name: "João Ninguém ✓" });
    const now = 1_700_000_123_456;
    await deliver({ body: unicode, now });
    const [req] = receiver.requests;
    expect(req!.headers["x-service-timestamp"]).toBe("1700000123");
    expect(req!.rawBody).toBe(unicode);
    const check = (secret: string) =>
      verifyCallbackSignature({
        secret,
        rawBody: req!.rawBody,
        signatureHeader: req!.headers["x-service-signature"] as string,
        timestampHeader: req!.headers["x-service-timestamp"] as string,
        now,
      });
    expect(check(secretHex)).toEqual({ ok: true });
    expect(check("00".repeat(32))).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("does not let a custom header override the service's headers", async () => {
    await deliver({ headers: { "User-Agent": "evil", "X-Service-Signature": "sha256=00", "content-type": "text/plain" } });
    const [req] = receiver.requests;
    expect(req!.headers["user-agent"]).toBe(CALLBACK_USER_AGENT);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["x-service-signature"]).not.toBe("sha256=00");
  });

  it.each([200, 201, 202, 299])("treats %i as delivered", async (status) => {
    receiver.setHandler((_req, res) => res.writeHead(status).end("ok"));
    expect(await deliver()).toEqual({ outcome: "delivered", status });
  });

  it("does not follow a redirect: 3xx is a retry and the target is never called", async () => {
    receiver.setHandler((req, res) => {
      if (req.path.startsWith("/hook")) res.writeHead(302, { Location: `${receiver.url}/elsewhere` }).end();
      else res.writeHead(204).end();
    });
    const result = await deliver();
    expect(result).toEqual({ outcome: "retry", status: 302, error: "redirect_not_followed" });
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.requests.map((r) => r.path)).toEqual(["/hook?k=1"]);
  });

  it("stops on 410 Gone", async () => {
    receiver.setHandler((_req, res) => res.writeHead(410).end());
    expect(await deliver()).toEqual({ outcome: "gone", status: 410 });
  });

  it.each([500, 503, 404, 400, 429])("retries on %i", async (status) => {
    receiver.setHandler((_req, res) => res.writeHead(status).end());
    expect(await deliver()).toEqual({ outcome: "retry", status, error: `http_${status}` });
  });

  it("retries on a timeout", async () => {
    receiver.setHandler(() => {}); // never answers
    const started = Date.now();
    expect(await deliver({ timeoutMs: 300 })).toEqual({ outcome: "retry", error: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("retries on a network error (nothing listening)", async () => {
    const closed = await startHttpsReceiver();
    const url = `${closed.url}/hook`;
    await closed.close();
    expect(await deliver({ url })).toEqual({ outcome: "retry", error: "ECONNREFUSED" });
  });

  it("retries when the certificate is not trusted", async () => {
    const result = await deliver({ ca: undefined });
    expect(result.outcome).toBe("retry");
    expect(result.error).toMatch(/CERT|SELF_SIGNED/);
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("deliverCallback refuses destinations (no retry)", () => {
  it("refuses a private IP literal that is not allow-listed", async () => {
    expect(await deliver({ allowList: EMPTY_ALLOW_LIST })).toEqual({ outcome: "refused", error: "refused_destination" });
    expect(receiver.requests).toHaveLength(0);
  });

  it("refuses a name that resolves to a refused address (checked after DNS)", async () => {
    const url = `https://localhost:${receiver.port}/hook`;
    expect(await deliver({ url, allowList: EMPTY_ALLOW_LIST })).toEqual({ outcome: "refused", error: "refused_destination" });
    // An allow-list that covers other addresses does not help.
    const other = parseAllowList(["127.0.0.2", "10.0.0.0/8"]);
    expect(await deliver({ url, allowList: other })).toEqual({ outcome: "refused", error: "refused_destination" });
    expect(receiver.requests).toHaveLength(0);
  });

  it("delivers to a name whose resolved addresses are all allow-listed", async () => {
    const url = `https://localhost:${receiver.port}/hook`;
    const result = await deliver({ url, allowList: parseAllowList(["127.0.0.1", "::1"]) });
    expect(result).toEqual({ outcome: "delivered", status: 204 });
  });

  it("delivers to an allow-listed hostname", async () => {
    const url = `https://localhost:${receiver.port}/hook`;
    expect(await deliver({ url, allowList: parseAllowList(["localhost"]) })).toEqual({ outcome: "delivered", status: 204 });
  });

  it("refuses a non-https URL and an unparsable one", async () => {
    expect(await deliver({ url: `http://127.0.0.1:${receiver.port}/` })).toEqual({ outcome: "refused", error: "not_https" });
    expect(await deliver({ url: "not a url" })).toEqual({ outcome: "refused", error: "invalid_url" });
  });

  it("refuses a request Node itself rejects (header injection that bypassed validation)", async () => {
    expect(await deliver({ headers: { "X-A": "a\r\nX-Injected: 1" } })).toEqual({ outcome: "refused", error: "invalid_request" });
    expect(receiver.requests).toHaveLength(0);
  });

  it("rejects on a malformed secret (configuration error)", async () => {
    await expect(deliver({ secretHex: "nothex" })).rejects.toThrow(/hex/);
  });
});

describe("retry schedule", () => {
  it("is the documented schedule of about 3 days", () => {
    expect(CALLBACK_RETRY_SCHEDULE_SECONDS).toEqual([30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400, 86400]);
    const total = CALLBACK_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 86400).toBeCloseTo(2.95, 2);
  });

  it("gives the delay after each failed attempt, then null", () => {
    expect(nextRetryDelay(1)).toBe(30);
    expect(nextRetryDelay(2)).toBe(120);
    expect(nextRetryDelay(10)).toBe(86400);
    expect(nextRetryDelay(11)).toBeNull();
    expect(nextRetryDelay(2, [1, 2])).toBe(2);
    expect(nextRetryDelay(3, [1, 2])).toBeNull();
    expect(nextRetryDelay(1, [])).toBeNull();
  });

  it.each([0, -1, 1.5])("throws on attempt %s", (attempt) => {
    expect(() => nextRetryDelay(attempt)).toThrow();
  });
});
