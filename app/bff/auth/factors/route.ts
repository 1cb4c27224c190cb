import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { MemberFactors } from "@/lib/contract/mfa";

// GET /bff/auth/factors – who has a second factor (admins; the API refuses others).
export const GET = withAccessToken(async (request, { token }) => {
  const list = await reviewFetch<MemberFactors>("/auth/factors", { token, signal: request.signal });
  return NextResponse.json(list, { headers: { "cache-control": "no-store" } });
});
