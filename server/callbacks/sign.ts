import { createHmac } from "node:crypto";

// Signature of a callback (spec section 6): HMAC-SHA256 over "<timestamp>.<raw body>" keyed with
// the workspace secret's bytes (the secret is handed out as hex). The event id sits inside the
// body, so it is covered by the signature too (the Standard Webhooks habit of signing the id).

/** Returns the `X-Service-Signature` value: `sha256=<hex>`. */
export function signCallback(secretHex: string, timestamp: number, rawBody: string): string {
  // Buffer.from(hex) silently drops bad characters; a malformed secret must fail, not sign.
  if (!/^(?:[0-9a-f]{2})+$/i.test(secretHex)) throw new Error("callback secret must be a non-empty hex string");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new Error("callback timestamp must be Unix seconds");
  const mac = createHmac("sha256", Buffer.from(secretHex, "hex")).update(`${timestamp}.${rawBody}`, "utf8");
  return `sha256=${mac.digest("hex")}`;
}
