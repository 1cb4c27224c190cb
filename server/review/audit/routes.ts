// The audit trail's reads (issue 19):
// GET /api/review/v1/cases/{id}/events       – one case's events, newest first (every role that reads)
// GET /api/review/v1/audit-events            – the workspace's events (admins), filtered, with a cursor
// GET /api/review/v1/audit-events.csv        – the same, streamed as CSV (records audit.exported)
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { AUDIT_EVENT_TYPES, AuditEventList, ExportFormat, type AuditEventType } from "../../../lib/contract/review";
import { BOM, csvHeader, csvLine } from "../../../lib/contract/format/csv";
import { getCaseRow, UUID } from "../cases/queries";
import { namedUsers, type NamedUser } from "../user-refs";
import { AUDIT_COLUMNS_CODES, AUDIT_COLUMNS_LABELS } from "./csv";
import { callerEvent, recordEvent } from "./record";
import { listAuditEvents, type AuditFilters } from "./queries";

const tags = ["review audit"];
export const AUDIT_CSV_MAX_ROWS = 1_000_000;
const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const types = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    const list = text.split(",").map((t) => t.trim());
    for (const t of list) {
      if (!(AUDIT_EVENT_TYPES as readonly string[]).includes(t)) {
        ctx.addIssue({ code: "custom", message: `unknown event type (one or more of ${AUDIT_EVENT_TYPES.join(", ")}, comma-separated)` });
        return z.NEVER;
      }
    }
    return [...new Set(list)] as AuditEventType[];
  });
const limit = z
  .string()
  .regex(/^\d{1,9}$/, "must be an integer")
  .transform(Number)
  .pipe(z.number().int().min(1).max(200))
  .default(50);
const filterParams = {
  type: types.optional().describe("one or more event types, comma-separated"),
  actorId: z.guid().optional(),
  caseId: z.guid().optional(),
  from: instant.optional().describe("created at or after (RFC 3339)"),
  to: instant.optional().describe("created before (RFC 3339)"),
};
const AuditQuery = z.object({ ...filterParams, cursor: z.string().max(200).optional(), limit }).strict();
const AuditCsvQuery = z.object({ ...filterParams, format: ExportFormat }).strict();
const CaseEventsQuery = z.object({ type: types.optional(), cursor: z.string().max(200).optional(), limit }).strict();

function filtersOf(q: { type?: AuditEventType[]; actorId?: string; caseId?: string; from?: Date; to?: Date }): AuditFilters {
  if (q.from && q.to && q.from >= q.to) throw new ApiError("invalid_date_range", "from must be before to");
  return { types: q.type, actorId: q.actorId, caseId: q.caseId, from: q.from, to: q.to };
}

export function registerAuditRoutes(app: FastifyInstance, s: Services): void {
  const secret = s.config.cursorSecret;

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/:id/events",
    permission: "review:read",
    tags,
    summary: "A case's timeline, newest first",
    description: "type (one or more, comma-separated), cursor, limit (1 to 200, default 50). Answers {events, nextCursor}.",
    params: z.object({ id: z.string().max(100) }),
    query: CaseEventsQuery,
    response: { 200: AuditEventList, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, query, caller }) => {
      const row = UUID.test(params.id) ? await getCaseRow(s.db, caller.workspaceId, params.id.toLowerCase()) : null;
      if (!row) throw new ApiError("not_found", "case not found");
      const { events, nextCursor } = await listAuditEvents(
        s.db,
        caller.workspaceId,
        { types: query.type, caseId: row.id },
        { cursor: query.cursor, limit: query.limit },
        secret,
      );
      return { events, nextCursor };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/audit-events",
    permission: "review:admin",
    tags,
    summary: "The workspace's audit trail (admins)",
    description:
      "Filters type (comma-separated), actorId, caseId, from, to ([from, to), RFC 3339); cursor and limit (1 to 200, default 50). Newest first.",
    query: AuditQuery,
    response: { 200: AuditEventList, 400: V3ErrorBody },
    handler: async ({ query, caller }) => {
      const { events, nextCursor } = await listAuditEvents(
        s.db,
        caller.workspaceId,
        filtersOf(query),
        { cursor: query.cursor, limit: query.limit },
        secret,
      );
      return { events, nextCursor };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/audit-events.csv",
    auditedRead: true,
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "The workspace's audit trail as CSV (admins)",
    description:
      "The same filters, newest first, streamed (up to 1,000,000 events): UTF-8 with a BOM, `;`-separated, a header row, `dados` as JSON. Records audit.exported. " +
      "format=labels (default): the type in pt-BR beside its code, the actor's name, the decision, reasons, acknowledged flags, masked document and reason in columns of their own, dates DD/MM/AAAA HH:MM in Brasília time; " +
      "format=codes: id, criado_em (ISO 8601, UTC), tipo, ator_id, ator_email, caso_id, entrada_id, request_id, dados.",
    query: AuditCsvQuery,
    produces: ["text/csv"],
    response: { 200: z.string().describe("CSV text"), 400: V3ErrorBody },
    handler: async ({ query, caller, request, reply }) => {
      const { format, ...params } = query;
      const filters = filtersOf(params);
      const columns = format === "codes" ? AUDIT_COLUMNS_CODES : AUDIT_COLUMNS_LABELS;
      await recordEvent(
        s.db,
        callerEvent(caller, request, "audit.exported", {
          data: { filters: { ...params, from: params.from?.toISOString(), to: params.to?.toISOString() } },
        }),
      );
      async function* lines(): AsyncGenerator<string> {
        yield BOM + csvHeader(columns);
        let cursor: string | undefined;
        let sent = 0;
        let actors = new Map<string, NamedUser>(); // the file's actors, each looked up once
        while (sent < AUDIT_CSV_MAX_ROWS) {
          const page = await listAuditEvents(s.db, caller.workspaceId, filters, { cursor, limit: 200 }, secret);
          if (format === "labels")
            actors = await namedUsers(
              s.db,
              page.events.map((e) => e.actor?.id),
              actors,
            );
          let chunk = "";
          for (const event of page.events)
            chunk += csvLine(columns, { event, actorName: (event.actor && actors.get(event.actor.id)?.name) || null });
          if (chunk) yield chunk;
          sent += page.events.length;
          if (!page.nextCursor) return;
          cursor = page.nextCursor;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="auditoria-${day}.csv"`)
        .send(Readable.from(lines()));
    },
  });
}
