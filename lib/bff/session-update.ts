import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { encode, getToken } from "next-auth/jwt";
import type { TokenPair } from "@/lib/api/types";
import { applySessionCookie, planSessionCookie } from "@/lib/auth/session-cookie";
import { SESSION_MAX_AGE_SECONDS, toSessionTokens } from "@/lib/auth/session-tokens";

// The second step of a sign-in (issue 34) answers a full token pair of the same API session: it
// replaces the limited one in next-auth's encrypted cookie, here where a route handler can write it
// (as proxy.ts does after a refresh). The tokens never reach the browser.

export async function writeSessionTokens(request: NextRequest, response: NextResponse, pair: TokenPair): Promise<void> {
  const secret = process.env.NEXTAUTH_SECRET ?? "";
  const current = await getToken({ req: request, secret });
  const value = await encode({ token: { ...(current ?? {}), ...toSessionTokens(pair) }, secret, maxAge: SESSION_MAX_AGE_SECONDS });
  applySessionCookie(response, planSessionCookie(request, value), SESSION_MAX_AGE_SECONDS);
}
