// The API keys' limits and prefix as plain constants (issue 34): the console's browser code reads
// them without the zod contract (lib/contract/api-keys.ts re-exports them).
/** Every key's secret starts with this; the bearer check tells a key from a JWT by it. */
export const API_KEY_PREFIX = "lupa_sk_";
/** Characters of the secret kept (and shown) to recognise a key: `lupa_sk_` and 8 more. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX = 80;
/** Live keys (neither revoked nor expired) a workspace may hold at once. */
export const API_KEY_LIVE_LIMIT = 25;
/** The latest expiry a key may be given, from its creation. */
export const API_KEY_MAX_DAYS = 3 * 366;

export const API_KEY_ROLES = ["integration"] as const;
