// POST /api/v1/authentication – exchange e-mail and password for a token pair (the demo password
//   only from this machine, unless LUPA_ALLOW_DEMO=1)
// POST /api/v1/authentication/refresh – exchange a refresh token for a new pair
// POST /api/v1/authentication/logout – end the session of a refresh token (beyond the spec)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { ApiError } from "../http/errors";
import { route } from "../http/route";
import { TokenPair, V2ErrorBody } from "../../lib/contract";
import { dummyPasswordHash } from "../auth/passwords";
import { InvalidTokenError, issueTokenPair, verifyToken, type TokenClaims } from "../auth/tokens";
import { attemptSucceeded, releaseAttempt, reserveAttempt } from "../auth/login-throttle";
import { createSession, liveSession, revokeSession } from "../auth/sessions";
import { findUserByEmail, findUserById, type User } from "../tenancy/users";
import type { Role } from "../auth/permissions";
import { DEMO_PASSWORD, DEMO_PASSWORD_REFUSED } from "../../lib/contract/demo";
import { isLoopback } from "../support/loopback.mjs";
import { recordEvent } from "../review/audit/record";
import { passwordRefusedBySso, PASSWORD_SIGN_IN_DISABLED } from "../sso/password-policy";
import { SSO_ONLY_PASSWORD } from "../sso/sign-in";
import { noteRefresh, noteSignIn } from "../apikeys/sessions";
import { secondFactorDue } from "../auth/mfa/policy";
import { recordRefusal } from "../auth/mfa/refusals";
import type { SecondFactorDue } from "../auth/tokens";

export const LoginBody = z.object({
  username: z.email().max(320),
  password: z.string().min(4).max(1024),
});
export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(4096) });

export function claimsOf(user: User, sessionId: string, secondFactor?: SecondFactorDue): TokenClaims {
  return {
    userId: user.id,
    workspaceId: user.workspaceId,
    role: user.role as Role,
    email: user.email,
    version: user.tokenVersion,
    sessionId,
    ...(secondFactor ? { secondFactor } : {}),
  };
}

const tags = ["v1 authentication"];
const invalidCredentials = () => new ApiError("unauthorized", "Invalid username or password");

async function refreshClaims(s: Services, refreshToken: string): Promise<TokenClaims> {
  try {
    return await verifyToken(refreshToken, "refresh", s.config.jwtSecret);
  } catch (error) {
    if (error instanceof InvalidTokenError)
      throw new ApiError("unauthorized", error.reason === "expired" ? "Refresh token expired" : "Refresh token invalid");
    throw error;
  }
}

