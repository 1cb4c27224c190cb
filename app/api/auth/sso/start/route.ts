import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { startSso } from "@/lib/auth/sso";
import { sameOrigin } from "@/lib/bff/origin";

// POST /api/auth/sso/start – "Entrar com SSO" ({email, callbackUrl}): answers {url}, the workspace's
// identity provider for the page to go to, and sets the cookie that binds the sign-in to this
// browser; or {error: {code}} with the reason (the page words it).
const Body = z.object({ email: z.email().max(320), callbackUrl: z.string().max(2048).optional() });

const refuse = (status: number, code: string) =>
  NextResponse.json({ error: { code } }, { status, headers: { "cache-control": "no-store" } });

export async function POST(request: NextRequest): Promise<Response> {
  if (!sameOrigin(request)) return refuse(403, "forbidden_origin");
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return refuse(400, "sso_not_available");
  try {
    return await startSso(request, parsed.data.email.trim(), parsed.data.callbackUrl ?? "");
  } catch (error) {
    if (error instanceof ApiError && error.code.startsWith("sso_")) return refuse(error.status, error.code);
    return refuse(502, "sso_provider_error");
  }
}
