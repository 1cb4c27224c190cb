import { NextResponse } from "next/server";
import { listVerifications } from "@/lib/api/verifications";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { filtersToApiQuery, parseFilters } from "@/lib/verifications/filters";
import { toVerificationPage } from "@/lib/verifications/to-summary";

// GET /bff/verifications – the workspace's verifications, filtered and paginated (list rows only).
export const GET = withAccessToken(async (request, { token }) => {
  const filters = parseFilters(request.nextUrl.searchParams);
  const page = toVerificationPage(await listVerifications(token, filtersToApiQuery(filters), request.signal));
  return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
});
