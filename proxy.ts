import { NextResponse, type NextRequest } from "next/server";
import { encode, getToken } from "next-auth/jwt";
import { refreshSession } from "@/lib/auth/refresh-session";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-tokens";
import { applySessionCookie, clearSessionCookie, planSessionCookie } from "@/lib/auth/session-cookie";
import { contentSecurityPolicy, HSTS, newNonce, servedOverHttps, STATIC_SECURITY_HEADERS } from "@/lib/security/headers";

// Every page and BFF route needs a session (next-auth's own routes and /login excepted).
// Here, where cookies can be written, the API access token is refreshed when it expires within
// 60 s; the new session cookie goes to the browser and to the rest of this request.

function signInRedirect(request: NextRequest, error?: string): NextResponse {
  const url = new URL("/login", request.url);
  const { pathname, search } = request.nextUrl;
  if (pathname !== "/") url.searchParams.set("callbackUrl", `${pathname}${search}`);
  if (error) url.searchParams.set("error", error);
  return NextResponse.redirect(url);
}

function unauthenticated(request: NextRequest, error?: string): NextResponse {
  if (request.nextUrl.pathname.startsWith("/bff/")) {
    return NextResponse.json({ error: { code: "unauthorized", message: "Sessão expirada. Entre novamente." } }, { status: 401 });
  }
  return signInRedirect(request, error);
}

/**
 * Every answer of the proxy carries the security headers: a Content-Security-Policy with this
 * request's nonce (Next.js reads it from the request's own CSP header, see `forward`), HSTS over
 * https, and the static ones (also set by next.config.ts for what the proxy does not see).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = newNonce();
  const https = servedOverHttps(request);
  const csp = contentSecurityPolicy(nonce, { https, development: process.env.NODE_ENV === "development" });
  const response = await route(request, (headers = new Headers(request.headers)) => {
    headers.set("x-nonce", nonce);
    headers.set("content-security-policy", csp);
    return headers;
  });
  response.headers.set("Content-Security-Policy", csp);
  for (const { key, value } of STATIC_SECURITY_HEADERS) response.headers.set(key, value);
  if (https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

/** The request headers the rest of the request sees: the nonce added (to the given ones, if any). */
type Forward = (headers?: Headers) => Headers;

async function route(request: NextRequest, forward: Forward): Promise<NextResponse> {
  const secret = process.env.NEXTAUTH_SECRET;
  const token = await getToken({ req: request, secret });
  const now = Date.now();

  if (request.nextUrl.pathname === "/login") {
    const signedIn = token?.accessToken && (token.refreshTokenExpires ?? 0) > now && (token.accessTokenExpires ?? 0) > now;
    return signedIn ? NextResponse.redirect(new URL("/overview", request.url)) : NextResponse.next({ request: { headers: forward() } });
  }

  if (!token?.accessToken) return unauthenticated(request);

  const outcome = await refreshSession(token, now);
  if (outcome.kind === "expired") {
    const response = unauthenticated(request, "SessionExpired");
    clearSessionCookie(request, response);
    return response;
  }
  const gate = secondStepGate(request, (outcome.kind === "refreshed" ? outcome.token : token).user?.secondFactor ?? null);
  if (outcome.kind !== "refreshed") return gate ?? NextResponse.next({ request: { headers: forward() } });

  const value = await encode({ token: outcome.token, secret: secret ?? "", maxAge: SESSION_MAX_AGE_SECONDS });
  const plan = planSessionCookie(request, value);
  const headers = new Headers(request.headers);
  headers.set("cookie", plan.requestCookieHeader);
  const response = gate ?? NextResponse.next({ request: { headers: forward(headers) } });
  applySessionCookie(response, plan, SESSION_MAX_AGE_SECONDS);
  return response;
}

/** The sign-in's second step (issue 34): the page that asks for the code, or the enrolment the workspace requires. */
const SECOND_STEP_PAGE = "/login/second-factor";

/**
 * A session that still owes its second factor reaches only the second-step page and the BFF's
 * /bff/auth routes (the API refuses its token elsewhere anyway); one that owes nothing has no
 * business on that page. Null: go on.
 */
function secondStepGate(request: NextRequest, owed: string | null): NextResponse | null {
  const path = request.nextUrl.pathname;
  const allowed = path === SECOND_STEP_PAGE || path.startsWith("/bff/auth/");
  if (owed && !allowed) {
    if (path.startsWith("/bff/"))
      return NextResponse.json(
        { error: { code: "second_factor_required", message: "Confirme o segundo fator para continuar." } },
        { status: 401 },
      );
    const url = new URL(SECOND_STEP_PAGE, request.url);
    if (path !== "/" && path !== "/overview") url.searchParams.set("callbackUrl", `${path}${request.nextUrl.search}`);
    return NextResponse.redirect(url);
  }
  if (!owed && path === SECOND_STEP_PAGE) return NextResponse.redirect(new URL("/overview", request.url));
  return null;
}

export const config = {
  matcher: ["/((?!api/auth|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt).*)"],
};
