import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { json } from "@/lib/bff/review-case";
import { withAccessToken } from "@/lib/bff/with-access-token";
import type { AuditEventList } from "@/lib/contract/review";
import { auditFiltersProblem, auditFiltersToApiQuery, parseAuditFilters } from "@/lib/review/audit-filters";

// GET /bff/audit/events?type&actorId&caseId&from&to&cursor – the workspace's audit trail, newest
// first, 50 a page (admins; the review API refuses other roles).
export const GET = withAccessToken(async (request, { token }) => {
  const search = request.nextUrl.searchParams;
  const filters = parseAuditFilters(search);
  const problem = auditFiltersProblem(filters);
  if (problem) return bffError(400, "invalid_request", problem);
  const cursor = search.get("cursor")?.slice(0, 200) || undefined;
  const page = await reviewFetch<AuditEventList>("/audit-events", {
    token,
    signal: request.signal,
    query: { ...auditFiltersToApiQuery(filters), cursor, limit: 50 },
  });
  return json(page);
});
