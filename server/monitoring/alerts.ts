// Alerts (issue 32, item 3; docs/monitoring.md): one per change, listed newest first with an
// opaque cursor, assigned as cases are, resolved with a comment:
// - dismissed: the change (document, kind, value after) goes to monitoring_dismissals and never
//   alerts again, in any later release or run;
// - confirmed: the case gets the risk flag alert_confirmed and goes back to the queue for a new
//   decision (no latest decision, the SLA of a new review round starting now).
// Every query is scoped by workspace: another workspace's alert is not found, like a missing one.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { monitoringAlerts, monitoringDismissals, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { actorOf, recordEvents, type AuditInput } from "../review/audit/record";
import { checkAssignee } from "../review/assignment/store";
import { refOf, userRefs } from "../review/user-refs";
import { maskDocument } from "../../lib/contract/documents";
import { armAlertCallbacks } from "./callbacks";
import type { Alert, AlertKind, AlertState, MonitoringSource, ResolveAlertBody } from "../../lib/contract/monitoring";

type AlertRow = typeof monitoringAlerts.$inferSelect;

export interface AlertFilters {
  state?: AlertState;
  source?: MonitoringSource;
  kind?: AlertKind;
  /** me, none or a user id */
  assignee?: string;
  caseId?: string;
}

// --- the cursor: the last alert's detected_at (microseconds) and id, HMAC-tagged ---------------

const DOMAIN = "lupa-alert-cursor\0";
const TAG_BYTES = 12;
const tagOf = (text: string, secret: string) => createHmac("sha256", secret).update(DOMAIN).update(text).digest().subarray(0, TAG_BYTES);

interface Position {
  micros: string;
  id: string;
}

export function encodeAlertCursor(p: Position, secret: string): string {
  const text = `1:${p.micros}:${p.id}`;
  return Buffer.concat([Buffer.from(text), tagOf(text, secret)]).toString("base64url");
}

export function decodeAlertCursor(cursor: string, secret: string): Position {
  const invalid = () => new ApiError("invalid_cursor", "cursor is not one this service issued");
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, "base64url");
  if (bytes.toString("base64url") !== cursor || bytes.length <= TAG_BYTES) throw invalid();
  const text = bytes.subarray(0, bytes.length - TAG_BYTES).toString("utf8");
  if (!timingSafeEqual(bytes.subarray(bytes.length - TAG_BYTES), tagOf(text, secret))) throw invalid();
  const match = /^1:(-?\d{1,20}):([0-9a-f-]{36})$/.exec(text);
  if (!match) throw invalid();
  return { micros: match[1]!, id: match[2]! };
}

const micros = sql<string>`(extract(epoch from ${monitoringAlerts.detectedAt}) * 1000000)::bigint::text`;

// --- reads ---------------------------------------------------------------------------------

export async function toAlerts(db: Db | Tx, rows: AlertRow[]): Promise<Alert[]> {
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.assigneeId, r.resolvedBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    caseId: r.verificationId,
    document: maskDocument(r.nationalId),
    source: r.source as MonitoringSource,
    kind: r.kind as AlertKind,
    change: { before: r.before ?? null, after: r.after ?? null },
    release: r.release === "" ? null : r.release,
    confidence: r.confidence === "probable" ? "probable" : "exact",
    detectedAt: r.detectedAt.toISOString(),
    state: r.state as AlertState,
    assignee: refOf(refs, r.assigneeId),
    resolvedBy: refOf(refs, r.resolvedBy),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    comment: r.resolutionComment,
  }));
}

