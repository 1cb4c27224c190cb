// The queue (issue 18; the second review is the decisions room's, server/decisions/routes.ts):
// GET  /api/review/v1/cases                      – the queue: v2 list items + assignee, SLA, flags
// GET  /api/review/v1/cases/export.csv           – the filtered list as CSV (up to 100,000 rows)
// GET  /api/review/v1/cases/{id}                 – one case's review state
// PUT  /api/review/v1/cases/{id}/assignee        – assign, take over, release
// POST /api/review/v1/cases/next                 – take the case due first
// POST /api/review/v1/cases/bulk                 – assign or decide up to 100 cases, each on its own
// GET  /api/review/v1/stats                      – the overview's team figures
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { can } from "../../auth/permissions";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import {
  AssigneeBody,
  BulkBody,
  BulkResult,
  CaseFilters,
  CaseList,
  CaseReview,
  ReviewCase,
  ReviewStats,
} from "../../../lib/contract/review";
import { redactText } from "../../support/logger";
import { readSettings } from "../settings/store";
import { assignCase } from "../assignment/store";
import { nextFilters, takeNext } from "../assignment/next";
import { callerEvent, recordEvent } from "../audit/record";
import { CaseListQuery, ExportQuery, checkScores, filtersOf } from "./filters";
import { filterContext, getCaseRow, listCases } from "./queries";
import { CaseIdParams, caseId } from "./params";
import { toCases } from "./serialize";
import { caseReview } from "./detail";
import { runBulk } from "./bulk";
import { exceedsLimit, exportStream } from "./export";
import { reviewStats } from "./stats";

const tags = ["review cases"];
const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const StatsQuery = z.object({ from: instant.optional(), to: instant.optional() }).strict();

/** The filters as the audit trail keeps them: a search that holds a document is masked. */
export function auditedFilters(f: CaseFilters): CaseFilters {
  return f.search ? { ...f, search: redactText(f.search) } : f;
}

