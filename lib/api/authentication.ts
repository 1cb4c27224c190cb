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

/**
 * Signs in. `forwardedFor`: the X-Forwarded-For of the browser's request as the console received
 * it (Next.js fills in the connection's address when there is none), passed on so that the
 * service judges the sign-in by the browser's address: its per-address limit and the demo
 * password's loopback-only rule (docs/decisions.md, "Sessions").
 */
export async function authenticate(
  username: string,
  password: string,
  forwardedFor?: string | null,
  /** The browser's User-Agent, for "Sessões ativas" (issue 34: the session's device). */
  userAgent?: string | null,
): Promise<TokenPair> {
  const headers: Record<string, string> = {};
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  if (userAgent) headers["user-agent"] = userAgent;
  return toTokenPair(
    await apiFetch<unknown>("/api/v1/authentication", {
      method: "POST",
      body: { username, password },
      headers: Object.keys(headers).length > 0 ? headers : undefined,
    }),
  );
}

export async function refreshTokens(refreshToken: string): Promise<TokenPair> {
  return toTokenPair(await apiFetch<unknown>("/api/v1/authentication/refresh", { method: "POST", body: { refreshToken } }));
}

/** Ends the session (token family) of the refresh token on the service (sign-out). */
export async function logout(refreshToken: string): Promise<void> {
  await apiFetch<unknown>("/api/v1/authentication/logout", { method: "POST", body: { refreshToken }, timeoutMs: 5_000 });
}