export async function listAlerts(
  db: Db,
  caller: TokenClaims,
  f: AlertFilters,
  page: { cursor?: string; limit: number },
  secret: string,
): Promise<{ alerts: Alert[]; nextCursor: string | null }> {
  const after = page.cursor ? decodeAlertCursor(page.cursor, secret) : null;
  const where: SQL[] = [eq(monitoringAlerts.workspaceId, caller.workspaceId)];
  if (f.state) where.push(eq(monitoringAlerts.state, f.state));
  if (f.source) where.push(eq(monitoringAlerts.source, f.source));
  if (f.kind) where.push(eq(monitoringAlerts.kind, f.kind));
  if (f.assignee === "none") where.push(isNull(monitoringAlerts.assigneeId));
  else if (f.assignee === "me") where.push(eq(monitoringAlerts.assigneeId, caller.userId));
  else if (f.assignee) where.push(eq(monitoringAlerts.assigneeId, f.assignee));
  if (f.caseId) where.push(eq(monitoringAlerts.verificationId, f.caseId));
  if (after)
    where.push(
      sql`(${monitoringAlerts.detectedAt}, ${monitoringAlerts.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
    );
  const rows = await db
    .select({ alert: monitoringAlerts, micros })
    .from(monitoringAlerts)
    .where(and(...where))
    .orderBy(desc(monitoringAlerts.detectedAt), desc(monitoringAlerts.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    alerts: await toAlerts(
      db,
      shown.map((r) => r.alert),
    ),
    nextCursor: more && last ? encodeAlertCursor({ micros: last.micros, id: last.alert.id }, secret) : null,
  };
}

/** The workspace's open alerts: a count over the partial index of the open ones (migration 0097), not the status' aggregate. */
export async function countOpenAlerts(db: Db | Tx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(monitoringAlerts)
    .where(and(eq(monitoringAlerts.workspaceId, workspaceId), eq(monitoringAlerts.state, "open")));
  return Number(row?.n ?? 0);
}

async function alertRow(db: Db | Tx, workspaceId: string, id: string, lock = false): Promise<AlertRow> {
  const query = db
    .select()
    .from(monitoringAlerts)
    .where(and(eq(monitoringAlerts.workspaceId, workspaceId), eq(monitoringAlerts.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError("not_found", "alert not found");
  return row;
}

export async function getAlert(db: Db, workspaceId: string, id: string): Promise<Alert> {
  const [alert] = await toAlerts(db, [await alertRow(db, workspaceId, id)]);
  return alert!;
}

// --- assignment and resolution -------------------------------------------------------------------

/**
 * PUT /alerts/{id}/assignee, with the rules of a case's assignment: the target is an enabled admin
 * or analyst (422 invalid_assignee) or null; someone else's alert is reassigned by an admin, or
 * taken by an analyst with takeOver: true (403 otherwise). Records alert.assigned.
 */
export async function assignAlert(
  db: Db,
  caller: TokenClaims,
  id: string,
  body: { userId: string | null; takeOver?: boolean },
  requestId: string,
): Promise<Alert> {
  return db.transaction(async (tx) => {
    const row = await alertRow(tx, caller.workspaceId, id, true);
    await checkAssignee(tx, caller.workspaceId, body.userId);
    const from = row.assigneeId;
    if (from === body.userId) return (await toAlerts(tx, [row]))[0]!;
    const fromOther = from !== null && from !== caller.userId;
    if (fromOther && caller.role !== "admin" && !(body.takeOver === true && body.userId === caller.userId))
      throw new ApiError(
        "forbidden",
        "The alert is assigned to someone else: an admin may reassign it; an analyst may take it with takeOver: true",
      );
    const [updated] = await tx
      .update(monitoringAlerts)
      .set({ assigneeId: body.userId, assignedAt: body.userId ? new Date() : null })
      .where(and(eq(monitoringAlerts.workspaceId, caller.workspaceId), eq(monitoringAlerts.id, id)))
      .returning();
    await recordEvents(tx, [
      {
        workspaceId: caller.workspaceId,
        type: "alert.assigned",
        actor: actorOf(caller),
        caseId: row.verificationId,
        requestId,
        data: { alertId: id, from, to: body.userId, takenOver: fromOther },
      },
    ]);
    return (await toAlerts(tx, [updated!]))[0]!;
  });
}

/**
 * POST /alerts/{id}/resolve: 409 alert_resolved when it is not open. Records alert.resolved, and
 * writes its callback (answered in `deliveries`: the caller sends their jobs after the commit).
 */
export async function resolveAlert(
  db: Db,
  caller: TokenClaims,
  id: string,
  body: ResolveAlertBody,
  requestId: string,
): Promise<{ alert: Alert; deliveries: string[] }> {
  return db.transaction(async (tx) => {
    const row = await alertRow(tx, caller.workspaceId, id, true);
    if (row.state !== "open") throw new ApiError("alert_resolved", `the alert is already resolved (${row.state})`);
    const now = new Date();
    const [updated] = await tx
      .update(monitoringAlerts)
      .set({ state: body.resolution, resolvedBy: caller.userId, resolvedAt: now, resolutionComment: body.comment })
      .where(and(eq(monitoringAlerts.workspaceId, caller.workspaceId), eq(monitoringAlerts.id, id)))
      .returning();
    if (body.resolution === "dismissed") {
      await tx
        .insert(monitoringDismissals)
        .values({ workspaceId: row.workspaceId, nationalId: row.nationalId, kind: row.kind, afterKey: row.afterKey, alertId: row.id })
        .onConflictDoNothing();
    } else {
      // the flag, and back to the queue: no latest decision, and the SLA of a new review round from
      // now (first_decided_at cleared, so the new decision ends it); the decisions stay in its history
      await tx
        .update(verifications)
        .set({
          riskFlags: sql`case when 'alert_confirmed' = any(${verifications.riskFlags}) then ${verifications.riskFlags} else array_append(${verifications.riskFlags}, 'alert_confirmed') end`,
          feedbackStatus: null,
          reviewStartedAt: now,
          firstDecidedAt: null,
        })
        .where(and(eq(verifications.workspaceId, caller.workspaceId), eq(verifications.id, row.verificationId)));
    }
    const event: AuditInput = {
      workspaceId: caller.workspaceId,
      type: "alert.resolved",
      actor: actorOf(caller),
      caseId: row.verificationId,
      requestId,
      data: { alertId: id, kind: row.kind, source: row.source, resolution: body.resolution, document: maskDocument(row.nationalId) },
    };
    await recordEvents(tx, [event]);
    const alert = (await toAlerts(tx, [updated!]))[0]!;
    return { alert, deliveries: await armAlertCallbacks(tx, caller.workspaceId, "alert.resolved", [alert]) };
  });
}
