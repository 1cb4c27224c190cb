// Authentication and authorization of API routes. Every route under /api/v2, /api/v3 and /api/review states
// the permission it needs in `config.permission` (checked when the route is registered); the
// bearer token is verified before the handler and the caller's workspace comes from the token.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors";
import { InvalidTokenError, verifyToken, type TokenClaims } from "../auth/tokens";
import { can, type Permission } from "../auth/permissions";
import type { Services } from "../context";

declare module "fastify" {
  interface FastifyRequest {
    auth: TokenClaims | null;
  }
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

const PROTECTED = /^\/api\/(v[23]|review)\//;

export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    const config = route.config as { permission?: Permission; public?: boolean } | undefined;
    if (PROTECTED.test(route.url) && !config?.permission && !config?.public) {
      throw new Error(`Route ${route.method} ${route.url} must state config.permission (or be declared public)`);
    }
  });

  // onRequest: before the body is read, so a caller without a valid token never has it parsed
  app.addHook("onRequest", async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    request.auth = await authenticate(request, services.config.jwtSecret);
    // a signed-out session, a reset password or a disabled user ends the token within seconds
    if (!(await services.sessionGuard.isLive(request.auth))) {
      throw new ApiError("unauthorized", "Session ended", { "WWW-Authenticate": `Bearer error="invalid_token"` });
    }
    if (!can(request.auth.role, permission)) {
      throw new ApiError("forbidden", `Role ${request.auth.role} lacks permission ${permission}`);
    }
  });
}

async function authenticate(request: FastifyRequest, secret: string): Promise<TokenClaims> {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new ApiError("unauthorized", "Missing bearer token", { "WWW-Authenticate": "Bearer" });
  try {
    return await verifyToken(match[1]!, "access", secret);
  } catch (error) {
    const reason = error instanceof InvalidTokenError && error.reason === "expired" ? "Token expired" : "Token invalid";
    throw new ApiError("unauthorized", reason, { "WWW-Authenticate": `Bearer error="invalid_token"` });
  }
}

/** The caller of an authenticated route (the onRequest hook guarantees it is set). */
export function caller(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw new ApiError("unauthorized", "Missing bearer token");
  return request.auth;
}
