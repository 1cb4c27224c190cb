// The analysts routing may consider, as the database has them now: enabled admins and analysts of
// the workspace, their cap, whether they are absent today (São Paulo's calendar day) and how many
// undecided cases are assigned to them.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows";
import type { Candidate } from "./match";

/** `userIds` null: every enabled admin and analyst of the workspace. */
export async function candidatesOf(db: Db | Tx, workspaceId: string, userIds: readonly string[] | null): Promise<Candidate[]> {
  if (userIds !== null && userIds.length === 0) return [];
  const only = userIds === null ? sql`true` : sql`u.id = any(string_to_array(${userIds.join(",")}, ',')::uuid[])`;
  const result = await db.execute(sql`
    select u.id as user_id, mr.cap,
      coalesce(mr.away_until >= (now() at time zone 'America/Sao_Paulo')::date, false) as away,
      (select count(*) from verifications v
        where v.workspace_id = u.workspace_id and v.assignee_id = u.id and v.feedback_status is null)::int as open
    from users u left join member_routing mr on mr.user_id = u.id
    where u.workspace_id = ${workspaceId} and not u.disabled and u.role in ('admin', 'analyst') and ${only}`);
  return rowsOf(result).map((r) => ({
    userId: r.user_id as string,
    cap: r.cap === null || r.cap === undefined ? null : Number(r.cap),
    away: r.away === true || r.away === "t",
    open: Number(r.open),
  }));
}
