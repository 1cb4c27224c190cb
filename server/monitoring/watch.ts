// What is watched (issue 32, item 1; docs/monitoring.md): the workspace's setting `monitoring`
// ({enabled, scope, sources}) and a case's own switch (monitoring_cases.enabled; null: the scope
// decides). A case is watched against a source when monitoring is enabled, the source is in
// `sources`, and its own switch says so, or, without one, the scope takes it in:
// - approved: its latest decision is APPROVED;
// - decided: it has a decision;
// - all: every case.
// A case a confirmed alert put back in the queue (no decision, flag alert_confirmed) stays watched
// under approved and decided until its new decision.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { monitoringCases, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import type { VerificationRow } from "../v2/verifications/serialize";
import type { CaseMonitoring, MonitoringSettings, MonitoringSource } from "../../lib/contract/monitoring";
import { callerEvent, recordEvent } from "../review/audit/record";

type MonitoringRow = typeof monitoringCases.$inferSelect;

/** The scope's condition over the verification `v` (SQL alias). */
function scopeSql(m: MonitoringSettings): SQL {
  const requeued = sql`(v.feedback_status is null and 'alert_confirmed' = any(v.risk_flags))`;
  if (m.scope === "all") return sql`true`;
  if (m.scope === "decided") return sql`(v.feedback_status is not null or ${requeued})`;
  return sql`(v.feedback_status = 'APPROVED' or ${requeued})`;
}

/**
 * Whether the verification `v` (joined with its monitoring_cases row as `mc`, left join) is watched
 * against `source`: the SQL the alert inserts filter with.
 */
export function watchedSql(m: MonitoringSettings, source: MonitoringSource): SQL {
  if (!m.enabled || !m.sources.includes(source)) return sql`false`;
  return sql`coalesce(mc.enabled, ${scopeSql(m)})`;
}

function inScope(m: MonitoringSettings, row: Pick<VerificationRow, "feedbackStatus" | "riskFlags">): boolean {
  const requeued = row.feedbackStatus === null && row.riskFlags.includes("alert_confirmed");
  if (m.scope === "all") return true;
  if (m.scope === "decided") return row.feedbackStatus !== null || requeued;
  return row.feedbackStatus === "APPROVED" || requeued;
}

/** The review case's `monitoring`, from its row, its monitoring row (if any) and the setting. */
export function caseMonitoringOf(row: VerificationRow, own: MonitoringRow | null | undefined, m: MonitoringSettings): CaseMonitoring {
  const override = own?.enabled ?? null;
  const enabled = m.enabled && m.sources.length > 0 && (override ?? inScope(m, row));
  const since = !enabled
    ? null
    : override === true
      ? (own?.since ?? null)
      : m.scope === "all"
        ? row.createdAt
        : (row.firstDecidedAt ?? row.reviewStartedAt ?? row.createdAt);
  return {
    enabled,
    override,
    since: since?.toISOString() ?? null,
    lastCheckedAt: own?.lastCheckedAt?.toISOString() ?? null,
    checkedAgainst: { sanctions: own?.checkedSanctions ?? null, registry: own?.checkedRegistry ?? null },
  };
}

export async function monitoringRow(db: Db | Tx, workspaceId: string, id: string): Promise<MonitoringRow | null> {
  const [row] = await db
    .select()
    .from(monitoringCases)
    .where(and(eq(monitoringCases.workspaceId, workspaceId), eq(monitoringCases.verificationId, id)));
  return row ?? null;
}

/**
 * PUT /cases/{id}/monitoring: the case's own switch. Records case.monitoring_changed when it
 * changed; `since` is when it was switched on.
 */
export async function setCaseMonitoring(db: Db, caller: TokenClaims, id: string, enabled: boolean, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, caller.workspaceId), eq(verifications.id, id)));
    if (!exists) throw new ApiError("not_found", "case not found");
    const [before] = await tx
      .select({ enabled: monitoringCases.enabled })
      .from(monitoringCases)
      .where(and(eq(monitoringCases.workspaceId, caller.workspaceId), eq(monitoringCases.verificationId, id)))
      .for("update");
    if (before?.enabled === enabled) return;
    const now = new Date();
    await tx
      .insert(monitoringCases)
      .values({
        verificationId: id,
        workspaceId: caller.workspaceId,
        enabled,
        since: enabled ? now : null,
        updatedBy: caller.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: monitoringCases.verificationId,
        set: { enabled, since: enabled ? now : null, updatedBy: caller.userId, updatedAt: now },
      });
    await recordEvent(
      tx,
      callerEvent(caller, { id: requestId }, "case.monitoring_changed", {
        caseId: id,
        data: { from: before?.enabled ?? null, to: enabled },
      }),
    );
  });
}
