// pt-BR words for the review API's vocabulary (lib/contract/review.ts): risk flags, audit event
// types and SLA states. The console (the queue list, "Linha do tempo", /audit) and the service's
// CSV exports read them from here. Plain constants: the console's browser code imports this file.
import type { AuditEventType, RiskFlag } from "./review";

export const RISK_FLAG_LABELS: Readonly<Record<RiskFlag, string>> = {
  restrictive_list: "Lista restritiva",
  deceased: "Óbito",
  irregular_status: "Situação cadastral irregular",
  face_mismatch: "Rosto não confere",
  cnh_divergence: "Divergência na CNH",
  low_score: "Score abaixo de 400",
  ai_disagrees: "IA recomenda reprovar ou revisar",
  alert_confirmed: "Alerta de monitoramento confirmado",
};

export const AUDIT_EVENT_LABELS: Readonly<Record<AuditEventType, string>> = {
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
  "ruleset.draft_saved": "Rascunho de regras salvo",
  "ruleset.published": "Versão de regras publicada",
  "ruleset.activated": "Versão de regras ativada",
  "ruleset.shadow_changed": "Sombra de regras alterada",
  "ruleset.backtested": "Simulação de regras pedida",
  "view.shared": "Visão compartilhada com a equipe",
  "view.unshared": "Visão compartilhada excluída",
  "alert.opened": "Alerta de monitoramento aberto",
  "alert.assigned": "Alerta atribuído",
  "alert.resolved": "Alerta resolvido",
  "case.monitoring_changed": "Monitoramento do caso alterado",
  "sso.settings_changed": "Login único (SSO) alterado",
  "sso.sign_in_refused": "Entrada por SSO recusada",
  // api keys (issue 34)
  "api_key.created": "Chave de API criada",
  "api_key.first_used": "Chave de API usada pela primeira vez",
  "api_key.revoked": "Chave de API revogada",
  "graph.snapshot_saved": "Grafo salvo no caso",
  "graph.exported": "Grafo exportado",
  // webhooks (issue 35)
  "webhook.created": "Webhook criado",
  "webhook.updated": "Webhook alterado",
  "webhook.deleted": "Webhook excluído",
  "webhook.secret_rotated": "Segredo do webhook trocado",
  "sign_in.refused": "Entrada recusada",
  "factor.enrolled": "Segundo fator ativado",
  "factor.disabled": "Segundo fator desativado",
  "factor.reset": "Segundo fator redefinido por um administrador",
  "factor.recovery_code_used": "Código de recuperação usado",
  step_up: "Identidade confirmada (ação sensível)",
  "case.routed": "Caso enviado a uma fila pela distribuição",
  "member.routing_changed": "Limite ou ausência de analista alterado",
};

/** ok: within the SLA; due_soon: its last quarter; breached: past it; met: decided within it. */
export const SLA_LABELS: Readonly<Record<string, string>> = {
  ok: "No prazo",
  due_soon: "Prazo perto do fim",
  breached: "Prazo estourado",
  met: "Decidido no prazo",
};

export function auditEventLabel(type: string): string {
  return (AUDIT_EVENT_LABELS as Record<string, string>)[type] ?? type;
}

export function riskFlagLabel(flag: string): string {
  return (RISK_FLAG_LABELS as Record<string, string>)[flag] ?? flag;
}

export const slaLabel = (state: string | null | undefined) => (state ? (SLA_LABELS[state] ?? state) : "");
