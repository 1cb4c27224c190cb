// Named queues (docs/routing.md): a rule with `to: {queue}` leaves the case unassigned and marks it
// in case_queues. The queue list's filter (`namedQueue`, server/review/cases/filters.ts) and the
// case's review state (`GET /cases/{id}`) read that mark here, always within the workspace.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { caseQueues, verifications } from "../db/schema";

/** The cases of the workspace a rule sent to the queue `name` (exact name; the (workspace_id, queue) index). */
export function inNamedQueue(workspaceId: string, name: string): SQL {
  return sql`${verifications.id} in (select cq.verification_id from ${caseQueues} cq where cq.workspace_id = ${workspaceId} and cq.queue = ${name})`;
}

/** The named queue a case was sent to, or null. */
export async function namedQueueOf(db: Db, workspaceId: string, caseId: string): Promise<{ name: string; routedAt: string } | null> {
  const [row] = await db
    .select({ name: caseQueues.queue, routedAt: caseQueues.routedAt })
    .from(caseQueues)
    .where(and(eq(caseQueues.workspaceId, workspaceId), eq(caseQueues.verificationId, caseId)));
  return row ? { name: row.name, routedAt: row.routedAt.toISOString() } : null;
}
