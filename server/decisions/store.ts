// Decisions as stored (verification_feedbacks): recording one (locks the verification, checks it
// is terminal and below MAX_DECISIONS, stores the feedback and the verification's latest decision
// in one transaction), the history, and the latest decision of a page of verifications. The v2
// feedback route, the review's bulk decide and the demo seed record through createFeedback; the v2
// list and record, and the review's queue, read the latest. Every query is scoped by workspace.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, verificationFeedbacks, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import { notifyRecordChanged } from "../http/record-cache";
import type { TokenClaims } from "../auth/tokens";
import { actorOf, recordEvents } from "../review/audit/record";
import type { FeedbackDecision, FeedbackRecord } from "../../lib/contract/v2-review";
import { checkDecision, deciderAssignment, firstDecision, lockForDecision, MAX_DECISIONS, type DecisionBody } from "./rules";
import { proposeDecision, type ProposedRecord } from "./proposals";
import { decisionCreated } from "./events";

const TERMINAL = ["COMPLETED", "FAILED"];

type FeedbackRow = typeof verificationFeedbacks.$inferSelect;

function toFeedback(row: FeedbackRow, userEmail: string | null): FeedbackRecord {
  return {
    id: row.id,
    verificationId: row.verificationId,
    status: row.status as FeedbackDecision,
    comment: row.comment,
    reasons: row.reasons,
    userId: row.userId,
    userEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Records a decision. The rules (rules.ts: reasons, the flagged-approval guardrail, four-eyes,
 * assignment) run inside this transaction, on the row it locks; a decision four-eyes applies to is stored as a proposal instead (its answer says
 * `state: "proposed"`). `requestId` goes into the audit events.
 */
export async function createFeedback(
  db: Db,
  who: TokenClaims,
  verificationId: string,
  body: DecisionBody,
  requestId: string | null = null,
): Promise<FeedbackRecord | ProposedRecord> {
  return db.transaction(async (tx) => {
    // the row lock orders concurrent feedbacks, so the stored latest decision is the last one written
    const locked = await lockForDecision(tx, who.workspaceId, verificationId);
    if (!locked) throw new ApiError("not_found", "verification not found");
    if (!TERMINAL.includes(locked.status)) {
      throw new ApiError("conflict", `verification is ${locked.status}: feedback is accepted once it is COMPLETED or FAILED`);
    }
    // the decisions so far: at most MAX_DECISIONS, and the time of the latest
    const [history] = await tx
      .select({ decisions: count(), latest: max(verificationFeedbacks.createdAt) })
      .from(verificationFeedbacks)
      .where(and(eq(verificationFeedbacks.workspaceId, who.workspaceId), eq(verificationFeedbacks.verificationId, verificationId)));
    if ((history?.decisions ?? 0) >= MAX_DECISIONS)
      throw new ApiError("conflict", `verification already has ${MAX_DECISIONS} decisions, the most one verification may hold`);
    if (checkDecision(locked, body).propose) return proposeDecision(tx, who, locked, body, requestId);
    // strictly after the previous one, so "newest first" never ties even within a millisecond
    const now = new Date(Math.max(Date.now(), (history?.latest?.getTime() ?? 0) + 1));
    const comment = body.comment ? body.comment : null;
    const [row] = await tx
      .insert(verificationFeedbacks)
      .values({
        id: randomUUID(),
        workspaceId: who.workspaceId,
        verificationId,
        status: body.status,
        comment,
        reasons: body.reasons ?? [],
        userId: who.userId,
        createdAt: now,
      })
      .returning();
    const assignment = deciderAssignment(locked, actorOf(who), requestId, now);
    await tx
      .update(verifications)
      .set({ feedbackStatus: body.status, firstDecidedAt: firstDecision(now), ...assignment.set })
      .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, verificationId)));
    await recordEvents(tx, [decisionCreated(locked, who, row!, body.acknowledgedFlags, requestId), ...assignment.events]);
    await notifyRecordChanged(tx, verificationId);
    return toFeedback(row!, who.email);
  });
}

/** The verification's feedbacks, newest first, with each author's e-mail; null when the verification is not the workspace's. */
export async function listFeedbacks(db: Db, workspaceId: string, verificationId: string): Promise<FeedbackRecord[] | null> {
  const [verification] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, verificationId)));
  if (!verification) return null;
  const rows = await db
    .select({ feedback: verificationFeedbacks, email: users.email })
    .from(verificationFeedbacks)
    .leftJoin(users, eq(users.id, verificationFeedbacks.userId))
    .where(and(eq(verificationFeedbacks.workspaceId, workspaceId), eq(verificationFeedbacks.verificationId, verificationId)))
    .orderBy(desc(verificationFeedbacks.createdAt), desc(verificationFeedbacks.id));
  return rows.map((r) => toFeedback(r.feedback, r.email));
}

/** The latest feedback of each verification of `ids` (one query for a page of the list). */
export async function latestFeedbacks(db: Db, workspaceId: string, ids: string[]): Promise<Map<string, FeedbackRecord>> {
  const latest = new Map<string, FeedbackRecord>();
  if (ids.length === 0) return latest;
  const rows = await db
    .selectDistinctOn([verificationFeedbacks.verificationId], { feedback: verificationFeedbacks, email: users.email })
    .from(verificationFeedbacks)
    .leftJoin(users, eq(users.id, verificationFeedbacks.userId))
    .where(and(eq(verificationFeedbacks.workspaceId, workspaceId), inArray(verificationFeedbacks.verificationId, ids)))
    .orderBy(verificationFeedbacks.verificationId, desc(verificationFeedbacks.createdAt), desc(verificationFeedbacks.id));
  for (const r of rows) latest.set(r.feedback.verificationId, toFeedback(r.feedback, r.email));
  return latest;
}

/**
 * The fields the verification record carries about its latest decision (docs/decisions.md):
 * `feedbackStatus` (the list filter's value, NOTSTARTED when none) and `feedback` (the latest
 * stored feedback without its verificationId, or null).
 */
export function decisionFields(latest: FeedbackRecord | undefined | null): {
  feedbackStatus: string;
  feedback: Omit<FeedbackRecord, "verificationId"> | null;
} {
  if (!latest) return { feedbackStatus: "NOTSTARTED", feedback: null };
  const { verificationId: _verificationId, ...feedback } = latest;
  return { feedbackStatus: latest.status, feedback };
}
