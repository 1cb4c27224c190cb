import type { AiSummary } from "@/lib/contract/ai-summary";

// What GET /bff/verifications/:id/ai-summary answers ("Resumo da IA" panel): the stored summary,
// or why there is none. The service's answers behind each state: docs/decisions.md, "v2 AI summary".
export type AiSummaryState =
  /** Stored: verdict, risk, paragraph, highlights, mismatches, model. */
  | { state: "ready"; summary: AiSummary }
  /** None made yet, and one may be made (by a role with verifications:write: "Gerar resumo"). */
  | { state: "not_made" }
  /** AI is off for the verification's scoring profile and was not requested: none can be made. */
  | { state: "disabled" }
  /** The verification is ANALYZING: the summary is being made. */
  | { state: "analyzing" }
  /** A legacy-flow verification (no scoring profile): no summary. */
  | { state: "legacy" }
  /** Not completed (CREATED, PROCESSING, CNH_EXTRACT, FAILED). */
  | { state: "not_completed" };

export const VERDICT_LABELS: Record<AiSummary["verdict"], string> = {
  APPROVE: "Aprovação",
  REVIEW: "Revisão",
  REJECT: "Reprovação",
};

export const RISK_LABELS: Record<AiSummary["riskLevel"], string> = {
  low: "Risco baixo",
  medium: "Risco médio",
  high: "Risco alto",
};

export const FALLBACK_LABELS: Record<NonNullable<AiSummary["fallback"]>, string> = {
  timeout: "o modelo não respondeu a tempo",
  http_error: "o modelo respondeu com erro",
  network_error: "o modelo não pôde ser alcançado",
  invalid_output: "a resposta do modelo não era válida",
};
