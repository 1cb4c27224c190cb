import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { CPF_WITHOUT_CASE, graphError, INVALID_NODE, resolveNode } from "@/lib/graph/bff";

// GET /bff/graph/path?from=&to=&maxDepth=1..6&k=1..5 – up to k shortest paths ("Caminho até…"; to: a node id, a CNPJ or a CPF with a case).
export const GET = withAccessToken(async (request, { token }) => {
  const params = request.nextUrl.searchParams;
  const maxDepth = params.get("maxDepth") ?? "4";
  const k = params.get("k") ?? "3";
  if (!/^[1-6]$/.test(maxDepth)) return bffError(400, "invalid_parameter", "O caminho tem de 1 a 6 passos.");
  if (!/^[1-5]$/.test(k)) return bffError(400, "invalid_parameter", "Peça de 1 a 5 caminhos.");
  try {
    const from = await resolveNode(params.get("from"), token, request.signal);
    const to = await resolveNode(params.get("to"), token, request.signal);
    if (from === "invalid" || to === "invalid") return INVALID_NODE();
    if (from === null || to === null) return CPF_WITHOUT_CASE();
    const body = await reviewFetch<unknown>("/graph/path", {
      token,
      signal: request.signal,
      query: { from, to, maxDepth, k },
      timeoutMs: 30_000,
    });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return graphError(error);
  }
});
