// An API key's secret: `lupa_sk_` and 32 random bytes in base64url (43 characters). Only its
// SHA-256 is stored: the secret has 256 bits of entropy, so nobody can guess it from the hash, and
// a slow password hash (scrypt) would only cost CPU on every request without adding safety
// (docs/security.md, "API keys").
import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from "../../lib/contract/api-keys";

const SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** Whether the text has a key's shape (checked before any lookup). */
export function looksLikeKey(text: string): boolean {
  return SHAPE.test(text);
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** What is kept and shown to recognise the key: `lupa_sk_` and its next 8 characters. */
export function prefixOf(secret: string): string {
  return secret.slice(0, API_KEY_SHOWN_CHARS);
}
