import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { UUID } from "@/lib/graph/bff";

const NOT_FOUND = "Grafo salvo não encontrado neste caso.";

// GET /bff/graph/cases/:id/snapshots/:snapshotId – one saved graph as it was saved (`/investigate?case=&snapshot=`).
export const GET = withAccessToken<{ id: string; snapshotId: string }>(
  async (request, { token, params }) => {
    if (!UUID.test(params.id) || !UUID.test(params.snapshotId)) return bffError(404, "not_found", NOT_FOUND);
    const body = await reviewFetch<unknown>(`/cases/${params.id}/graph-snapshots/${params.snapshotId}`, {
      token,
      signal: request.signal,
      timeoutMs: 30_000,
    });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);
