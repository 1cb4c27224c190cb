// POST /api/v1/authentication – exchange e-mail and password for a token pair
// POST /api/v1/authentication/refresh – exchange a refresh token for a new pair
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { ApiError } from "../http/errors";
import { jsonSchema, parseOr } from "../http/validate";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords";
import { InvalidTokenError, issueTokenPair, verifyToken, type TokenClaims } from "../auth/tokens";
import { clearFailures, lockedForSeconds, recordFailure } from "../auth/login-throttle";
import { findUserByEmail, findUserById, type User } from "../tenancy/users";
import type { Role } from "../auth/permissions";

export const LoginBody = z.object({
  username: z.email().max(320),
  password: z.string().min(4).max(1024),
});
export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(4096) });

const TokenPair = z.object({
  accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number(), expires_in: z.number(),
  refreshExpiresIn: z.number(), tokenType: z.literal("Bearer"), token_type: z.literal("Bearer"),
});
const ErrorBody = z.object({ error: z.string() });

function claimsOf(user: User): TokenClaims {
  return { userId: user.id, workspaceId: user.workspaceId, role: user.role as Role, email: user.email, version: user.tokenVersion };
}

const invalidCredentials = () => new ApiError("unauthorized", "Invalid username or password");

export function registerAuthenticationRoutes(app: FastifyInstance, s: Services): void {
  const settings = { secret: s.config.jwtSecret, accessTokenSeconds: s.config.accessTokenSeconds, refreshTokenSeconds: s.config.refreshTokenSeconds };

  app.post("/api/v1/authentication", {
    schema: { tags: ["v1 authentication"], summary: "Sign in", body: jsonSchema(LoginBody), response: { 200: jsonSchema(TokenPair), 401: jsonSchema(ErrorBody), 429: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const body = parseOr(LoginBody.strict(), request.body, "invalid_request");
    const email = body.username.toLowerCase();
    const wait = await lockedForSeconds(s.db, email);
    if (wait > 0) throw new ApiError("too_many_attempts", "Too many failed sign-ins; try again later", { "Retry-After": String(wait) });
    const user = await findUserByEmail(s.db, email);
    // compare against a dummy hash when the user is unknown: same time, no user enumeration
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok || user.disabled) {
      await recordFailure(s.db, email);
      throw invalidCredentials();
    }
    await clearFailures(s.db, email);
    return issueTokenPair(claimsOf(user), settings);
  });

  app.post("/api/v1/authentication/refresh", {
    schema: { tags: ["v1 authentication"], summary: "Refresh the token pair", body: jsonSchema(RefreshBody), response: { 200: jsonSchema(TokenPair), 401: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const body = parseOr(RefreshBody.strict(), request.body, "invalid_request");
    let claims: TokenClaims;
    try {
      claims = await verifyToken(body.refreshToken, "refresh", s.config.jwtSecret);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new ApiError("unauthorized", error.reason === "expired" ? "Refresh token expired" : "Refresh token invalid");
      throw error;
    }
    const user = await findUserById(s.db, claims.workspaceId, claims.userId);
    if (!user || user.disabled || user.tokenVersion !== claims.version) throw new ApiError("unauthorized", "Refresh token revoked");
    return issueTokenPair(claimsOf(user), settings);
  });
}
