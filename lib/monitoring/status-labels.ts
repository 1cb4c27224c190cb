// pt-BR words of the monitoring status (GET /api/review/v1/monitoring/status): run states and the
// reasons a watched document was not compared. Plain constants: the overview imports this file.
import type { RunState } from "@/lib/contract/monitoring";

export const RUN_STATE_LABELS: Readonly<Record<RunState, string>> = {
  queued: "Na fila",
  running: "Em andamento",
  done: "Concluída",
  failed: "Falhou",
};

const UNCHECKED_REASON_LABELS: Readonly<Record<string, string>> = {
  pending: "Aguardando a próxima comparação com a versão mais recente",
  not_in_registry: "CNPJ ausente da versão atual da Receita",
  no_name: "CPF sem nome: os sócios mascarados da Receita não podem ser casados",
};

/** A reason code as a phrase; an unknown code is shown readable ("a_b" -> "a b"). */
export function uncheckedReasonLabel(code: string): string {
  return UNCHECKED_REASON_LABELS[code] ?? code.replace(/_/g, " ");
}
