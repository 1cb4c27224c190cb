// A case of the queue: the v2 list item (the record and its latest decision, as GET
// /api/v2/verifications answers it) plus the review fields (assignee, SLA, flags, four-eyes).
import type { Db } from "../../db/client";
import { toRecord, type VerificationRow } from "../../v2/verifications/serialize";
import { decisionFields, latestFeedbacks } from "../../decisions/store";
import { orderedFlags } from "../flags";
import { slaOf } from "../sla";
import { refOf, userRefs } from "../user-refs";
import type { ReviewCase, UserRef } from "../../../lib/contract/review";

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
