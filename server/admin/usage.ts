// Billing usage of a workspace: billing entries counted per action in [from, to). Used by
// GET /api/v3/usage and by the admin command.
import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingEntries } from "../db/schema";

export interface UsageReport {
  workspaceId: string;
  from: string | null;
  to: string | null;
  actions: { action: string; count: number }[];
  total: number;
}

export async function usageReport(db: Db, workspaceId: string, from?: Date | null, to?: Date | null): Promise<UsageReport> {
  const rows = await db
    .select({ action: billingEntries.action, count: count() })
    .from(billingEntries)
    .where(
      and(
        eq(billingEntries.workspaceId, workspaceId),
        from ? gte(billingEntries.createdAt, from) : undefined,
        to ? lt(billingEntries.createdAt, to) : undefined,
      ),
    )
    .groupBy(billingEntries.action)
    .orderBy(asc(billingEntries.action));
  const actions = rows.map((r) => ({ action: r.action, count: Number(r.count) }));
  return {
    workspaceId,
    from: from ? from.toISOString() : null,
    to: to ? to.toISOString() : null,
    actions,
    total: actions.reduce((sum, a) => sum + a.count, 0),
  };
}
