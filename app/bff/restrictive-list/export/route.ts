import { exportBlacklistCsv } from "@/lib/api/blacklist";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";

// GET /bff/restrictive-list/export – the whole list as CSV, streamed on from the service as an
// attachment (lista-restritiva-<date>.csv).
export const GET = withAccessToken(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    const upstream = await exportBlacklistCsv(token, workspaceId, request.signal);
    const day = new Date().toISOString().slice(0, 10);
    const disposition = upstream.headers.get("content-disposition") ?? `attachment; filename="lista-restritiva-${day}.csv"`;
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": disposition.startsWith("attachment") ? disposition : `attachment; filename="lista-restritiva-${day}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
  { auditedRead: true },
);
