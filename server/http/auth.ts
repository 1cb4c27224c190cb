// Authentication and authorization of API routes. Every route under /api/v2, /api/v3 and /api/review states
// the permission it needs in `config.permission` (checked when the route is registered); the
// bearer token is verified before the handler and the caller's workspace comes from the token.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors";
import { InvalidTokenError, verifiedClaims, verifyToken, type TokenClaims } from "../auth/tokens";
import { can, type Permission } from "../auth/permissions";
import type { Services } from "../context";
import { API_KEY_PREFIX } from "../../lib/contract/api-keys-limits";
import { registerStepUp } from "../auth/step-up";

declare module "fastify" {
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
  interface FastifyContextConfig {
    permission?: Permission;
    /** A second-step route (issue 34): accepts a token whose session still owes its second factor. */
    secondStep?: boolean;
  }
}

const PROTECTED = /^\/api\/(v[23]|review)\//;

export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest("auth", null);
  registerStepUp(app, { db: services.db, seconds: services.config.stepUpSeconds });

  app.addHook("onRoute", (route) => {
    const config = route.config as { permission?: Permission; public?: boolean } | undefined;
    if (PROTECTED.test(route.url) && !config?.permission && !config?.public) {
      throw new Error(`Route ${route.method} ${route.url} must state config.permission (or be declared public)`);
    }
  });

  // onRequest: before the body is read, so a caller without a valid token never has it parsed.
  // A token verified before, of a session checked within the guard's time, is answered without
  // waiting on a promise (the common case: every request of a client but its first few).
  app.addHook("onRequest", (request, _reply, done) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return done();
    // an API key (issue 34; server/apikeys/guard.ts): the integration role, no session
    const key = apiKeyOf(request);
    if (key !== null) {
      let claims: TokenClaims | undefined;
      try {
        claims = services.apiKeys.authenticateKnown(key);
        if (claims) authorize(request, claims, true, permission);
      } catch (error) {
        return done(error as Error);
      }
      if (claims) return done();
      services.apiKeys
        .authenticate(key, request.id)
        .then((found) => authorize(request, found, true, permission))
        .then(() => done(), done);
      return;
    }
    let known: { claims: TokenClaims; live: boolean } | null = null;
    try {
      const claims = verifiedClaims(bearerOf(request), "access", services.config.jwtSecret);
      const live = claims ? services.sessionGuard.liveInMemory(claims) : undefined;
      if (claims && live !== undefined) known = { claims, live };
    } catch (error) {
      return done(tokenRefusal(error));
    }
    if (!known) {
      authenticate(request, services.config.jwtSecret)
        .then(async (claims) => authorize(request, claims, await services.sessionGuard.isLive(claims), permission))
        .then(() => done(), done);
      return;
    }
    try {
      authorize(request, known.claims, known.live, permission);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

function authorize(request: FastifyRequest, claims: TokenClaims, live: boolean, permission: Permission): void {
  request.auth = claims;
  // a signed-out session, a reset password or a disabled user ends the token within seconds
  if (!live) throw new ApiError("unauthorized", "Session ended", { "WWW-Authenticate": `Bearer error="invalid_token"` });
  // a session that still owes its second factor reaches only the second-step routes (docs/security.md)
  if (claims.secondFactor && !request.routeOptions.config?.secondStep)
    throw new ApiError(
      "second_factor_required",
      claims.secondFactor === "enrolment"
        ? "The workspace requires a second factor: enrol one (POST /api/review/v1/auth/factor/totp)"
        : "Second factor required: POST /api/review/v1/auth/second-factor",
    );
  if (!can(claims.role, permission)) throw new ApiError("forbidden", `Role ${claims.role} lacks permission ${permission}`);
}

/** The API key of a `Bearer lupa_sk_…` header, else null (a JWT or nothing: the path below). */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match && match[1]!.startsWith(API_KEY_PREFIX) ? match[1]! : null;
}

/** The bearer token of the request (throws the 401 when there is none). */
function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new ApiError("unauthorized", "Missing bearer token", { "WWW-Authenticate": "Bearer" });
  return match[1]!;
}

function tokenRefusal(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const reason = error instanceof InvalidTokenError && error.reason === "expired" ? "Token expired" : "Token invalid";
  return new ApiError("unauthorized", reason, { "WWW-Authenticate": `Bearer error="invalid_token"` });
}

async function authenticate(request: FastifyRequest, secret: string): Promise<TokenClaims> {
  const token = bearerOf(request);
  try {
    return await verifyToken(token, "access", secret);
  } catch (error) {
    throw tokenRefusal(error);
  }
}

/** The caller of an authenticated route (the onRequest hook guarantees it is set). */
export function caller(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw new ApiError("unauthorized", "Missing bearer token");
  return request.auth;
}
