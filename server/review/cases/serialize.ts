// A case of the queue: the v2 list item (the record and its latest decision, as GET
// /api/v2/verifications answers it) plus the review fields (assignee, SLA, flags, four-eyes).
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { toRecord, type VerificationRow } from "../../v2/verifications/serialize";
import { decisionFields, latestFeedbacks } from "../../v2/feedback/store";
import { orderedFlags } from "../flags";
import { slaOf } from "../sla";
import type { ReviewCase, UserRef } from "../../../lib/contract/review";

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

export function reviewFieldsOf(row: VerificationRow, assignees: Map<string, UserRef>, slaHours: number, now: Date) {
  return {
    assignee: refOf(assignees, row.assigneeId),
    assignedAt: row.assignedAt?.toISOString() ?? null,
    reviewStartedAt: row.reviewStartedAt?.toISOString() ?? null,
    ...slaOf(row.reviewStartedAt, row.firstDecidedAt, slaHours, now),
    flags: orderedFlags(row.riskFlags),
    awaitingSecondReview: row.pendingProposalId !== null,
  };
}

/** The page's cases: two queries besides the rows (latest decisions, assignees' e-mails). */
export async function toCases(
  db: Db,
  workspaceId: string,
  rows: VerificationRow[],
  slaHours: number,
  now = new Date(),
  known?: Map<string, UserRef>,
): Promise<ReviewCase[]> {
  const [latest, assignees] = await Promise.all([
    latestFeedbacks(
      db,
      workspaceId,
      rows.filter((r) => r.feedbackStatus).map((r) => r.id),
    ),
    userRefs(
      db,
      rows.map((r) => r.assigneeId),
      known,
    ),
  ]);
  return rows.map(
    (r) => ({ ...toRecord(r), ...decisionFields(latest.get(r.id)), ...reviewFieldsOf(r, assignees, slaHours, now) }) as ReviewCase,
  );
}
