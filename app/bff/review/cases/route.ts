import { NextResponse } from "next/server";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readQueuePage } from "@/lib/review/queue";
import { parseFilters } from "@/lib/verifications/filters";

// GET /bff/review/cases – the team queue list (review API): the list's URL filters plus queue and
// sort; rows with owner, SLA and flags, documents masked.
export const GET = withAccessToken(async (request, { token }) => {
  const page = await readQueuePage(token, parseFilters(request.nextUrl.searchParams), request.signal);
  return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
});
