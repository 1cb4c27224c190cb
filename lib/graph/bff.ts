import "server-only";
import { getEnrichmentRoot } from "@/lib/api/enrichments";
import { reviewFetch } from "@/lib/api/review";
import { getVerification } from "@/lib/api/verifications";
import { relatedPartyOf } from "@/lib/verifications/to-detail";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "@/lib/bff/errors";
import type { CaseList } from "@/lib/contract/review";
import { readNodeInput } from "./node-input";

// The investigation page's BFF helpers: a CNPJ, CPF or node id to a node of the graph, and the
// service's refusals in the console's words (docs/investigate.md).

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The node a text names: a node id or a CNPJ directly; a CPF through the workspace's newest case
 * on it (the registry never publishes a full CPF, so a CPF reaches the graph only through a case).
 * Null when nothing matches; "invalid" when the text is neither.
 */
export async function resolveNode(raw: string | null, token: string, signal?: AbortSignal): Promise<string | null | "invalid"> {
  const input = readNodeInput(raw);
  switch (input.kind) {
    case "invalid":
      return "invalid";
    case "node":
    case "cnpj":
      return input.id;
    case "cpf":
      return personByCpf(input.digits, token, signal);
    case "case": {
      const record = await getVerification(token, input.caseId, signal);
      const digits = record.nationalId.replace(/\D/g, "");
      return digits.length === 14 ? `company:${digits}` : `person:${record.id}`;
    }
    case "related": {
      const party = relatedPartyOf(await getVerification(token, input.caseId, signal), input.key);
      const digits = party?.document?.replace(/\D/g, "") ?? "";
      if (digits.length === 14) return `company:${digits}`;
      return digits.length === 11 ? personByCpf(digits, token, signal) : null;
    }
    case "enrichment": {
      const digits = (await getEnrichmentRoot(token, input.enrichmentId, signal)).document.replace(/\D/g, "");
      if (digits.length === 14) return `company:${digits}`;
      return digits.length === 11 ? personByCpf(digits, token, signal) : null;
    }
  }
}

/** A CPF's node: the workspace's newest case on it (the registry never publishes a full CPF). */
async function personByCpf(digits: string, token: string, signal?: AbortSignal): Promise<string | null> {
  const found = await reviewFetch<CaseList>("/cases", { token, signal, query: { search: digits, limit: 1, page: 1 } });
  const match = found.cases[0];
  return match ? `person:${match.id}` : null;
}

export const INVALID_NODE = () =>
  bffError(400, "invalid_parameter", "Informe um CNPJ (14 dígitos), um CPF (11 dígitos) ou escolha um nó do grafo.");

export const CPF_WITHOUT_CASE = () =>
  bffError(
    404,
    "not_found",
    "Nenhum caso deste workspace tem este CPF. A Receita publica o CPF dos sócios mascarado: um CPF entra no grafo pelo caso que o verificou.",
  );

/** The graph routes' refusals in pt-BR; other failures go to the shared translator. */
export function graphError(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 404) return bffError(404, "not_found", "Nó não encontrado no grafo (nem no registro, nem nos casos do workspace).");
  if (error.status === 400) return bffError(400, error.code || "invalid_parameter", "Parâmetros inválidos para o grafo.");
  if (error.status === 413)
    return bffError(413, "payload_too_large", "O grafo é grande demais para salvar (até 5.000 nós e 20.000 ligações).");
  if (error.status === 403) return bffError(403, "forbidden", "Seu papel não permite esta ação no grafo.");
  throw error;
}
