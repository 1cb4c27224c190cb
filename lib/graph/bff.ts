import "server-only";
import { reviewFetch } from "@/lib/api/review";
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
  if (input.kind === "invalid") return "invalid";
  if (input.kind !== "cpf") return input.id;
  const found = await reviewFetch<CaseList>("/cases", { token, signal, query: { search: input.digits, limit: 1, page: 1 } });
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
