import "server-only";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "./errors";

// Shared pieces of the monitoring BFF routes (app/bff/monitoring/...): ids, the queue's query
// and the service's refusals in the console's words (docs/errors.md).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isAlertId = (value: string): boolean => UUID.test(value);

export const ALERT_NOT_FOUND = "Alerta não encontrado.";

const ALLOWED = {
  state: ["open", "confirmed", "dismissed"],
  source: ["sanctions", "registry", "restrictive"],
  kind: ["sanction_added", "company_status_changed", "partner_added", "partner_removed", "related_company_flagged", "restrictive_added"],
  assignee: ["me", "none"],
} as const;

/** The queue's query for GET /alerts from the browser's params; null when one is not allowed. */
export function alertQuery(params: URLSearchParams): Record<string, string> | null {
  const query: Record<string, string> = {};
  for (const [key, allowed] of Object.entries(ALLOWED)) {
    const value = params.get(key);
    if (value === null || value === "") continue;
    if (!(allowed as readonly string[]).includes(value)) return null;
    query[key] = value;
  }
  const caseId = params.get("caseId");
  if (caseId) {
    if (!UUID.test(caseId)) return null;
    query.caseId = caseId;
  }
  const cursor = params.get("cursor");
  if (cursor) {
    if (cursor.length > 200) return null;
    query.cursor = cursor;
  }
  return query;
}

/** The service's refusals of an alert's actions, in pt-BR; other failures go to the shared translator. */
export function alertError(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === "alert_resolved")
    return bffError(409, "alert_resolved", "Este alerta já foi resolvido por outra pessoa. Recarregue para ver a resolução.");
  if (error.status === 404) return bffError(404, "not_found", ALERT_NOT_FOUND);
  if (error.status === 403)
    return bffError(403, "forbidden", "Este alerta está com outra pessoa, ou seu papel não permite esta ação (leitores só consultam).");
  if (error.status === 422)
    return bffError(422, "invalid_assignee", "Só administradores e analistas ativos do workspace podem ser responsáveis por um alerta.");
  throw error;
}
