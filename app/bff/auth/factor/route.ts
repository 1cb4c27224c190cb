import { NextResponse } from "next/server";
import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { withMutation } from "@/lib/bff/with-mutation";
import type { FactorStatus } from "@/lib/contract/mfa";

// GET /bff/auth/factor – the signed-in person's second factor and what the session owes (issue 34).
// DELETE /bff/auth/factor – remove it (step-up: the API may answer 401 reauthentication_required).
export const GET = withAccessToken(async (request, { token }) => {
  const status = await reviewFetch<FactorStatus>("/auth/factor", { token, signal: request.signal });
  return NextResponse.json(status, { headers: { "cache-control": "no-store" } });
});

export const DELETE = withMutation(async (_request, { token }) => {
  await reviewExchange<null>("/auth/factor", { method: "DELETE", token });
  return new NextResponse(null, { status: 204 });
});
