import { riskFlagLabel, RISK_FLAG_LABELS } from "@/lib/contract/review-labels";
import { alertKindLabel, alertStateLabel } from "@/lib/contract/monitoring-labels";

// pt-BR labels of the review API's vocabulary as the queue list, the case page ("Linha do tempo")
// and /audit show them: the words themselves are the contract's (lib/contract/review-labels.ts);
// here, the sentences built from them, and bulk errors. Runs in the browser.

export { AUDIT_EVENT_LABELS, auditEventLabel, RISK_FLAG_LABELS, riskFlagLabel, SLA_LABELS } from "@/lib/contract/review-labels";

/** "Lista restritiva, Óbito e Score abaixo de 400". */
export function joinFlags(flags: readonly string[]): string {
  const labels = flags.map(riskFlagLabel);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} e ${labels[labels.length - 1]}`;
}

const STATUS_LABELS: Record<string, string> = { APPROVED: "Aprovada", REPROVED: "Reprovada", STANDBY: "Em espera", WAIVED: "Dispensada" };

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** One line of what an event changed, in pt-BR (its data holds ids, statuses, masked documents). */
/** `nameOf`: a person's display name by id (assignments name who a case went to, and from whom). */
export function auditEventDetail(type: string, data: Record<string, unknown>, nameOf?: (id: string) => string): string {
  const parts: string[] = [];
  if (nameOf && type.startsWith("case.")) {
    if (type === "case.taken_over" && typeof data.from === "string") parts.push(`de ${nameOf(data.from)}`);
    if (typeof data.to === "string") parts.push(`para ${nameOf(data.to)}`);
  }
  if (type.startsWith("alert.") && typeof data.kind === "string") parts.push(alertKindLabel(data.kind));
  if (type === "alert.resolved" && typeof data.resolution === "string") parts.push(alertStateLabel(data.resolution));
  if (nameOf && type === "alert.assigned") parts.push(typeof data.to === "string" ? `para ${nameOf(data.to)}` : "liberado");
  if (type === "case.monitoring_changed" && typeof data.to === "boolean")
    parts.push(data.to ? "monitoramento ligado" : "monitoramento desligado");
  if (typeof data.status === "string") parts.push(STATUS_LABELS[data.status] ?? data.status);
  const reasons = list(data.reasons);
  if (reasons.length) parts.push(`motivos: ${reasons.join(", ")}`);
  const acknowledged = list(data.acknowledgedFlags);
  if (acknowledged.length) parts.push(`sinais reconhecidos: ${joinFlags(acknowledged)}`);
  if (typeof data.document === "string") parts.push(data.document);
  if (typeof data.enrichmentId === "string") parts.push(`enriquecimento ${data.enrichmentId}`);
  if (typeof data.reason === "string") parts.push(`motivo: ${data.reason}`);
  if (type === "note.created" || type === "note.edited") if (typeof data.length === "number") parts.push(`${data.length} caracteres`);
  if (typeof data.by === "string" && data.by === "decision") parts.push("ao decidir");
  if (typeof data.by === "string" && data.by === "next") parts.push("pelo próximo caso");
  // routing (docs/routing.md): the rule that took the case, and the queue it sent it to
  if (typeof data.by === "string" && data.by === "routing") parts.push("pela distribuição");
  if (type === "case.routed" && typeof data.queue === "string") parts.push(`fila ${data.queue}`);
  const rule = data.rule as { name?: unknown } | undefined;
  if ((type === "case.assigned" || type === "case.routed" || type === "alert.assigned") && typeof rule?.name === "string")
    parts.push(`regra “${rule.name}”`);
  if (type === "ai_summary.generated" && data.regenerated === true) parts.push("gerado novamente");
  if (type === "restrictive_list.imported" && typeof data.added === "number") parts.push(`${data.added} adicionados`);
  if (type === "audit.purged" && typeof data.deleted === "number") parts.push(`${data.deleted} eventos`);
  return parts.join(" · ");
}

/** The same words under the names the queue list uses. */
export const FLAG_LABELS = RISK_FLAG_LABELS;
export const flagLabel = riskFlagLabel;

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
