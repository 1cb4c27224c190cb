// The columns of GET /api/review/v1/audit-events.csv, in its two shapes (issue 29): `labels`, for
// people (the type in words beside its code, the actor by name, what a decision said in columns of
// its own: decision, reasons, flags acknowledged, the masked document, the reason given; dates as
// pt-BR spreadsheets read them, in Brasília time; the raw data as JSON in the last column), and
// `codes`, the shape of issue 19 (codes, ISO 8601 instants in UTC, the data as JSON).
import type { AuditEvent } from "../../../lib/contract/review";
import { spreadsheetDateTime, type CsvColumns } from "../../../lib/contract/format/csv";
import { decisionLabel } from "../../../lib/contract/labels";
import { auditEventLabel, riskFlagLabel } from "../../../lib/contract/review-labels";

export interface ExportedEvent {
  event: AuditEvent;
  actorName: string | null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** Who did it, as a person reads it: the name, else the e-mail; the service itself when no one. */
function actorOf({ event, actorName }: ExportedEvent): string {
  if (!event.actor) return "Serviço (automático)";
  return actorName ?? event.actor.email ?? "";
}

export const AUDIT_COLUMNS_CODES: CsvColumns<ExportedEvent> = [
  ["id", ({ event }) => event.id],
  ["criado_em", ({ event }) => event.createdAt],
  ["tipo", ({ event }) => event.type],
  ["ator_id", ({ event }) => event.actor?.id],
  ["ator_email", ({ event }) => event.actor?.email],
  ["caso_id", ({ event }) => event.caseId],
  ["entrada_id", ({ event }) => event.entryId],
  ["request_id", ({ event }) => event.requestId],
  ["request_id_cliente", ({ event }) => event.clientRequestId],
  ["dados", ({ event }) => JSON.stringify(event.data)],
];

export const AUDIT_COLUMNS_LABELS: CsvColumns<ExportedEvent> = [
  ["id", ({ event }) => event.id],
  ["criado_em", ({ event }) => spreadsheetDateTime(event.createdAt)],
  ["tipo", ({ event }) => auditEventLabel(event.type)],
  ["tipo_codigo", ({ event }) => event.type],
  ["ator", actorOf],
  ["ator_email", ({ event }) => event.actor?.email],
  ["ator_id", ({ event }) => event.actor?.id],
  ["caso_id", ({ event }) => event.caseId],
  ["entrada_id", ({ event }) => event.entryId],
  ["request_id", ({ event }) => event.requestId],
  ["request_id_cliente", ({ event }) => event.clientRequestId],
  ["decisao", ({ event }) => (text(event.data.status) ? decisionLabel(text(event.data.status)) : "")],
  ["decisao_codigo", ({ event }) => text(event.data.status)],
  ["motivos", ({ event }) => texts(event.data.reasons).join("; ")],
  ["sinalizadores_confirmados", ({ event }) => texts(event.data.acknowledgedFlags).map(riskFlagLabel).join(", ")],
  ["sinalizadores_confirmados_codigos", ({ event }) => texts(event.data.acknowledgedFlags).join(",")],
  ["documento", ({ event }) => text(event.data.document)],
  ["motivo", ({ event }) => text(event.data.reason)],
  ["dados", ({ event }) => JSON.stringify(event.data)],
];
