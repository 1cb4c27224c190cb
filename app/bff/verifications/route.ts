import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { listVerifications } from "@/lib/api/verifications";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readQueuePage } from "@/lib/review/queue";
import { filtersToApiQuery, parseFilters } from "@/lib/verifications/filters";
import { toVerificationPage } from "@/lib/verifications/to-summary";

// GET /bff/verifications – the workspace's verifications, filtered and paginated (list rows only).
// A list URL of the team queue (queue, sort, stuck or namedQueue, which only the review API answers) reads
// the queue list, so the case page's n/p follow the queue the analyst came from; against a
// deployment without the review API (404) those parameters are dropped.
export const GET = withAccessToken(async (request, { token }) => {
  const filters = parseFilters(request.nextUrl.searchParams);
  if (filters.queue || filters.sort || filters.stuck || filters.namedQueue) {
    try {
      return NextResponse.json(await readQueuePage(token, filters, request.signal), { headers: { "cache-control": "no-store" } });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const page = toVerificationPage(await listVerifications(token, filtersToApiQuery(filters), request.signal));
  return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
});
