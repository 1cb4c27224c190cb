import { AUDIT_EVENT_TYPES } from "@/lib/contract/enum-values";

// The /audit page's filters, in its URL and in the BFF's query (type, actorId, caseId, from, to as
// São Paulo days, cursor). Runs in the browser and on the server.

export interface AuditFilters {
  type: string;
  actorId: string;
  caseId: string;
  /** YYYY-MM-DD, São Paulo time, inclusive. */
  from: string;
  to: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const EMPTY_AUDIT_FILTERS: AuditFilters = { type: "", actorId: "", caseId: "", from: "", to: "" };

export function parseAuditFilters(source: URLSearchParams): AuditFilters {
  const type = source.get("type") ?? "";
  const day = (key: string) => {
    const value = source.get(key) ?? "";
    return DAY.test(value) ? value : "";
  };
  return {
    type: (AUDIT_EVENT_TYPES as readonly string[]).includes(type) ? type : "",
    actorId: (source.get("actorId") ?? "").trim().slice(0, 36),
    caseId: (source.get("caseId") ?? "").trim().slice(0, 36),
    from: day("from"),
    to: day("to"),
  };
}

/** A problem with the typed ids or dates, in pt-BR; null when they can be sent. */
export function auditFiltersProblem(filters: AuditFilters): string | null {
  if (filters.actorId && !UUID.test(filters.actorId)) return "O ator deve ser o id (UUID) de um usuário.";
  if (filters.caseId && !UUID.test(filters.caseId)) return "O caso deve ser o id (UUID) de uma verificação.";
  if (filters.from && filters.to && filters.from > filters.to) return "A data inicial deve ser anterior à final.";
  return null;
}

/** Only what is set, for the page's URL and the BFF's query. */
export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["type", "actorId", "caseId", "from", "to"] as const) if (filters[key]) search.set(key, filters[key]);
  return search;
}

/** The review API's query: days become instants of São Paulo (UTC-3), `to` exclusive the next day. */
export function auditFiltersToApiQuery(filters: AuditFilters): Record<string, string | undefined> {
  const nextDay = (day: string) => {
    const date = new Date(`${day}T00:00:00-03:00`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString();
  };
  return {
    type: filters.type || undefined,
    actorId: filters.actorId || undefined,
    caseId: filters.caseId || undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00-03:00`).toISOString() : undefined,
    to: filters.to ? nextDay(filters.to) : undefined,
  };
}
