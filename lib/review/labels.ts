import type { RiskFlag } from "@/lib/contract/review";

// pt-BR words of the review API's codes, for the queue list, the bulk bar and the settings page.

export const FLAG_LABELS: Record<RiskFlag, string> = {
  restrictive_list: "Lista restritiva",
  deceased: "Óbito",
  irregular_status: "Situação cadastral irregular",
  face_mismatch: "Rosto não confere",
  cnh_divergence: "Divergência na CNH",
  low_score: "Score abaixo de 400",
  ai_disagrees: "IA recomenda reprovação ou revisão",
};

export function flagLabel(flag: string): string {
  return FLAG_LABELS[flag as RiskFlag] ?? flag;
}

/** Why one case of a bulk action failed, by the review API's error code. */
const BULK_ERRORS: Record<string, string> = {
  not_found: "caso não encontrado",
  duplicate_in_request: "repetido na seleção",
  conflict: "ainda não pode receber uma decisão (não concluído) ou já tem o máximo de decisões",
  reason_required: "esta decisão exige um motivo",
  reason_not_in_catalog: "motivo fora do catálogo do workspace",
  flags_not_acknowledged: "tem sinais de risco: aprove-o na página do caso, confirmando os sinais",
  awaiting_second_review: "uma decisão proposta aguarda a 2ª revisão",
  forbidden: "atribuído a outra pessoa: só um admin o reatribui",
  invalid_assignee: "o responsável escolhido não pode receber casos",
  internal_error: "falha inesperada",
};

export function bulkErrorMessage(code: string): string {
  return BULK_ERRORS[code] ?? "não foi possível concluir";
}

export const SLA_LABELS: Record<string, string> = {
  ok: "No prazo",
  due_soon: "Prazo perto do fim",
  breached: "Prazo estourado",
  met: "Decidido no prazo",
};
