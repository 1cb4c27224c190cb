// Encryption of TOTP secrets at rest: AES-256-GCM under the key of LUPA_MFA_KEY (or one derived
// from the JWT secret; server/config.ts). Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url); the
// user's id is the additional data, so a secret copied to another user's row does not open.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

export function seal(key: Buffer, plain: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function open(key: Buffer, sealed: string, userId: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("secret-box: unknown format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** The digest a recovery code is kept as: HMAC-SHA-256 under the same key (a stolen table alone cannot be tried offline). */
export function digest(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}
