// The client secret of a workspace's provider, at rest: AES-256-GCM with a key derived by HKDF
// (SHA-256) from the service's JWT secret (LUPA_JWT_SECRET, or the one generated in the data
// folder), so a database dump alone does not give the secret away. The workspace id is the
// additional authenticated data: a ciphertext copied to another workspace's row does not open.
// Stored as "v1.<iv>.<ciphertext>.<tag>" (base64url); v1 names the key derivation.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "lupa-sso", "client-secret v1", 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealSecret(plain: string, workspaceId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(Buffer.from(workspaceId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The plain secret; throws when the value was not sealed for this workspace with this key. */
export function openSecret(sealed: string, workspaceId: string, secret: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || body === undefined || !tag) throw new Error("unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(workspaceId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
