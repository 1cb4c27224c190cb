import type { JWT } from "next-auth/jwt";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import type { TokenPair } from "@/lib/api/types";

// Turns an API token pair into the fields stored in the next-auth JWT cookie.

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Refresh the access token when it expires within this margin. */
export const REFRESH_MARGIN_MS = 60_000;

export type SessionTokens = Required<Pick<JWT, "accessToken" | "refreshToken" | "accessTokenExpires" | "refreshTokenExpires" | "user">>;

export function toSessionTokens(pair: TokenPair, now: number = Date.now()): SessionTokens {
  const claims = readAccessTokenClaims(pair.accessToken);
  const fromLifetime = now + pair.expiresIn * 1000;
  const accessTokenExpires = claims.exp ? Math.min(claims.exp * 1000, fromLifetime) : fromLifetime;
  return {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    accessTokenExpires,
    refreshTokenExpires: now + (pair.refreshExpiresIn ?? SESSION_MAX_AGE_SECONDS) * 1000,
    user: { email: claims.email ?? "", role: claims.role ?? null, workspaceId: claims.wid ?? null, secondFactor: claims.mfa ?? null },
  };
}

export function needsRefresh(token: JWT, now: number = Date.now()): boolean {
  return typeof token.accessTokenExpires !== "number" || token.accessTokenExpires - now < REFRESH_MARGIN_MS;
}
