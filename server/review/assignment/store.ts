// Assignment (issue 18): who is on a case. Rules (PUT /cases/{id}/assignee, bulk assign):
// - the target is an enabled admin or analyst of the workspace (422 invalid_assignee), or null;
// - an unassigned case: anyone who acts may take it or give it to a colleague;
// - the caller's own case: released (null) or given to a colleague;
// - someone else's case: an admin may do anything; an analyst only takes it, with takeOver: true
//   (403 otherwise). Moving a case away from another person is recorded as case.taken_over.
// The row is locked, so two concurrent assignments never both see it unassigned.
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { users, verifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { TokenClaims } from "../../auth/tokens";
import { actorOf, recordEvents, type AuditInput } from "../audit/record";
import { UUID } from "../cases/queries";

export interface AssignRequest {
  userId: string | null;
  takeOver?: boolean;
}

export async function checkAssignee(db: Db | Tx, workspaceId: string, userId: string | null): Promise<void> {
  if (userId === null) return;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.workspaceId, workspaceId), eq(users.id, userId), eq(users.disabled, false), inArray(users.role, ["admin", "analyst"])),
    );
  if (!user) throw new ApiError("invalid_assignee", "userId must be an enabled admin or analyst of the workspace");
}

/** Applies an assignment; answers whether anything changed. */
export async function assignCase(db: Db, who: TokenClaims, id: string, body: AssignRequest, requestId: string | null): Promise<boolean> {
  if (!UUID.test(id)) throw new ApiError("not_found", "case not found");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ assigneeId: verifications.assigneeId })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, id)))
      .for("update");
    if (!row) throw new ApiError("not_found", "case not found");
    await checkAssignee(tx, who.workspaceId, body.userId);
    const from = row.assigneeId;
    if (from === body.userId) return false;
    const fromOther = from !== null && from !== who.userId;
    if (fromOther && who.role !== "admin" && !(body.takeOver === true && body.userId === who.userId)) {
      throw new ApiError(
        "forbidden",
        "The case is assigned to someone else: an admin may reassign it; an analyst may take it with takeOver: true (recorded)",
      );
    }
    const now = new Date();
    await tx
      .update(verifications)
      .set({ assigneeId: body.userId, assignedAt: body.userId ? now : null })
      .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, id)));
    const type: AuditInput["type"] = fromOther ? "case.taken_over" : body.userId === null ? "case.released" : "case.assigned";
    await recordEvents(tx, [
      { workspaceId: who.workspaceId, type, actor: actorOf(who), caseId: id, requestId, data: { from, to: body.userId } },
    ]);
    return true;
  });
}
