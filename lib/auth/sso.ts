import "server-only";
import { timingSafeEqual } from "node:crypto";
import { encode } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { apiFetch } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import { allowedOrigins } from "@/lib/bff/origin";
import { TokenPair } from "@/lib/contract/auth";
import { SSO_CALLBACK_PATH, SsoDiscovery } from "@/lib/contract/sso";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { safeCallbackUrl } from "./safe-callback-url";
import { applySessionCookie, isSecureCookie, planSessionCookie } from "./session-cookie";
import { SESSION_MAX_AGE_SECONDS, toSessionTokens } from "./session-tokens";

// The console's side of an SSO sign-in (the service is the relying party; server/sso):
// /api/auth/sso/start asks the service for the provider's URL and binds the sign-in to this
// browser with a short cookie holding its state (httpOnly, SameSite=Lax, 10 minutes, path
// /api/auth/sso); /api/auth/sso/callback accepts the provider's answer only with that cookie (a
// code from someone else's sign-in cannot be planted in this browser), hands it to the service,
// and writes the same next-auth session cookie as a password sign-in. The tokens never reach the browser.

const REVIEW = "/api/review/v1";
const COOKIE = "lupa-sso";
const COOKIE_PATH = "/api/auth/sso";
const COOKIE_SECONDS = 600;

export async function discoverSso(email: string): Promise<SsoDiscovery> {
  const body = await apiFetch<unknown>(`${REVIEW}/sso/discover`, { method: "POST", body: { email }, timeoutMs: 5_000 });
  const parsed = SsoDiscovery.safeParse(body);
  if (!parsed.success) throw ApiError.unavailable("API answered an invalid discovery");
  return parsed.data;
}

/** The console's own origin for the redirect URI (LUPA_PUBLIC_URL, else the Host). */
export function callbackUri(request: NextRequest): string {
  return `${allowedOrigins(request)[0] ?? request.nextUrl.origin}${SSO_CALLBACK_PATH}`;
}

export function loginRedirect(request: NextRequest, error: string): NextResponse {
  const url = new URL("/login", allowedOrigins(request)[0] ?? request.nextUrl.origin);
  url.searchParams.set("error", error);
  const response = NextResponse.redirect(url, 303);
  response.cookies.set(COOKIE, "", { path: COOKIE_PATH, maxAge: 0 });
  return response;
}

/**
 * The provider's URL for the browser to go to (JSON: the page navigates itself, since the console's
 * CSP `form-action 'self'` would block a form's redirect to another origin), with the binding cookie.
 */
export async function startSso(request: NextRequest, email: string, callbackUrl: string): Promise<NextResponse> {
  const answer = await apiFetch<{ authorizationUrl: string }>(`${REVIEW}/sso/authorize`, {
    method: "POST",
    body: { email, redirectUri: callbackUri(request) },
    timeoutMs: 15_000,
  });
  const url = new URL(answer.authorizationUrl);
  const state = url.searchParams.get("state");
  if (!state || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw ApiError.unavailable("API answered an invalid authorization URL");
  const response = NextResponse.json({ url: url.href }, { headers: { "cache-control": "no-store" } });
  const after = safeCallbackUrl(callbackUrl);
  response.cookies.set(COOKIE, JSON.stringify({ state, after }), {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureCookie(),
    path: COOKIE_PATH,
    maxAge: COOKIE_SECONDS,
  });
  return response;
}

function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The browser's address and User-Agent, passed on as a password sign-in does (the session's device in "Sessões ativas"). */
function deviceHeaders(request: NextRequest): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  const forwarded = request.headers.get("x-forwarded-for");
  if (forwarded && forwarded.length <= 512 && /^[0-9A-Fa-f:., ]+$/.test(forwarded)) headers["x-forwarded-for"] = forwarded;
  const agent = request.headers.get("user-agent");
  if (agent && agent.length <= 512 && /^[\x20-\x7e]+$/.test(agent)) headers["user-agent"] = agent;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/** The provider's answer: checked against the cookie, exchanged by the service, turned into the session cookie. */
export async function finishSso(request: NextRequest): Promise<NextResponse> {
  const query = request.nextUrl.searchParams;
  let bound: { state?: unknown; after?: unknown } = {};
  try {
    bound = JSON.parse(request.cookies.get(COOKIE)?.value ?? "{}");
  } catch {
    bound = {};
  }
  const state = query.get("state") ?? "";
  if (typeof bound.state !== "string" || !state || !sameState(bound.state, state)) return loginRedirect(request, "sso_state_invalid");
  const pick = (name: string) => query.get(name) ?? undefined;
  let pair: TokenPair;
  try {
    const body = await apiFetch<unknown>(`${REVIEW}/sso/callback`, {
      method: "POST",
      body: {
        state,
        code: pick("code"),
        iss: pick("iss"),
        error: pick("error"),
        errorDescription: pick("error_description")?.slice(0, 1000),
      },
      headers: deviceHeaders(request),
      timeoutMs: 20_000,
    });
    const parsed = TokenPair.safeParse(body);
    if (!parsed.success) throw ApiError.unavailable("API answered an invalid token pair");
    pair = parsed.data;
  } catch (error) {
    const code = error instanceof ApiError && error.code.startsWith("sso_") ? error.code : "sso_provider_error";
    return loginRedirect(request, code);
  }
  const tokens = toSessionTokens(pair);
  const claims = readAccessTokenClaims(pair.accessToken);
  const value = await encode({
    token: { sub: claims.sub ?? tokens.user.email, ...tokens },
    secret: process.env.NEXTAUTH_SECRET ?? "",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const after = safeCallbackUrl(typeof bound.after === "string" ? bound.after : null);
  const response = NextResponse.redirect(new URL(after, allowedOrigins(request)[0] ?? request.nextUrl.origin), 303);
  applySessionCookie(response, planSessionCookie(request, value), SESSION_MAX_AGE_SECONDS);
  response.cookies.set(COOKIE, "", { path: COOKIE_PATH, maxAge: 0 });
  return response;
}
