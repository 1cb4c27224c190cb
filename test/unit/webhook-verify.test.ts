import { describe, expect, it } from "vitest";
import { verifyCallbackSignature } from "../../lib/contract/webhooks/verify";
import { signCallback } from "../../server/callbacks/sign";

const secret = "a1".repeat(32);
const otherSecret = "b2".repeat(32);
const now = 1_700_000_000_000; // ms
const ts = now / 1000;
const body = '{"id":"evt_1","type":"enrichment.completed","data":{"status":"COMPLETED"}}';

function input(over: Partial<Parameters<typeof verifyCallbackSignature>[0]> = {}) {
  return {
    secret,
    rawBody: body,
    signatureHeader: signCallback(secret, ts, body),
    timestampHeader: String(ts),
    now,
    ...over,
  };
}

describe("verifyCallbackSignature", () => {
  it("accepts a genuine callback (string or bytes body)", () => {
    expect(verifyCallbackSignature(input())).toEqual({ ok: true });
    expect(verifyCallbackSignature(input({ rawBody: new TextEncoder().encode(body) }))).toEqual({ ok: true });
  });

  it("uses Date.now() and a 300 s tolerance by default", () => {
    const fresh = Math.floor(Date.now() / 1000);
    const header = { signatureHeader: signCallback(secret, fresh, body), timestampHeader: String(fresh) };
    expect(verifyCallbackSignature({ secret, rawBody: body, ...header })).toEqual({ ok: true });
    const old = fresh - 301;
    const stale = { signatureHeader: signCallback(secret, old, body), timestampHeader: String(old) };
    expect(verifyCallbackSignature({ secret, rawBody: body, ...stale })).toEqual({ ok: false, reason: "stale_timestamp" });
  });

  it("rejects a tampered body", () => {
    expect(verifyCallbackSignature(input({ rawBody: body.replace("COMPLETED", "FAILED") }))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyCallbackSignature(input({ rawBody: body + " " }))).toMatchObject({ reason: "bad_signature" });
  });

  it("rejects a signature moved to another timestamp", () => {
    expect(verifyCallbackSignature(input({ timestampHeader: String(ts + 1) }))).toMatchObject({ reason: "bad_signature" });
  });

  it("rejects the wrong secret", () => {
    expect(verifyCallbackSignature(input({ secret: otherSecret }))).toMatchObject({ reason: "bad_signature" });
  });

  it.each([
    [ts - 300, true],
    [ts + 300, true],
    [ts - 301, false],
    [ts + 301, false], // from the future too
  ])("signed at %i (now is 1700000000): ok=%s", (when, ok) => {
    const result = verifyCallbackSignature(input({ signatureHeader: signCallback(secret, when, body), timestampHeader: String(when) }));
    expect(result).toEqual(ok ? { ok: true } : { ok: false, reason: "stale_timestamp" });
  });

  it("honours a custom tolerance", () => {
    const when = ts - 60;
    const signed = { signatureHeader: signCallback(secret, when, body), timestampHeader: String(when) };
    expect(verifyCallbackSignature(input({ ...signed, toleranceSeconds: 30 }))).toMatchObject({ reason: "stale_timestamp" });
    expect(verifyCallbackSignature(input({ ...signed, toleranceSeconds: 60 }))).toEqual({ ok: true });
  });

  it.each(["1.7e9", "-1", "abc", "1700000000.5", "0x10"])("treats the malformed timestamp %j as stale", (t) => {
    expect(verifyCallbackSignature(input({ timestampHeader: t }))).toEqual({ ok: false, reason: "stale_timestamp" });
  });

  it.each([
    { signatureHeader: undefined },
    { signatureHeader: null },
    { signatureHeader: "  " },
    { timestampHeader: undefined },
    { timestampHeader: "" },
  ])("reports missing headers: %j", (over) => {
    expect(verifyCallbackSignature(input(over))).toEqual({ ok: false, reason: "missing_headers" });
  });

  describe("secret rotation", () => {
    it("accepts several space-separated signatures when any one matches", () => {
      const both = `${signCallback(otherSecret, ts, body)} ${signCallback(secret, ts, body)}`;
      expect(verifyCallbackSignature(input({ signatureHeader: both }))).toEqual({ ok: true });
      expect(verifyCallbackSignature(input({ signatureHeader: both, secret: otherSecret }))).toEqual({ ok: true });
    });

    it("accepts a list of receiver secrets", () => {
      expect(verifyCallbackSignature(input({ secret: [otherSecret, secret] }))).toEqual({ ok: true });
      expect(verifyCallbackSignature(input({ secret: [otherSecret] }))).toMatchObject({ reason: "bad_signature" });
    });

    it("skips unknown schemes and malformed entries instead of failing on them", () => {
      const header = `v1,abc sha256=zz sha512=${"0".repeat(128)} ${signCallback(secret, ts, body)}`;
      expect(verifyCallbackSignature(input({ signatureHeader: header }))).toEqual({ ok: true });
      expect(verifyCallbackSignature(input({ signatureHeader: "v1,abc sha256=zz" }))).toMatchObject({
        reason: "bad_signature",
      });
    });

    it("rejects when no signature of the list matches", () => {
      const wrong = `${signCallback(otherSecret, ts, body)} sha256=${"0".repeat(64)}`;
      expect(verifyCallbackSignature(input({ signatureHeader: wrong }))).toMatchObject({ reason: "bad_signature" });
    });
  });

  it("accepts upper-case hex in the header", () => {
    const upper = "sha256=" + signCallback(secret, ts, body).slice(7).toUpperCase();
    expect(verifyCallbackSignature(input({ signatureHeader: upper }))).toEqual({ ok: true });
  });

  it.each(["", "xyz", []])("throws on an unusable secret %j rather than verify with an empty key", (bad) => {
    expect(() => verifyCallbackSignature(input({ secret: bad as string }))).toThrow(/secret/);
  });
});
