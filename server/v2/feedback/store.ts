// Feedback rows: creation (locks the verification, checks it is terminal and below MAX_DECISIONS,
// stores the feedback and the verification's latest decision in one transaction), history and the latest decision of a
// page of verifications. Every query is scoped by workspace.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, verificationFeedbacks, verifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { notifyRecordChanged } from "../../http/record-cache";
import type { TokenClaims } from "../../auth/tokens";
import { MAX_DECISIONS, type CreateFeedbackBody, type Decision, type FeedbackRecord } from "./schemas";

const TERMINAL = ["COMPLETED", "FAILED"];

type FeedbackRow = typeof verificationFeedbacks.$inferSelect;

function toFeedback(row: FeedbackRow, userEmail: string | null): FeedbackRecord {
  return {
    id: row.id,
    verificationId: row.verificationId,
    status: row.status as Decision,
    comment: row.comment,
    reasons: row.reasons,
    userId: row.userId,
    userEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createFeedback(db: Db, who: TokenClaims, verificationId: string, body: CreateFeedbackBody): Promise<FeedbackRecord> {
  return db.transaction(async (tx) => {
    // the row lock orders concurrent feedbacks, so the stored latest decision is the last one written
    const [verification] = await tx
      .select({ status: verifications.status })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, verificationId)))
      .for("update");
    if (!verification) throw new ApiError("not_found", "verification not found");
    if (!TERMINAL.includes(verification.status)) {
      throw new ApiError("conflict", `verification is ${verification.status}: feedback is accepted once it is COMPLETED or FAILED`);
    }
    const [{ decisions } = { decisions: 0 }] = await tx
      .select({ decisions: count() })
      .from(verificationFeedbacks)
      .where(and(eq(verificationFeedbacks.workspaceId, who.workspaceId), eq(verificationFeedbacks.verificationId, verificationId)));
    if (decisions >= MAX_DECISIONS)
      throw new ApiError("conflict", `verification already has ${MAX_DECISIONS} decisions, the most one verification may hold`);
    const [previous] = await tx
      .select({ createdAt: verificationFeedbacks.createdAt })
      .from(verificationFeedbacks)
      .where(and(eq(verificationFeedbacks.workspaceId, who.workspaceId), eq(verificationFeedbacks.verificationId, verificationId)))
      .orderBy(desc(verificationFeedbacks.createdAt))
      .limit(1);
    // strictly after the previous one, so "newest first" never ties even within a millisecond
    const now = new Date(Math.max(Date.now(), (previous?.createdAt.getTime() ?? 0) + 1));
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
    await tx
      .update(verifications)
      .set({ feedbackStatus: body.status })
      .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, verificationId)));
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
