import { NextResponse } from "next/server";
import { reviewExchange, reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { graphError, UUID } from "@/lib/graph/bff";

const NOT_FOUND = "Caso não encontrado.";
/** A snapshot of 5,000 nodes with their registry data and 20,000 edges: the service's own cap is 8 MiB. */
const MAX_SNAPSHOT_BODY = 8 * 1024 * 1024;

// GET  /bff/graph/cases/:id/snapshots – the case's saved graphs, newest first.
// POST /bff/graph/cases/:id/snapshots {title?, nodes, edges, positions, releases} – "Salvar no caso".
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!UUID.test(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const body = await reviewFetch<unknown>(`/cases/${params.id}/graph-snapshots`, { token, signal: request.signal });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: NOT_FOUND },
);

export const POST = withMutation<{ id: string }>(
  async (request, { token, params }) => {
    if (!UUID.test(params.id)) return bffError(404, "not_found", NOT_FOUND);
    const input = (await readJson(request, MAX_SNAPSHOT_BODY)) as Record<string, unknown> | null;
    if (
      !Array.isArray(input?.nodes) ||
      !Array.isArray(input?.edges) ||
      typeof input?.positions !== "object" ||
      !Array.isArray(input?.releases)
    )
      return bffError(400, "invalid_request", "Envie os nós, as ligações, as posições e os releases do grafo.");
    const body: Record<string, unknown> = { nodes: input.nodes, edges: input.edges, positions: input.positions, releases: input.releases };
    if (typeof input.title === "string" && input.title.trim()) body.title = input.title.trim().slice(0, 200);
    try {
      const answer = await reviewExchange<unknown>(`/cases/${params.id}/graph-snapshots`, {
        method: "POST",
        token,
        body,
        timeoutMs: 30_000,
      });
      return NextResponse.json(answer.body, { status: 201, headers: { "cache-control": "no-store" } });
    } catch (error) {
      return graphError(error);
    }
  },
  { notFoundMessage: NOT_FOUND },
);
