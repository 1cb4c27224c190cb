// The audit trail's one exception to append-only (issues 19 and 30): events older than the
// workspace's retention (auditRetentionDays, default 1826 days, 5 years; never under 30) are
// deleted by the admin command `npm run admin -- purge-audit-events`. The work is the SQL function
// audit_events_purge (migration 0020), which runs as the table's owner: the service's own role may
// call it but cannot delete an event itself. The function records audit.purged in its transaction.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function purgeAuditEvents(db: Db, workspaceId: string): Promise<{ before: string; deleted: number }> {
  const result = await db.execute(sql`select cutoff, deleted from audit_events_purge(${workspaceId}::uuid)`);
  const row = (result as unknown as { rows: { cutoff: Date | string; deleted: number | string }[] }).rows[0]!;
  return { before: new Date(row.cutoff).toISOString(), deleted: Number(row.deleted) };
}
