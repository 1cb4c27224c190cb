import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { discoverSso } from "@/lib/auth/sso";
import { sameOrigin } from "@/lib/bff/origin";

// POST /api/auth/sso/discover – {email}: whether the e-mail's domain signs in with SSO, and whether
// the password stays allowed (the service answers from the domain only; nothing about the person).
const Body = z.object({ email: z.email().max(320) });

export async function POST(request: NextRequest): Promise<Response> {
  if (!sameOrigin(request))
    return NextResponse.json({ error: { code: "forbidden_origin", message: "Origem não permitida." } }, { status: 403 });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return NextResponse.json({ error: { code: "invalid_request", message: "E-mail inválido." } }, { status: 400 });
  try {
    return NextResponse.json(await discoverSso(parsed.data.email), { headers: { "cache-control": "no-store" } });
  } catch {
    // the password form stays: without an answer, nothing is offered beyond it
    return NextResponse.json({ sso: false, passwordAllowed: true }, { headers: { "cache-control": "no-store" } });
  }
}
