// POST /api/v1/authentication – exchange e-mail and password for a token pair
// POST /api/v1/authentication/refresh – exchange a refresh token for a new pair
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { ApiError } from "../http/errors";
import { route } from "../http/route";
import { TokenPair, V2ErrorBody } from "../../lib/contract";
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


function claimsOf(user: User): TokenClaims {
  return { userId: user.id, workspaceId: user.workspaceId, role: user.role as Role, email: user.email, version: user.tokenVersion };
}

const tags = ["v1 authentication"];
const invalidCredentials = () => new ApiError("unauthorized", "Invalid username or password");

export function registerAuthenticationRoutes(app: FastifyInstance, s: Services): void {
  const settings = { secret: s.config.jwtSecret, accessTokenSeconds: s.config.accessTokenSeconds, refreshTokenSeconds: s.config.refreshTokenSeconds };

  route(app, {
    method: "POST", url: "/api/v1/authentication",
    tags, summary: "Sign in",
    body: LoginBody.strict(),
    response: { 200: TokenPair, 400: V2ErrorBody, 401: V2ErrorBody, 429: V2ErrorBody },
    handler: async ({ body }) => {
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
    },
  });

  route(app, {
    method: "POST", url: "/api/v1/authentication/refresh",
    tags, summary: "Refresh the token pair",
    body: RefreshBody.strict(),
    response: { 200: TokenPair, 400: V2ErrorBody, 401: V2ErrorBody },
    handler: async ({ body }) => {
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
    },
  });
}
