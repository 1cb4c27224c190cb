// The webhooks' event catalogue and its pt-BR labels (docs/webhooks.md), plain constants: the
// console's browser code imports this file (lib/contract/webhooks.ts, with zod, is for the service
// and the BFF).

/** Every event a webhook endpoint may subscribe to (docs/webhooks.md gives each payload). */
export const WEBHOOK_EVENT_TYPES = [
  "case.created",
  "case.assigned",
  "case.released",
  "case.taken_over",
  "decision.created",
  "decision.proposed",
  "decision.confirmed",
  "decision.overturned",
  "note.created",
  "alert.opened",
  "alert.resolved",
  "ruleset.activated",
  "restrictive_list.added",
  "restrictive_list.removed",
  "enrichment.completed",
  "verification.completed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** pt-BR labels of the events, for the console. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  "case.created": "Caso criado",
  "case.assigned": "Caso atribuído",
  "case.released": "Caso liberado",
  "case.taken_over": "Caso assumido",
  "decision.created": "Decisão registrada",
  "decision.proposed": "Decisão proposta (4 olhos)",
  "decision.confirmed": "Decisão confirmada",
  "decision.overturned": "Decisão revertida",
  "note.created": "Nota criada",
  "alert.opened": "Alerta aberto",
  "alert.resolved": "Alerta resolvido",
  "ruleset.activated": "Regras ativadas",
  "restrictive_list.added": "Incluído na lista restritiva",
  "restrictive_list.removed": "Removido da lista restritiva",
  "enrichment.completed": "Enriquecimento concluído",
  "verification.completed": "Verificação concluída",
};
