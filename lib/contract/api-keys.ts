// API keys for integrations and active sessions (issue 34, items 4 and 5; docs/security.md "API
// keys" and "Sessions"): the review API's `/api-keys`, `/sessions` and `/members/{userId}/sessions`
// (v3 envelope). Shared by the service (request and response schemas, OpenAPI) and the console.
import { z } from "zod";
import { API_KEY_NAME_MAX, API_KEY_ROLES } from "./api-keys-limits";

export * from "./api-keys-limits";

export const CreateApiKeyBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "name must not be empty")
      .max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`)
      .describe("What the key is for, to recognise it later (1 to 80 characters)"),
    role: z.enum(API_KEY_ROLES).describe("The role the key acts with: integration (create and read verifications and enrichments)"),
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("RFC 3339 instant, in the future and within 3 years; absent: the key does not expire"),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyIdParams = z.object({ id: z.uuid() }).strict();

export const ApiKeyState = z.enum(["active", "expired", "revoked"]);
export type ApiKeyState = z.infer<typeof ApiKeyState>;

export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  prefix: z.string().describe("The secret's first characters (lupa_sk_ and 8 more), to recognise it"),
  state: ApiKeyState,
  createdBy: z.object({ id: z.uuid(), email: z.string().nullable() }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe("Counted in batches: up to about a second behind"),
  useCount: z.number().int().describe("Requests authenticated with the key; up to about a second behind"),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey), liveLimit: z.number().int() });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** POST /api-keys: the key and, this once, its secret. */
export const CreatedApiKey = ApiKey.extend({
  secret: z.string().describe("The whole key (lupa_sk_…). Shown this once: it is stored hashed and cannot be read again"),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

// --- sessions -----------------------------------------------------------------------------------

export const SessionIdParams = z.object({ id: z.uuid() }).strict();
export const MemberIdParams = z.object({ userId: z.uuid() }).strict();

export const ActiveSession = z.object({
  id: z.uuid(),
  device: z.string().describe('Browser and system read from the user agent, in pt-BR ("Chrome no Linux"); "Desconhecido" without one'),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string().describe("The sign-in or the latest refresh of its tokens"),
  expiresAt: z.string(),
  current: z.boolean().describe("The session of the token that asked"),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const ActiveSessionList = z.object({ sessions: z.array(ActiveSession) });
export type ActiveSessionList = z.infer<typeof ActiveSessionList>;

export const EndedSessions = z.object({ ended: z.number().int().describe("How many live sessions were ended") });
export type EndedSessions = z.infer<typeof EndedSessions>;
