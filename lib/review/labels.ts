import { riskFlagLabel, RISK_FLAG_LABELS } from "@/lib/contract/review-labels";
import { alertKindLabel, alertStateLabel } from "@/lib/contract/monitoring-labels";
import { ssoRefusalLabel } from "@/lib/contract/sso-values";

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
  if (type === "session.started" && data.method === "sso") parts.push("por login único (SSO)");
  if (type === "sso.settings_changed" && data.deleted === true) parts.push("removido");
  if (type === "sso.sign_in_refused" && typeof data.reason === "string") parts.push(ssoRefusalLabel(data.reason));
  else if (type === "sign_in.refused" || type === "step_up" || type === "session.started" || type.startsWith("factor."))
    parts.push(...authDetail(type, data));
  else if (typeof data.reason === "string") parts.push(`motivo: ${data.reason}`);
  if (type === "sso.sign_in_refused" && data.step === "step_up") parts.push("ao confirmar a identidade");
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
  // api keys (issue 34): the key's name and prefix, never its secret
  if (type.startsWith("api_key.") && typeof data.name === "string") parts.push(data.name);
  if (type.startsWith("api_key.") && typeof data.prefix === "string") parts.push(`${data.prefix}…`);
  // the investigation graph (issue 33)
  if (type === "graph.snapshot_saved" && typeof data.title === "string") parts.push(data.title);
  if (type === "graph.exported" && typeof data.format === "string") parts.push(data.format === "csv" ? "CSV" : data.format.toUpperCase());
  if (type.startsWith("graph.") && typeof data.nodeCount === "number") parts.push(`${data.nodeCount.toLocaleString("pt-BR")} nós`);
  return parts.join(" · ");
}

// the sign-in, second factor and step-up events (issue 34): their codes in pt-BR, never raw
const SIGN_IN_REASONS: Record<string, string> = {
  invalid_password: "senha incorreta",
  disabled: "usuário desativado",
  invalid_code: "código do autenticador incorreto",
  invalid_recovery_code: "código de recuperação inválido",
};
const SIGN_IN_STEPS: Record<string, string> = {
  sign_in: "ao entrar",
  second_factor: "no segundo fator",
  step_up: "ao confirmar a identidade",
};
const FACTOR_METHODS: Record<string, string> = {
  password: "com senha",
  totp: "com senha e código do autenticador",
  recovery_code: "com senha e código de recuperação",
};

function authDetail(type: string, data: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const word = (table: Record<string, string>, value: unknown) => (typeof value === "string" ? table[value] : undefined);
  if (type === "sign_in.refused") parts.push(word(SIGN_IN_REASONS, data.reason) ?? "recusada", word(SIGN_IN_STEPS, data.step) ?? "");
  if (type === "step_up") parts.push(data.method === "sso" ? "pelo login único (SSO)" : (word(FACTOR_METHODS, data.method) ?? ""));
  if (type === "session.started") parts.push(word(FACTOR_METHODS, data.secondFactor) ?? word(FACTOR_METHODS, data.method) ?? "");
  if (type === "factor.reset" && typeof data.email === "string") parts.push(`de ${data.email}`);
  if (type === "factor.reset" && data.by === "admin-cli") parts.push("pela linha de comando do servidor");
  if (type === "factor.recovery_code_used" && typeof data.left === "number") parts.push(`restam ${data.left}`);
  return parts.filter(Boolean);
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
