import type { NextRequest } from "next/server";
import { finishSso } from "@/lib/auth/sso";

// GET /api/auth/sso/callback – where the identity provider sends the browser back (register this
// URL at the provider): the sign-in is finished by the service and becomes the console's session.
export async function GET(request: NextRequest): Promise<Response> {
  return finishSso(request);
}
