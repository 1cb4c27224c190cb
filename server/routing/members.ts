// Per analyst (issue 35 item 4): a cap of open assigned cases and "ausente até", set by the analyst
// for themselves or by an admin for anyone (an analyst for someone else: 403). The target is an
// enabled admin or analyst of the caller's workspace (anyone else: 404). Records member.routing_changed.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberRouting } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { callerEvent, recordEvents } from "../review/audit/record";
import { UUID } from "../review/cases/queries";
import type { MemberRouting, MemberRoutingBody } from "../../lib/contract/routing";
import { candidatesOf } from "./candidates";

export async function listMemberRouting(db: Db, workspaceId: string): Promise<MemberRouting[]> {
  const [candidates, rows] = await Promise.all([
    candidatesOf(db, workspaceId, null),
    db.select().from(memberRouting).where(eq(memberRouting.workspaceId, workspaceId)),
  ]);
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return candidates.map((c) => ({
    userId: c.userId,
    cap: c.cap,
    awayUntil: byUser.get(c.userId)?.awayUntil ?? null,
    away: c.away,
    openCases: c.open,
  }));
}

export async function setMemberRouting(
  db: Db,
  caller: TokenClaims,
  userId: string,
  body: MemberRoutingBody,
  requestId: string,
): Promise<MemberRouting> {
  if (!UUID.test(userId)) throw new ApiError("not_found", "member not found");
  const id = userId.toLowerCase();
  if (caller.role !== "admin" && id !== caller.userId)
    throw new ApiError("forbidden", "An analyst sets their own cap and absence only; an admin sets anyone's");
  return db.transaction(async (tx) => {
    const [member] = await candidatesOf(tx, caller.workspaceId, [id]);
    if (!member) throw new ApiError("not_found", "member not found");
    const [before] = await tx.select().from(memberRouting).where(eq(memberRouting.userId, id)).for("update");
    const from = { cap: before?.cap ?? null, awayUntil: before?.awayUntil ?? null };
    await tx
      .insert(memberRouting)
      .values({ userId: id, workspaceId: caller.workspaceId, cap: body.cap, awayUntil: body.awayUntil, updatedBy: caller.userId })
      .onConflictDoUpdate({
        target: memberRouting.userId,
        set: { cap: body.cap, awayUntil: body.awayUntil, updatedBy: caller.userId, updatedAt: sql`now()` },
      });
    if (from.cap !== body.cap || from.awayUntil !== body.awayUntil)
      await recordEvents(tx, [callerEvent(caller, { id: requestId }, "member.routing_changed", { data: { userId: id, from, to: body } })]);
    const [after] = await candidatesOf(tx, caller.workspaceId, [id]);
    return { userId: id, cap: body.cap, awayUntil: body.awayUntil, away: after!.away, openCases: after!.open };
  });
}
