import { NextResponse } from "next/server";
import { getVerificationStats } from "@/lib/api/verification-stats";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { parseRange, rangeStart } from "@/lib/overview/range";

// GET /bff/verifications/stats?range=7d|30d|90d|all – the overview's figures for the range.
export const GET = withAccessToken(async (request, { token }) => {
  const range = parseRange(request.nextUrl.searchParams.get("range"));
  const stats = await getVerificationStats(token, { from: rangeStart(range) }, request.signal);
  return NextResponse.json(stats, { headers: { "cache-control": "no-store" } });
});
