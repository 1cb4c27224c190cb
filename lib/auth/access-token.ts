import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";

// Reads the API access token from the encrypted next-auth cookie, on the server only.
// proxy.ts has already refreshed it when it was about to expire.

type GetTokenRequest = Parameters<typeof getToken>[0]["req"];

export async function getAccessTokenFromRequest(request: NextRequest): Promise<string | null> {
  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET });
  return token?.accessToken ?? null;
}

/** For server components: the same lookup through next/headers, once per request. */
export const getAccessToken = cache(async (): Promise<string | null> => {
  const req = { cookies: await cookies(), headers: await headers() } as unknown as GetTokenRequest;
  const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET });
  return token?.accessToken ?? null;
});
