import type { AuditEventType, RiskFlag } from "@/lib/contract/review";

// pt-BR labels of the review API's vocabulary (lib/contract/review.ts): risk flags and audit
// event types, as the queue list, the case page ("Linha do tempo") and /audit show them; bulk
// errors and SLA states. Runs in the browser.

export const RISK_FLAG_LABELS: Record<RiskFlag, string> = {
  restrictive_list: "Lista restritiva",
  deceased: "Óbito",
  irregular_status: "Situação cadastral irregular",
  face_mismatch: "Rosto não confere",
  cnh_divergence: "Divergência na CNH",
  low_score: "Score abaixo de 400",
  ai_disagrees: "IA recomenda reprovar ou revisar",
};

export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  "decision.created": "Decisão registrada",
  "decision.proposed": "Decisão proposta (2ª revisão)",
  "decision.confirmed": "Decisão confirmada na 2ª revisão",
  "decision.overturned": "Decisão recusada na 2ª revisão",
  "case.assigned": "Caso atribuído",
  "case.taken_over": "Caso assumido de outra pessoa",
  "case.released": "Caso liberado",
  "note.created": "Nota adicionada",
  "note.edited": "Nota editada",
  "note.hidden": "Nota ocultada",
  "document.revealed": "Documento completo exibido",
  "restrictive_list.added": "Adicionado à lista restritiva",
  "restrictive_list.removed": "Removido da lista restritiva",
  "restrictive_list.imported": "Lista restritiva importada",
  "restrictive_list.exported": "Lista restritiva exportada",
  "report.downloaded": "Relatório PDF baixado",
  "cases.exported": "Casos exportados (CSV)",
  "ai_summary.generated": "Resumo da IA gerado",
  "settings.changed": "Configurações alteradas",
  "session.started": "Sessão iniciada",
  "session.ended": "Sessão encerrada",
  "audit.exported": "Auditoria exportada (CSV)",
  "audit.purged": "Eventos antigos expurgados",
};

export function auditEventLabel(type: string): string {
  return (AUDIT_EVENT_LABELS as Record<string, string>)[type] ?? type;
}

export function riskFlagLabel(flag: string): string {
  return (RISK_FLAG_LABELS as Record<string, string>)[flag] ?? flag;
}

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

export const SLA_LABELS: Record<string, string> = {
  ok: "No prazo",
  due_soon: "Prazo perto do fim",
  breached: "Prazo estourado",
  met: "Decidido no prazo",
};
