import { fetchAuditCsv } from "@/lib/api/review-audit";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { auditFiltersProblem, auditFiltersToApiQuery, parseAuditFilters } from "@/lib/review/audit-filters";

// GET /bff/audit/export?filters – the audit trail as CSV, streamed on from the service as an
// attachment (auditoria-<date>.csv); the service records the export.
export const GET = withAccessToken(
  async (request, { token }) => {
    const filters = parseAuditFilters(request.nextUrl.searchParams);
    const problem = auditFiltersProblem(filters);
    if (problem) return bffError(400, "invalid_request", problem);
    const upstream = await fetchAuditCsv(token, auditFiltersToApiQuery(filters), request.signal);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="auditoria-${day}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { auditedRead: true },
);
