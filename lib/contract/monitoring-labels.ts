// pt-BR words for monitoring's vocabulary (lib/contract/monitoring.ts): alert kinds, sources,
// states and scopes. Plain constants (types only from the contract): the console's browser code
// imports this file, as it does review-labels.ts.
import type { AlertKind, AlertState, MonitoringScope, MonitoringSource } from "./monitoring";

export const ALERT_KIND_LABELS: Readonly<Record<AlertKind, string>> = {
  sanction_added: "Nova sanção (CEIS/CNEP)",
  company_status_changed: "Situação cadastral mudou",
  partner_added: "Sócio entrou",
  partner_removed: "Sócio saiu",
  related_company_flagged: "Empresa relacionada com restrição",
  restrictive_added: "Incluído na lista restritiva",
};

export const MONITORING_SOURCE_LABELS: Readonly<Record<MonitoringSource, string>> = {
  sanctions: "Sanções (CEIS/CNEP)",
  registry: "Receita Federal",
  restrictive: "Lista restritiva",
};

export const ALERT_STATE_LABELS: Readonly<Record<AlertState, string>> = {
  open: "Aberto",
  confirmed: "Risco confirmado",
  dismissed: "Descartado",
};

export const MONITORING_SCOPE_LABELS: Readonly<Record<MonitoringScope, string>> = {
  approved: "Casos aprovados",
  decided: "Casos decididos",
  all: "Todos os casos",
};

export function alertKindLabel(kind: string): string {
  return (ALERT_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export function alertStateLabel(state: string): string {
  return (ALERT_STATE_LABELS as Record<string, string>)[state] ?? state;
}
