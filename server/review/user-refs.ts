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

export type NamedUser = UserRef & { name: string };

/**
 * Users by id with their display names, for the exports a person reads: one query for the ids
 * `known` (the pages before) does not hold, none when it holds them all.
 */
export async function namedUsers(
  db: Db | Tx,
  ids: (string | null | undefined)[],
  known = new Map<string, NamedUser>(),
): Promise<Map<string, NamedUser>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id) && !known.has(id!)))];
  if (wanted.length === 0) return known;
  const rows = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, wanted));
  for (const r of rows) known.set(r.id, r);
  return known;
}

export const refOf = (refs: Map<string, UserRef>, id: string | null | undefined): UserRef | null =>
  id ? (refs.get(id) ?? { id, email: null }) : null;
