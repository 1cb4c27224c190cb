import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { MemberRouting } from "@/lib/contract/routing";

// GET /bff/review/routing/members – every admin's and analyst's cap, absence and open cases (docs/routing.md).
export const GET = withAccessToken(async (request, { token }) => {
  const { members } = await reviewFetch<{ members: MemberRouting[] }>("/routing/members", { token, signal: request.signal });
  return NextResponse.json({ members }, { headers: { "cache-control": "private, no-store" } });
});
