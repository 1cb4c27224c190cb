// The monitoring room's review routes (issue 32; docs/monitoring.md), registered through
// server/rooms.ts:
// PUT  /api/review/v1/cases/{id}/monitoring   – a case's own switch (admins)
// GET  /api/review/v1/alerts                  – the alerts, filtered, newest first, with a cursor
// GET  /api/review/v1/alerts/{id}             – one alert
// PUT  /api/review/v1/alerts/{id}/assignee    – assign, take over or release (admins, analysts)
// POST /api/review/v1/alerts/{id}/resolve     – confirm or dismiss, with a comment (admins, analysts)
// GET  /api/review/v1/monitoring/status       – watched documents, coverage, latest releases, last runs
// GET  /api/review/v1/monitoring/alerts/count – the open alerts' count (the navigation's badge)
// The workspace's setting is the review settings' `monitoring` (server/review/settings).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { ApiError } from "../http/errors";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import {
  Alert,
  AlertCount,
  AlertKind,
  AlertList,
  AlertState,
  CaseMonitoring,
  CaseMonitoringBody,
  MonitoringSource,
  MonitoringStatus,
  ResolveAlertBody,
} from "../../lib/contract/monitoring";
import { AssigneeBody } from "../../lib/contract/review";
import { CaseIdParams, caseId } from "../review/cases/params";
import { getCaseRow, UUID } from "../review/cases/queries";
import { readSettings } from "../review/settings/store";
import { assignAlert, countOpenAlerts, getAlert, listAlerts, resolveAlert } from "./alerts";
import { caseMonitoringOf, monitoringRow, setCaseMonitoring } from "./watch";
import { monitoringStatus } from "./status";
import { sendAlertCallbacks } from "./callbacks";

const tags = ["review monitoring"];

const AlertParams = z.object({ id: z.string().max(100) });
const alertId = (id: string) => {
  if (!UUID.test(id)) throw new ApiError("not_found", "alert not found");
  return id.toLowerCase();
};

const AlertQuery = z
  .object({
    state: AlertState.optional(),
    source: MonitoringSource.optional(),
    kind: AlertKind.optional(),
    assignee: z
      .union([z.enum(["me", "none"]), z.uuid({ error: "must be me, none or a user id" })])
      .optional()
      .describe("me, none or a user id"),
    caseId: z.uuid().optional(),
    cursor: z.string().max(200).optional(),
    limit: z
      .string()
      .regex(/^\d{1,9}$/, "must be an integer")
      .transform(Number)
      .pipe(z.number().int().min(1).max(100))
      .default(50),
  })
  .strict();

export function registerMonitoringRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "PUT",
    url: "/api/review/v1/cases/:id/monitoring",
    permission: "review:admin",
    tags: ["review cases"],
    summary: "Switch a case's monitoring on or off (admins)",
    description:
      "{enabled}: the case's own switch, over the workspace's scope (the setting monitoring.enabled and monitoring.sources still apply). " +
      "Records case.monitoring_changed when it changes. Answers the case's monitoring.",
    params: CaseIdParams,
    body: CaseMonitoringBody,
    response: { 200: CaseMonitoring, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const id = caseId(params.id);
      await setCaseMonitoring(s.db, caller, id, body.enabled, request.id);
      const [row, own, settings] = await Promise.all([
        getCaseRow(s.db, caller.workspaceId, id),
        monitoringRow(s.db, caller.workspaceId, id),
        readSettings(s.db, caller.workspaceId),
      ]);
      if (!row) throw new ApiError("not_found", "case not found");
      s.records.invalidate(id);
      return caseMonitoringOf(row, own, settings.monitoring);
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/alerts",
    permission: "review:read",
    tags,
    summary: "The workspace's monitoring alerts",
    description:
      "Newest first. Filters: state (open, confirmed, dismissed), source, kind, assignee (me, none or a user id), caseId; cursor; limit 1 to 100 " +
      "(default 50). Answers {alerts, nextCursor}; each alert's document is masked.",
    query: AlertQuery,
    response: { 200: AlertList, 400: V3ErrorBody },
    handler: async ({ query, caller }) =>
      listAlerts(
        s.db,
        caller,
        { state: query.state, source: query.source, kind: query.kind, assignee: query.assignee, caseId: query.caseId?.toLowerCase() },
        { cursor: query.cursor, limit: query.limit },
        s.config.cursorSecret,
      ),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/alerts/:id",
    permission: "review:read",
    tags,
    summary: "One monitoring alert",
    description: "404 not_found for an alert of another workspace, like a missing one.",
    params: AlertParams,
    response: { 200: Alert, 404: V3ErrorBody },
    handler: async ({ params, caller }) => getAlert(s.db, caller.workspaceId, alertId(params.id)),
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/alerts/:id/assignee",
    permission: "review:write",
    tags,
    summary: "Assign, take over or release an alert",
    description:
      "{userId} or {userId: null}, with the rules of a case's assignment: someone else's alert is reassigned by an admin or taken by an analyst " +
      "with takeOver: true (403 otherwise); the target must be an enabled admin or analyst (422 invalid_assignee). Records alert.assigned.",
    params: AlertParams,
    body: AssigneeBody,
    response: { 200: Alert, 400: V3ErrorBody, 403: V3ErrorBody, 404: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => assignAlert(s.db, caller, alertId(params.id), body, request.id),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/alerts/:id/resolve",
    permission: "review:write",
    tags,
    summary: "Confirm or dismiss an alert, with a comment",
    description:
      "{resolution: confirmed | dismissed, comment} (comment 1 to 2,000 characters). dismissed: the same change (document, kind, value after) " +
      "never alerts again. confirmed: the case gets the risk flag alert_confirmed and goes back to the queue for a new decision. " +
      "409 alert_resolved when the alert is not open. Records alert.resolved, and sends it to monitoring.callbackUrl when one is set.",
    params: AlertParams,
    body: ResolveAlertBody,
    response: { 200: Alert, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => {
      const { alert, deliveries } = await resolveAlert(s.db, caller, alertId(params.id), body, request.id);
      s.records.invalidate(alert.caseId);
      await sendAlertCallbacks(s, deliveries);
      return alert;
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/monitoring/status",
    permission: "review:read",
    tags,
    summary: "Monitoring status: watched documents, coverage and the last runs",
    description:
      "watched: the documents the workspace watches now (distinct). checkedAgainstLatest: those compared with the latest release of every " +
      "enabled source that has one (sanctions, registry); coverage = checkedAgainstLatest / watched (null when nothing is watched). " +
      "unchecked: the others, with how many per reason (pending: no run has compared it with the latest release yet; not_in_registry: a " +
      "CNPJ the live Receita release does not hold; no_name: a CPF without a name, which the Receita's masked partners cannot match). " +
      "latest: the latest release of each source. runs: the last 20 runs, newest first. docs/monitoring.md.",
    response: { 200: MonitoringStatus },
    handler: async ({ caller }) => monitoringStatus(s.db, caller.workspaceId),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/monitoring/alerts/count",
    permission: "review:read",
    tags,
    summary: "How many alerts are open (the navigation's count)",
    description:
      "{open}: the workspace's open alerts, counted over an index of the open ones. Cheap at any size, unlike GET /monitoring/status, " +
      "which aggregates every watched document; the console's navigation reads this one. docs/monitoring.md.",
    response: { 200: AlertCount },
    handler: async ({ caller }) => ({ open: await countOpenAlerts(s.db, caller.workspaceId) }),
  });
}
