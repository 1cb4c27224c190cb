import "server-only";
import { TokenPair } from "@/lib/contract/auth";
import { apiFetch } from "./client";
import { ApiError } from "./errors";

// POST /api/v1/authentication, /refresh and /logout: the contract's token pair, checked on arrival.

function toTokenPair(body: unknown): TokenPair {
  const parsed = TokenPair.safeParse(body);
  if (!parsed.success) throw ApiError.unavailable("API answered an invalid token pair");
  return parsed.data;
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
