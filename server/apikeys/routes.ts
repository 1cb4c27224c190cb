// The API keys' and sessions' review routes (issue 34, items 4 to 6; docs/security.md "API keys"
// and "Sessions"), registered with the other rooms' (server/rooms.ts).
// GET    /api/review/v1/api-keys                  – the workspace's keys (admins)
// POST   /api/review/v1/api-keys                  – {name, role, expiresAt?}: the key and its secret, once (admins)
// DELETE /api/review/v1/api-keys/{id}             – revoke (admins)
// GET    /api/review/v1/sessions                  – the caller's live sessions
// DELETE /api/review/v1/sessions/{id}             – end one of them
// DELETE /api/review/v1/members/{userId}/sessions – end all of a member's (admins)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import {
  ActiveSessionList,
  API_KEY_LIVE_LIMIT,
  ApiKey,
  ApiKeyIdParams,
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  EndedSessions,
  MemberIdParams,
  SessionIdParams,
} from "../../lib/contract/api-keys";
import { createKey, listKeys, revokeKey } from "./store";
import { endMemberSessions, endMySession, listMySessions } from "./sessions";

const tags = ["review api keys and sessions"];

export function registerApiKeyRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/api-keys",
    permission: "review:admin",
    tags,
    summary: "The workspace's API keys",
    description:
      "Newest first, revoked and expired ones too (state says which): name, prefix (the secret's first characters), creator, creation, expiry, " +
      "last use and use count (counted in batches: up to about a second behind), revocation. Never the secret. liveLimit: the live keys a workspace may hold.",
    response: { 200: ApiKeyList },
    handler: async ({ caller }) => ({ keys: await listKeys(s.db, caller.workspaceId), liveLimit: API_KEY_LIVE_LIMIT }),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/api-keys",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34 item 3; docs/security.md)
    tags,
    summary: "Create an API key",
    description:
      "{name (1 to 80 characters, trimmed), role: integration, expiresAt? (RFC 3339, in the future, within 3 years)}. Answers the key with its secret " +
      "(`lupa_sk_` and 32 random bytes in base64url) this once: only its SHA-256 is stored. The key authenticates v2 and v3 requests as " +
      "`Authorization: Bearer lupa_sk_…` with the integration role's permissions and the workspace's rate limit. 400 invalid_body for a bad body " +
      "(an expiry in the past included); 409 api_key_limit_reached when the workspace holds 25 live keys. Records api_key.created.",
    body: CreateApiKeyBody,
    status: 201,
    response: { 201: CreatedApiKey, 400: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ body, caller, request }) => createKey(s.db, caller, request.id, body),
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/api-keys/:id",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34 item 3; docs/security.md)
    tags,
    summary: "Revoke an API key",
    description:
      "The key is refused (401) on every API process within a second. 404 not_found for a key of another workspace or none; 409 api_key_revoked " +
      "when it is revoked already. Records api_key.revoked.",
    params: ApiKeyIdParams,
    response: { 200: ApiKey, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller, request }) => {
      const { key, secretHash } = await revokeKey(s.db, caller, request.id, params.id);
      s.apiKeys.forget(secretHash);
      return key;
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/sessions",
    permission: "review:read",
    tags,
    summary: "My active sessions",
    description:
      "The caller's live sign-ins, newest first: the device read from the user agent, the address (both of the sign-in), when it started, when its " +
      "tokens were last refreshed, its expiry; current marks the one that asks.",
    response: { 200: ActiveSessionList },
    handler: async ({ caller }) => ({ sessions: await listMySessions(s.db, caller) }),
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/sessions/:id",
    permission: "review:read",
    tags,
    summary: "End one of my sessions",
    description:
      "Its refresh token is refused at once, its access tokens within seconds. The current session may be ended too (a sign-out). 404 not_found for " +
      "a session that is not a live one of the caller's. Records session.ended.",
    params: SessionIdParams,
    status: 204,
    response: { 204: z.null(), 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, request, reply }) => {
      await endMySession(s.db, caller, request.id, params.id);
      return reply.status(204).send();
    },
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/members/:userId/sessions",
    permission: "review:admin",
    tags,
    summary: "End every session of a member",
    description:
      "An admin signs a person of the workspace out everywhere (ended: how many were live; 0 is not an error). 404 not_found for a user of another " +
      "workspace or none. Records session.ended for each.",
    params: MemberIdParams,
    response: { 200: EndedSessions, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, request }) => ({ ended: await endMemberSessions(s.db, caller, request.id, params.userId) }),
  });
}
