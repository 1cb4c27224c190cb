// The audit trail's one exception to append-only (issue 19): events older than the workspace's
// retention (auditRetentionDays, default 1826 days, 5 years) are deleted by the admin command
// `npm run admin -- purge-audit-events`. The trigger on audit_events lets a DELETE through only for
// the workspace and the instant this transaction sets (set_config(..., true): for this transaction
// only), and the purge records audit.purged in the same transaction.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readSettings } from "../settings/store";
import { recordEvent } from "./record";

const DAY = 86_400_000;

export async function purgeAuditEvents(db: Db, workspaceId: string, now = new Date()): Promise<{ before: string; deleted: number }> {
  const { auditRetentionDays } = await readSettings(db, workspaceId);
  const before = new Date(now.getTime() - auditRetentionDays * DAY).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('lupa.audit_purge_workspace', ${workspaceId}, true), set_config('lupa.audit_purge_before', ${before}, true)`,
    );
    const result = await tx.execute(
      sql`with gone as (delete from audit_events where workspace_id = ${workspaceId} and created_at < ${before}::timestamptz returning 1)
          select count(*)::int as n from gone`,
    );
    const deleted = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    await recordEvent(tx, { workspaceId, type: "audit.purged", actor: null, data: { before, deleted, retentionDays: auditRetentionDays } });
    return { before, deleted };
  });
}
