import { createHmac, timingSafeEqual } from "node:crypto";

// Receiver-side check of a Lupa callback (spec section 6), safe to copy into a client's code:
// only node:crypto, no Buffer. Pass the raw body exactly as received (before any JSON parsing),
// since re-serialised JSON would not match the signature.

export interface VerifyCallbackInput {
  /** The secret from GET /api/v3/callback-secret (hex). Several are accepted while rotating. */
  secret: string | readonly string[];
  rawBody: string | Uint8Array;
  /** Value of `X-Service-Signature`: one or more space-separated `sha256=<hex>`. */
  signatureHeader: string | null | undefined;
  /** Value of `X-Service-Timestamp`: Unix seconds. */
  timestampHeader: string | null | undefined;
  toleranceSeconds?: number;
  /** Milliseconds since the epoch. */
  now?: number;
}

export type VerifyCallbackResult = { ok: true } | { ok: false; reason: "missing_headers" | "stale_timestamp" | "bad_signature" };

export function verifyCallbackSignature({
  secret,
  rawBody,
  signatureHeader,
  timestampHeader,
  toleranceSeconds = 300,
  now = Date.now(),
}: VerifyCallbackInput): VerifyCallbackResult {
  const timestampText = timestampHeader?.trim();
  const signatures = signatureHeader?.trim();
  if (!timestampText || !signatures) return { ok: false, reason: "missing_headers" };
  // A timestamp that is not plain Unix seconds cannot be placed inside the tolerance window,
  // so it is treated like one outside it (replay protection fails closed).
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: "stale_timestamp" };
  if (Math.abs(now / 1000 - Number(timestampText)) > toleranceSeconds) {
    return { ok: false, reason: "stale_timestamp" };
  }

  const secrets: readonly string[] = typeof secret === "string" ? [secret] : secret;
  const keys = secrets.map(hexToBytes);
  // A missing or malformed secret is a configuration error; verifying with an empty key would
  // let anyone forge a signature, so it throws instead of returning a result.
  if (keys.length === 0 || keys.some((k) => k === null)) throw new Error("callback secret must be hex");

  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody;
  const expected = keys.map((key) => {
    const mac = createHmac("sha256", key!);
    return new Uint8Array(mac.update(`${timestampText}.`).update(body).digest());
  });
  // Several signatures appear while the sender rotates its secret: any valid one is enough.
  // Unknown schemes and malformed entries are skipped, not fatal.
  for (const entry of signatures.split(/\s+/)) {
    const match = /^sha256=([0-9a-fA-F]{64})$/.exec(entry);
    const given = match ? hexToBytes(match[1]!) : null;
    if (given && expected.some((e) => timingSafeEqual(e, given))) return { ok: true };
  }
  return { ok: false, reason: "bad_signature" };
}

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

// --- webhooks (issue 35; docs/webhooks.md) ----------------------------------------------------

export interface VerifyWebhookInput {
  /** The endpoint's secret (hex), shown at creation and at each rotation. */
  secret: string | readonly string[];
  rawBody: string | Uint8Array;
  /** Value of `Lupa-Signature`: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`. */
  signatureHeader: string | null | undefined;
  toleranceSeconds?: number;
  now?: number;
}

/**
 * Receiver-side check of a Lupa webhook: the header's `t` and each `v1` go through the same check
 * as a callback's (verifyCallbackSignature above): any v1 made with the secret is enough, so a
 * receiver keeps working while the sender signs with two secrets after a rotation.
 */
export function verifyWebhookSignature({
  secret,
  rawBody,
  signatureHeader,
  toleranceSeconds,
  now,
}: VerifyWebhookInput): VerifyCallbackResult {
  const parts = (signatureHeader ?? "").split(",").map((p) => p.trim());
  const timestamp = parts.find((p) => p.startsWith("t="))?.slice(2);
  const signatures = parts.filter((p) => p.startsWith("v1=")).map((p) => `sha256=${p.slice(3)}`);
  return verifyCallbackSignature({
    secret,
    rawBody,
    signatureHeader: signatures.join(" "),
    timestampHeader: timestamp,
    toleranceSeconds,
    now,
  });
}
