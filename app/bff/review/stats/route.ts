import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { ReviewStats } from "@/lib/contract/review";
import { parseRange, rangeStart } from "@/lib/overview/range";

// GET /bff/review/stats?range=7d|30d|90d|all – the overview's team figures (review API).
export const GET = withAccessToken(async (request, { token }) => {
  const from = rangeStart(parseRange(request.nextUrl.searchParams.get("range")));
  const stats = await reviewFetch<ReviewStats>("/stats", { token, query: { from }, signal: request.signal });
  return NextResponse.json(stats, { headers: { "cache-control": "no-store" } });
});
