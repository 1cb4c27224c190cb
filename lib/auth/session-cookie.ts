import type { NextRequest, NextResponse } from "next/server";

// Writes and clears next-auth's session cookie from proxy.ts, matching next-auth v4's own naming
// and chunking (cookies above ~4 KB are split into `<name>.0`, `<name>.1`, ...).

const CHUNK_SIZE = 4096 - 163;

export function isSecureCookie(): boolean {
  return process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
}

export function sessionCookieName(secure: boolean = isSecureCookie()): string {
  return secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

function existingSessionCookies(request: NextRequest, name: string): string[] {
  return request.cookies
    .getAll()
    .map((cookie) => cookie.name)
    .filter((cookieName) => cookieName === name || cookieName.startsWith(`${name}.`));
}

/** Splits the value into the cookies next-auth would write. */
function chunks(name: string, value: string): Array<[string, string]> {
  if (value.length <= CHUNK_SIZE) return [[name, value]];
  const parts: Array<[string, string]> = [];
  for (let i = 0; i * CHUNK_SIZE < value.length; i++) parts.push([`${name}.${i}`, value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE)]);
  return parts;
}

export interface SessionCookiePlan {
  set: Array<[string, string]>;
  clear: string[];
  /** The `cookie` request header the rest of this request must see instead of the old one. */
  requestCookieHeader: string;
}

/** Works out which cookies hold the new session value, and the request header that goes with them. */
export function planSessionCookie(request: NextRequest, value: string): SessionCookiePlan {
  const name = sessionCookieName();
  const set = chunks(name, value);
  const setNames = new Set(set.map(([cookieName]) => cookieName));
  const clear = existingSessionCookies(request, name).filter((stale) => !setNames.has(stale));
  // Rebuild from the raw header so that other cookies keep their exact (encoded) values.
  const others = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => {
      const cookieName = part.split("=", 1)[0];
      return part && cookieName !== name && !cookieName.startsWith(`${name}.`);
    });
  return { set, clear, requestCookieHeader: [...others, ...set.map(([n, v]) => `${n}=${v}`)].join("; ") };
}

export function applySessionCookie(response: NextResponse, plan: SessionCookiePlan, maxAgeSeconds: number): void {
  const secure = isSecureCookie();
  for (const name of plan.clear) response.cookies.set(name, "", { path: "/", maxAge: 0 });
  for (const [name, value] of plan.set) {
    response.cookies.set(name, value, { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: maxAgeSeconds });
  }
}

export function clearSessionCookie(request: NextRequest, response: NextResponse): void {
  for (const name of existingSessionCookies(request, sessionCookieName())) {
    response.cookies.set(name, "", { path: "/", maxAge: 0 });
  }
}
