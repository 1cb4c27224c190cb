// The webhooks' signature (docs/webhooks.md, "Verifying a delivery"): the callbacks' HMAC
// (server/callbacks/sign.ts: HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret's
// bytes), one v1 per secret that signs, in one header: `Lupa-Signature: t=<unix s>,v1=<hex>[,v1=<hex>]`.
// After a rotation the new secret and the previous one both sign for 24 hours.
import { signCallback } from "../callbacks/sign";

export const SIGNATURE_HEADER = "Lupa-Signature";

export function webhookSignature(secretsHex: readonly string[], timestamp: number, rawBody: string): string {
  if (secretsHex.length === 0) throw new Error("a webhook needs a secret to sign with");
  const v1 = secretsHex.map((secret) => `v1=${signCallback(secret, timestamp, rawBody).slice("sha256=".length)}`);
  return [`t=${timestamp}`, ...v1].join(",");
}

/** The secrets that sign now: the current one, and the previous one until its 24 hours end. */
export function signingSecrets(
  e: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  now = new Date(),
): string[] {
  return e.previousSecret && e.previousSecretUntil && e.previousSecretUntil > now ? [e.secret, e.previousSecret] : [e.secret];
}
