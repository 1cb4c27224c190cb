import "server-only";
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import type { NetworkOwner } from "@/lib/api/enrichments";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { loadGraph, loadNodeLawsuits } from "./load";

// GET handlers of the graph for both owners (enrichment, verification): the laid-out network,
// and one node's lawsuits. 409 while the collection runs (the page retries).

const NODE_REF = /^nod_[A-Za-z0-9_-]{22}$/;

function notReady(error: unknown): Response | null {
  if (error instanceof ApiError && error.status === 409) {
    return bffError(409, "not_ready", "A rede fica disponível quando a coleta terminar.");
  }
  return null;
}

export function networkHandler(kind: NetworkOwner["kind"], isId: (id: string) => boolean, notFound: string) {
  return withAccessToken<{ id: string }>(
    async (request, { token, params }) => {
      if (!isId(params.id)) return bffError(404, "not_found", notFound);
      try {
        const graph = await loadGraph(token, { kind, id: params.id }, request.signal);
        return NextResponse.json(graph, { headers: { "cache-control": "no-store" } });
      } catch (error) {
        const answer = notReady(error);
        if (answer) return answer;
        throw error;
      }
    },
    { notFoundMessage: notFound },
  );
}

export function nodeHandler(kind: NetworkOwner["kind"], isId: (id: string) => boolean) {
  return withAccessToken<{ id: string; ref: string }>(
    async (request, { token, params }) => {
      if (!isId(params.id) || !NODE_REF.test(params.ref)) return bffError(404, "not_found", "Nó da rede não encontrado.");
      try {
        const lawsuits = await loadNodeLawsuits(token, { kind, id: params.id }, params.ref, request.signal);
        return NextResponse.json(lawsuits, { headers: { "cache-control": "no-store" } });
      } catch (error) {
        const answer = notReady(error);
        if (answer) return answer;
        throw error;
      }
    },
    { notFoundMessage: "Nó da rede não encontrado." },
  );
}