export function registerAuthenticationRoutes(app: FastifyInstance, s: Services): void {
  const settings = {
    secret: s.config.jwtSecret,
    accessTokenSeconds: s.config.accessTokenSeconds,
    refreshTokenSeconds: s.config.refreshTokenSeconds,
  };

  route(app, {
    method: "POST",
    url: "/api/v1/authentication",
    tags,
    summary: "Sign in",
    body: LoginBody.strict(),
    response: { 200: TokenPair, 400: V2ErrorBody, 401: V2ErrorBody, 429: V2ErrorBody, 503: V2ErrorBody },
    handler: async ({ body, request }) => {
      // the published demo password signs in only from this machine (docs/decisions.md, "Sessions"):
      // the client's address as this service sees it (LUPA_TRUST_PROXY); nothing is counted or hashed
      if (body.password === DEMO_PASSWORD && !s.config.allowDemo && !isLoopback(request.ip))
        throw new ApiError("unauthorized", DEMO_PASSWORD_REFUSED);
      const email = body.username.toLowerCase();
      // the attempt is counted before the password is hashed (server/auth/login-throttle.ts)
      const wait = await reserveAttempt(s.db, email, request.ip);
      if (wait > 0) throw new ApiError("too_many_attempts", "Too many failed sign-ins; try again later", { "Retry-After": String(wait) });
      let user: User | null;
      let ok: boolean;
      try {
        user = await findUserByEmail(s.db, email);
        // compare against a dummy hash when the user is unknown: same time, no user enumeration
        // (also for a person created by SSO, who has no password: server/sso/sign-in.ts)
        ok = await s.passwords.verify(
          body.password,
          user && user.passwordHash !== SSO_ONLY_PASSWORD ? user.passwordHash : await dummyPasswordHash(),
        );
      } catch (error) {
        await releaseAttempt(s.db, email, request.ip);
        throw error;
      }
      if (user && (!ok || user.disabled)) await recordRefusal(s.db, user, request.id, ok ? "disabled" : "invalid_password");
      if (!user || !ok || user.disabled) throw invalidCredentials();
      await attemptSucceeded(s.db, email, request.ip);
      // the workspace's SSO may turn password sign-in off for people (told only after the right password)
      if (await passwordRefusedBySso(s.db, user)) throw new ApiError("unauthorized", PASSWORD_SIGN_IN_DISABLED);
      // issue 34: a person with a factor owes the code, one the workspace requires to enrol owes the
      // enrolment; the pair has the same shape, but reaches only the second-step routes until then
      // (docs/security.md). Everyone else: exactly as before.
      const due = await secondFactorDue(s.db, user);
      // the session and its session.started event (the audit trail, server/review/audit) in one transaction;
      // a session that owes its second step records session.started when it passes it
      const session = await s.db.transaction(async (tx) => {
        const created = await createSession(tx, user, s.config.sessionSeconds, new Date(), due);
        // "Sessões ativas" (issue 34): the sign-in's address and user agent
        await noteSignIn(tx, created.id, { ip: request.ip, userAgent: request.headers["user-agent"] });
        if (!due)
          await recordEvent(tx, {
            workspaceId: user.workspaceId,
            type: "session.started",
            actor: { id: user.id, email: user.email },
            requestId: request.id,
            data: { sessionId: created.id, method: "password" },
          });
        return created;
      });
      return issueTokenPair(claimsOf(user, session.id, due), settings, session.expiresAt);
    },
  });

  route(app, {
    method: "POST",
    url: "/api/v1/authentication/refresh",
    tags,
    summary: "Refresh the token pair",
    body: RefreshBody.strict(),
    response: { 200: TokenPair, 400: V2ErrorBody, 401: V2ErrorBody },
    handler: async ({ body }) => {
      const claims = await refreshClaims(s, body.refreshToken);
      const user = await findUserById(s.db, claims.workspaceId, claims.userId);
      if (!user || user.disabled || user.tokenVersion !== claims.version) throw new ApiError("unauthorized", "Refresh token revoked");
      const session = await liveSession(s.db, claims);
      if (!session) throw new ApiError("unauthorized", "Refresh token revoked");
      await noteRefresh(s.db, session.id); // "Sessões ativas": last seen (issue 34)
      return issueTokenPair(claimsOf(user, session.id, session.secondFactorDue), settings, session.expiresAt);
    },
  });

  route(app, {
    method: "POST",
    url: "/api/v1/authentication/logout",
    tags,
    summary: "Sign out: end the session of a refresh token",
    description:
      "Beyond the interface. Revokes the session (token family) of the refresh token: every refresh and access token of that sign-in stops working within seconds. Answers 204, also when the session had already ended.",
    body: RefreshBody.strict(),
    status: 204,
    response: { 204: z.null(), 400: V2ErrorBody, 401: V2ErrorBody },
    handler: async ({ body, reply, request }) => {
      const claims = await refreshClaims(s, body.refreshToken);
      await s.db.transaction(async (tx) => {
        if (!(await revokeSession(tx, claims))) return; // ended already: nothing happened now
        await recordEvent(tx, {
          workspaceId: claims.workspaceId,
          type: "session.ended",
          actor: { id: claims.userId, email: claims.email },
          requestId: request.id,
          data: { sessionId: claims.sessionId },
        });
      });
      return reply.status(204).send();
    },
  });
}