export function registerCaseRoutes(app: FastifyInstance, s: Services): void {
  async function oneCase(workspaceId: string, id: string, slaHours: number) {
    const row = await getCaseRow(s.db, workspaceId, id);
    if (!row) throw new ApiError("not_found", "case not found");
    return (await toCases(s.db, workspaceId, [row], slaHours))[0]!;
  }

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases",
    permission: "review:read",
    tags,
    summary: "The queue",
    description:
      "The v2 list's filters (status, feedbackStatus, search, scoreGte, scoreLte) plus assignee (me, none or a user id), sla (due_soon, breached: " +
      "waiting cases in that state), awaitingSecondReview, awaiting (me: cases that still need the caller), flag, stuck, namedQueue (cases a routing rule sent to that named queue), sort (newest, oldest, score_asc, score_desc), page and limit (1 to 100, default 20).",
    query: CaseListQuery,
    response: { 200: CaseList, 400: V3ErrorBody },
    handler: async ({ query, caller }) => {
      const filters = filtersOf(query);
      const problem = checkScores(filters);
      if (problem) throw new ApiError("invalid_parameter", problem);
      const settings = await readSettings(s.db, caller.workspaceId);
      const ctx = await filterContext(s.db, caller.workspaceId, caller.userId, settings.slaHours, filters);
      const { rows, total } = await listCases(s.db, ctx, filters, query, s.config.listExactTotal);
      return {
        cases: await toCases(s.db, caller.workspaceId, rows, settings.slaHours, ctx.now),
        page: query.page,
        limit: query.limit,
        total,
      };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/export.csv",
    auditedRead: true,
    permission: "review:read",
    freshAuth: true, // step-up (issue 34; server/auth/step-up.ts)
    tags,
    summary: "Export the filtered queue as CSV",
    description:
      "The list's filters and sort (no page). UTF-8 with a BOM, `;`-separated, a header row, documents masked, no cell that a spreadsheet would run as a formula. " +
      "format=labels (default): pt-BR words with each code in its own *_codigo column, dates DD/MM/AAAA HH:MM in Brasília time; format=codes: codes and ISO 8601 instants in UTC. " +
      "Up to 100,000 rows, streamed; `X-Export-Truncated: true` when more matched. Records cases.exported.",
    query: ExportQuery,
    produces: ["text/csv"],
    response: { 200: z.string().describe("CSV text"), 400: V3ErrorBody },
    handler: async ({ query, caller, request, reply }) => {
      const filters = filtersOf(query);
      const problem = checkScores(filters);
      if (problem) throw new ApiError("invalid_parameter", problem);
      const settings = await readSettings(s.db, caller.workspaceId);
      const ctx = await filterContext(s.db, caller.workspaceId, caller.userId, settings.slaHours, filters);
      const truncated = await exceedsLimit(s.db, ctx, filters);
      // recorded before the first byte: an export that starts is an export that happened
      await recordEvent(s.db, callerEvent(caller, request, "cases.exported", { data: { filters: auditedFilters(filters), truncated } }));
      const day = ctx.now.toISOString().slice(0, 10);
      return reply
        .status(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="casos-${day}.csv"`)
        .header("x-export-truncated", String(truncated))
        .send(exportStream(s.db, ctx, filters, settings.slaHours, query.format));
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/:id",
    permission: "review:read",
    tags,
    summary: "One case's review state",
    params: CaseIdParams,
    response: { 200: CaseReview, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      const row = await getCaseRow(s.db, caller.workspaceId, caseId(params.id));
      if (!row) throw new ApiError("not_found", "case not found");
      return caseReview(s.db, row, await readSettings(s.db, caller.workspaceId));
    },
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/cases/:id/assignee",
    permission: "review:write",
    tags,
    summary: "Assign, take over or release a case",
    description:
      "{userId} or {userId: null}. An unassigned case may be taken or given to a colleague; one's own case released or given; someone else's case " +
      "reassigned by an admin, or taken by an analyst with takeOver: true (403 otherwise). The target must be an enabled admin or analyst of the " +
      "workspace (422 invalid_assignee). Records case.assigned, case.released or case.taken_over. Answers the case.",
    params: CaseIdParams,
    body: AssigneeBody,
    response: { 200: ReviewCase, 400: V3ErrorBody, 404: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = caseId(params.id);
      await assignCase(s.db, caller, id, body, request.id);
      const settings = await readSettings(s.db, caller.workspaceId);
      return oneCase(caller.workspaceId, id, settings.slaHours);
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/next",
    permission: "review:write",
    tags,
    summary: "Take the next case",
    description:
      "The list's filters as JSON (all optional; defaults: status COMPLETED, feedbackStatus NOTSTARTED, assignee none, awaitingSecondReview false). " +
      "Assigns the case whose SLA falls due first to the caller and answers it; 204 when there is none. Atomic: concurrent callers never get " +
      "the same case. assignee may be none or me (me: the caller's own case due first, nothing assigned).",
    body: CaseFilters,
    status: 200,
    response: { 200: ReviewCase, 204: z.null(), 400: V3ErrorBody },
    handler: async ({ body, caller, request, reply }) => {
      if (body.assignee !== undefined && body.assignee !== "none" && body.assignee !== "me")
        throw new ApiError("invalid_body", "assignee: next takes none or me");
      const problem = checkScores(body);
      if (problem) throw new ApiError("invalid_body", problem);
      const filters = nextFilters(body);
      const settings = await readSettings(s.db, caller.workspaceId);
      const ctx = await filterContext(s.db, caller.workspaceId, caller.userId, settings.slaHours, filters);
      const row = await takeNext(s.db, caller, ctx, filters, request.id);
      if (!row) return reply.status(204).send();
      // the assignee is the caller: its e-mail is the token's, no query for it
      const me = new Map([[caller.userId, { id: caller.userId, email: caller.email }]]);
      return (await toCases(s.db, caller.workspaceId, [row], settings.slaHours, ctx.now, me))[0];
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/bulk",
    permission: "review:write",
    tags,
    summary: "Assign or decide up to 100 cases",
    description:
      '{ids, action: "assign", userId, takeOver?} or {ids, action: "decide", status, reasons?, comment?, acknowledgedFlags?}. Each case is handled on its ' +
      "own, as if done one by one (a decision each through the v2 feedback route's rules); every id gets {id, ok, error?}, in request order.",
    body: BulkBody,
    response: { 200: BulkResult, 400: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      if (body.action === "decide" && !can(caller.role, "feedback:write")) throw new ApiError("forbidden", "Deciding needs feedback:write");
      return runBulk(s, caller, body, request.id);
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/stats",
    permission: "review:read",
    tags,
    summary: "The overview's team figures",
    description:
      "Waiting cases by age band (< 4 h, 4-24 h, 1-3 d, > 3 d since they became decidable), SLA breached, awaiting second review, stuck " +
      "(CREATED or PROCESSING for more than 15 minutes, whatever the age); over [from, to) (optional ISO 8601 instants): first decisions and " +
      "their median time, and for admins decisions per analyst (null for other roles).",
    query: StatsQuery,
    response: { 200: ReviewStats, 400: V3ErrorBody },
    handler: async ({ query, caller }) => {
      if (query.from && query.to && query.from >= query.to) throw new ApiError("invalid_date_range", "from must be before to");
      const settings = await readSettings(s.db, caller.workspaceId);
      return reviewStats(s.db, caller.workspaceId, query, settings.slaHours, can(caller.role, "review:admin"));
    },
  });
}
