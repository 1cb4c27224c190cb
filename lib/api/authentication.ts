import "server-only";
import { apiFetch } from "./client";
import { ApiError } from "./errors";
import type { TokenPair } from "./types";

// POST /api/v1/authentication, /refresh and /logout. Normalizes the two spellings of the token pair.

function toTokenPair(body: unknown): TokenPair {
  const value = (body ?? {}) as Record<string, unknown>;
  const accessToken = value.accessToken;
  const refreshToken = value.refreshToken;
  const expiresIn = Number(value.expiresIn ?? value.expires_in);
  if (typeof accessToken !== "string" || typeof refreshToken !== "string" || !Number.isFinite(expiresIn)) {
    throw ApiError.unavailable("API answered an invalid token pair");
  }
  const refreshExpiresIn = Number(value.refreshExpiresIn ?? value.refresh_expires_in);
  return {
    accessToken,
    refreshToken,
    expiresIn,
    refreshExpiresIn: Number.isFinite(refreshExpiresIn) ? refreshExpiresIn : undefined,
    tokenType: typeof value.tokenType === "string" ? value.tokenType : "Bearer",
  };
}

export async function authenticate(username: string, password: string): Promise<TokenPair> {
  return toTokenPair(await apiFetch<unknown>("/api/v1/authentication", { method: "POST", body: { username, password } }));
}

export async function refreshTokens(refreshToken: string): Promise<TokenPair> {
  return toTokenPair(await apiFetch<unknown>("/api/v1/authentication/refresh", { method: "POST", body: { refreshToken } }));
}

/** Ends the session (token family) of the refresh token on the service (sign-out). */
export async function logout(refreshToken: string): Promise<void> {
  await apiFetch<unknown>("/api/v1/authentication/logout", { method: "POST", body: { refreshToken }, timeoutMs: 5_000 });
}
