import type { NextRequest } from "next/server";

// Where a BFF request came from (issue 30, items 5 and 6).
//
// A mutation's Origin must be the console's own origin: the configured public URL
// (LUPA_PUBLIC_URL) when set, else the Host the request was sent to (and NEXTAUTH_URL, the URL the
// console is launched with). X-Forwarded-Host and X-Forwarded-Proto are anyone's to send: they
// count only when LUPA_TRUST_PROXY says a proxy in front of the console sets them (a client's
// `X-Forwarded-Host: evil.example` once made its own Origin acceptable).
//
// A GET that records an audit event (an export, the PDF) is refused when the browser says another
// site sent it (`Sec-Fetch-Site: cross-site`): the session cookie is SameSite=Lax, so a link or a
// form on a third-party page would carry it. The console's own links are same-origin.

/** LUPA_TRUST_PROXY set, and not false/0/off: a proxy in front of the console sets X-Forwarded-*. */
export function trustsProxy(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.LUPA_TRUST_PROXY?.trim().toLowerCase();
  return Boolean(value) && !["false", "0", "no", "off"].includes(value!);
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;

/** The origins a mutation may come from. */
export function allowedOrigins(request: NextRequest, env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = (env.LUPA_PUBLIC_URL ?? "")
    .split(",")
    .map((url) => originOf(url.trim()))
    .filter((origin): origin is string => origin !== null);
  if (configured.length > 0) return configured;
  const origins: string[] = [];
  const trusted = trustsProxy(env);
  const host = (trusted ? first(request.headers.get("x-forwarded-host")) : null) ?? request.headers.get("host");
  const forwardedProto = trusted ? first(request.headers.get("x-forwarded-proto")) : null;
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : request.nextUrl.protocol.replace(":", "");
  if (host) {
    const origin = originOf(`${scheme}://${host}`);
    if (origin) origins.push(origin);
  }
  const launched = originOf(env.NEXTAUTH_URL);
  if (launched) origins.push(launched);
  return origins;
}

export function sameOrigin(request: NextRequest, env: NodeJS.ProcessEnv = process.env): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && allowedOrigins(request, env).includes(origin);
}

/** The browser says another site sent this request. */
export function crossSite(request: Pick<NextRequest, "headers">): boolean {
  return request.headers.get("sec-fetch-site") === "cross-site";
}
