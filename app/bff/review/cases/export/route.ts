import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { selectCsvRows } from "@/lib/review/csv-select";
import { fetchCasesCsv } from "@/lib/review/queue";
import { filtersToCaseFilters, parseFilters } from "@/lib/verifications/filters";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/review/cases/export?<the list's URL filters>[&ids=a,b] – the queue as CSV (review API's
// export.csv: UTF-8 with a BOM, `;`, documents masked), streamed as it arrives. With `ids` (a
// selection of the list) only those rows are kept.
export const GET = withAccessToken(
  async (request, { token }) => {
    const params = request.nextUrl.searchParams;
    const ids = (params.get("ids") ?? "")
      .split(",")
      .map((id) => id.trim().toLowerCase())
      .filter(Boolean);
    if (ids.length > 100 || ids.some((id) => !isVerificationId(id))) return bffError(400, "invalid_request", "Seleção inválida.");
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filtersToCaseFilters(parseFilters(params)))) query.set(key, String(value));
    const upstream = await fetchCasesCsv(token, query.toString(), request.signal);
    const day = new Date().toISOString().slice(0, 10);
    const body = ids.length > 0 && upstream.body ? upstream.body.pipeThrough(selectCsvRows(new Set(ids))) : upstream.body;
    const truncated = upstream.headers.get("x-export-truncated");
    return new Response(body, {
      status: 200,
      headers: {
        ...(truncated ? { "x-export-truncated": truncated } : {}),
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="verificacoes-${day}${ids.length ? "-selecao" : ""}.csv"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { auditedRead: true },
);
