import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { CPF_WITHOUT_CASE, graphError, INVALID_NODE, resolveNode } from "@/lib/graph/bff";

// GET /bff/graph/expand?node=&depth=1..3&limit=1..500 – the node's neighbourhood (node: a node id, a CNPJ or a CPF with a case).
export const GET = withAccessToken(async (request, { token }) => {
  const params = request.nextUrl.searchParams;
  const depth = params.get("depth") ?? "1";
  const limit = params.get("limit") ?? "200";
  if (!/^[1-3]$/.test(depth)) return bffError(400, "invalid_parameter", "A profundidade vai de 1 a 3.");
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 500)
    return bffError(400, "invalid_parameter", "O limite vai de 1 a 500 nós.");
  try {
    const node = await resolveNode(params.get("node"), token, request.signal);
    if (node === "invalid") return INVALID_NODE();
    if (node === null) return CPF_WITHOUT_CASE();
    const body = await reviewFetch<unknown>("/graph/expand", {
      token,
      signal: request.signal,
      query: { node, depth, limit },
      timeoutMs: 30_000,
    });
    return NextResponse.json(body, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return graphError(error);
  }
});
