// Users as the review API shows them ({id, email}): assignees, authors, actors, proposers. Shared
// by the review's resources and the decisions room (server/decisions/), so neither reads users
// through the other.
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import type { UserRef } from "../../lib/contract/review";

/** E-mails of users by id (one query; none for the ids `known` holds), for assignees, authors and actors. */
export async function userRefs(
  db: Db | Tx,
  ids: (string | null | undefined)[],
  known?: Map<string, UserRef>,
): Promise<Map<string, UserRef>> {
  const refs = new Map<string, UserRef>(known);
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id) && !refs.has(id!)))];
  if (wanted.length === 0) return refs;
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted));
  for (const r of rows) refs.set(r.id, { id: r.id, email: r.email });
  return refs;
}

export const refOf = (refs: Map<string, UserRef>, id: string | null | undefined): UserRef | null =>
  id ? (refs.get(id) ?? { id, email: null }) : null;
