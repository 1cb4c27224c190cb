import type { JWT } from "next-auth/jwt";
import { refreshTokens } from "@/lib/api/authentication";
import { ApiError } from "@/lib/api/errors";
import { needsRefresh, toSessionTokens } from "./session-tokens";

export type RefreshOutcome =
  | { kind: "fresh"; token: JWT }
  | { kind: "refreshed"; token: JWT }
  /** The refresh token was refused (or is past its lifetime): the analyst must sign in again. */
  | { kind: "expired" }
  /** The API could not be reached; keep the current token and let the call fail on its own. */
  | { kind: "unavailable"; token: JWT };

/** Refreshes the API tokens kept in the session when the access token expires within 60 s. */
export async function refreshSession(token: JWT, now: number = Date.now()): Promise<RefreshOutcome> {
  if (!needsRefresh(token, now)) return { kind: "fresh", token };
  if (!token.refreshToken || (token.refreshTokenExpires !== undefined && token.refreshTokenExpires <= now)) {
    return { kind: "expired" };
  }
  try {
    const tokens = toSessionTokens(await refreshTokens(token.refreshToken), now);
    return { kind: "refreshed", token: { ...token, ...tokens } };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400 || error.status === 403)) return { kind: "expired" };
    return { kind: "unavailable", token };
  }
}
