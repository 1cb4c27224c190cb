import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Values the BFF hands the browser to give back later without the browser reading them (the undo
// of a restrictive-list removal carries the removed document): AES-256-GCM under a key derived
// from the console's NEXTAUTH_SECRET, with an expiry and the workspace it belongs to.

function key(): Buffer {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set");
  return createHash("sha256").update(`lupa-bff-seal:${secret}`).digest();
}

export function seal(value: unknown, workspaceId: string, ttlSeconds: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(workspaceId));
  const plain = Buffer.from(JSON.stringify({ v: value, exp: Date.now() + ttlSeconds * 1000 }));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null when it is not one of ours, another workspace's, or expired. */
export function unseal<T>(token: string, workspaceId: string): T | null {
  try {
    const raw = Buffer.from(token, "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(workspaceId));
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    const parsed = JSON.parse(plain.toString("utf8")) as { v: T; exp: number };
    return parsed.exp > Date.now() ? parsed.v : null;
  } catch {
    return null;
  }
}
