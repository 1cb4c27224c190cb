import "server-only";
import { timingSafeEqual } from "node:crypto";
import { encode } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { apiFetch } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import { allowedOrigins } from "@/lib/bff/origin";
import { TokenPair } from "@/lib/contract/auth";
import { SSO_CALLBACK_PATH, SSO_STEP_UP_PARAM, SsoDiscovery } from "@/lib/contract/sso";
import { StepUpResult } from "@/lib/contract/mfa";
import { getAccessTokenFromRequest } from "./access-token";
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
//
// The step-up of a person who signs in by SSO (issue 34 item 3) takes the same road: /bff/auth/sso-step-up
// asks the service for the provider's URL (max_age=0, prompt=login) for the current session and sets
// the same cookie marked `stepUp`; the callback then hands the answer to the service with the
// session's token (POST /sso/step-up/finish: the session is renewed, no new one) and sends the browser
// back to the page it left, with `?sso_step_up=ok` (or the refusal's code) for the page to say so.

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

/** The provider's URL for a step-up of the current session (its token), with the binding cookie marked stepUp. */
export async function startSsoStepUp(request: NextRequest, token: string, returnTo: string): Promise<NextResponse> {
  const answer = await apiFetch<{ authorizationUrl: string }>(`${REVIEW}/sso/step-up/start`, {
    method: "POST",
    token,
    body: { redirectUri: callbackUri(request) },
    timeoutMs: 15_000,
  });
  const url = new URL(answer.authorizationUrl);
  const state = url.searchParams.get("state");
  if (!state || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw ApiError.unavailable("API answered an invalid authorization URL");
  const response = NextResponse.json({ url: url.href }, { headers: { "cache-control": "no-store" } });
  response.cookies.set(COOKIE, JSON.stringify({ state, after: safeCallbackUrl(returnTo), stepUp: true }), {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureCookie(),
    path: COOKIE_PATH,
    maxAge: COOKIE_SECONDS,
  });
  return response;
}

/** The step-up's end: the provider's answer to the service with the session's token, then back to the page. */
async function finishSsoStepUp(request: NextRequest, body: Record<string, string | undefined>, after: string): Promise<NextResponse> {
  let outcome = "ok";
  const token = await getAccessTokenFromRequest(request);
  try {
    if (!token) throw new ApiError(401, "unauthorized", "no session");
    const answer = await apiFetch<unknown>(`${REVIEW}/sso/step-up/finish`, { method: "POST", token, body, timeoutMs: 20_000 });
    if (!StepUpResult.safeParse(answer).success) throw ApiError.unavailable("API answered an invalid step-up");
  } catch (error) {
    outcome = error instanceof ApiError && /^(sso_[a-z_]+|unauthorized)$/.test(error.code) ? error.code : "sso_provider_error";
  }
  const url = new URL(after, allowedOrigins(request)[0] ?? request.nextUrl.origin);
  url.searchParams.set(SSO_STEP_UP_PARAM, outcome);
  const response = NextResponse.redirect(url, 303);
  response.cookies.set(COOKIE, "", { path: COOKIE_PATH, maxAge: 0 });
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
  let bound: { state?: unknown; after?: unknown; stepUp?: unknown } = {};
  try {
    bound = JSON.parse(request.cookies.get(COOKIE)?.value ?? "{}");
  } catch {
    bound = {};
  }
  const state = query.get("state") ?? "";
  if (typeof bound.state !== "string" || !state || !sameState(bound.state, state)) return loginRedirect(request, "sso_state_invalid");
  const pick = (name: string) => query.get(name) ?? undefined;
  const answer = {
    state,
    code: pick("code"),
    iss: pick("iss"),
    error: pick("error"),
    errorDescription: pick("error_description")?.slice(0, 1000),
  };
  if (bound.stepUp === true) return finishSsoStepUp(request, answer, safeCallbackUrl(typeof bound.after === "string" ? bound.after : null));
  let pair: TokenPair;
  try {
    const body = await apiFetch<unknown>(`${REVIEW}/sso/callback`, {
      method: "POST",
      body: answer,
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
