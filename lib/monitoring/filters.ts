// The Alertas queue's filters (kept in the URL: shareable, the back button works) and how they
// become the review API's query (GET /api/review/v1/alerts). Plain code: the browser reads it.
import { ALERT_KIND_LABELS, ALERT_STATE_LABELS, MONITORING_SOURCE_LABELS } from "@/lib/contract/monitoring-labels";
import type { AlertKind, AlertState, MonitoringSource } from "@/lib/contract/monitoring";

export interface AlertFilters {
  state: AlertState;
  source: MonitoringSource | null;
  kind: AlertKind | null;
  /** "Meus" (me) or "Sem responsável" (none); null: anyone. */
  assignee: "me" | "none" | null;
}

export const DEFAULT_ALERT_FILTERS: AlertFilters = { state: "open", source: null, kind: null, assignee: null };

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;

export const ALERT_STATES_LIST = Object.keys(ALERT_STATE_LABELS) as AlertState[];
export const ALERT_SOURCES_LIST = Object.keys(MONITORING_SOURCE_LABELS) as MonitoringSource[];
export const ALERT_KINDS_LIST = Object.keys(ALERT_KIND_LABELS) as AlertKind[];

/** The filters of a URL's search params; unknown values fall back to the default (no error page). */
export function alertFiltersFrom(params: { get(name: string): string | null }): AlertFilters {
  return {
    state: pick(params.get("state"), ALERT_STATES_LIST) ?? "open",
    source: pick(params.get("source"), ALERT_SOURCES_LIST),
    kind: pick(params.get("kind"), ALERT_KINDS_LIST),
    assignee: pick(params.get("assignee"), ["me", "none"] as const),
  };
}

/** The filters as search params (the default state is left out, so /alerts is the open queue). */
export function alertFiltersToParams(filters: AlertFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state !== "open") params.set("state", filters.state);
  if (filters.source) params.set("source", filters.source);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.assignee) params.set("assignee", filters.assignee);
  return params;
}
