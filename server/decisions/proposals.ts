// Four-eyes (issue 19): a decision the workspace's settings name is recorded as a proposal; the
// case shows it as awaiting a second review. Another admin or analyst confirms it (the decision is
// recorded then, by its proposer, with the confirmation's time) or overturns it (nothing is
// recorded as decided; the case waits again). The proposer may not do either (403). Until then the
// v2 record's `feedback` and the feedbackStatus filter show the last effective decision.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { decisionProposals, verificationFeedbacks, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import { notifyRecordChanged } from "../http/record-cache";
import type { TokenClaims } from "../auth/tokens";
import { actorOf, recordEvents } from "../review/audit/record";
import { refOf, userRefs } from "../review/user-refs";
import { orderedFlags } from "../review/flags";
import type { FeedbackRecord } from "../../lib/contract/v2-review";
import type { Proposal, SecondReviewBody } from "../../lib/contract/review";
import type { FeedbackDecision } from "../../lib/contract/v2-review";
import { checkAcknowledged, deciderAssignment, firstDecision, lockForDecision, type DecisionBody, type LockedCase } from "./rules";
import { decisionProposed, proposalResolved } from "./events";

type ProposalRow = typeof decisionProposals.$inferSelect;

export async function toProposal(db: Db | Tx, row: ProposalRow): Promise<Proposal> {
  const refs = await userRefs(db, [row.proposedBy, row.resolvedBy]);
  return {
    id: row.id,
    verificationId: row.verificationId,
    status: row.status as FeedbackDecision,
    comment: row.comment,
    reasons: row.reasons,
    acknowledgedFlags: orderedFlags(row.acknowledgedFlags),
    proposedBy: refOf(refs, row.proposedBy)!,
    createdAt: row.createdAt.toISOString(),
    resolution: row.resolution as Proposal["resolution"],
    resolvedBy: refOf(refs, row.resolvedBy),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionComment: row.resolutionComment,
    feedbackId: row.feedbackId,
  };
}

/** The v2 feedback route's answer for a proposal: the feedback shape, `state: "proposed"`. */
export type ProposedRecord = FeedbackRecord & { state: "proposed" };

/** Records a proposal in the decision's transaction (the case is locked by lockForDecision). */
export async function proposeDecision(
  tx: Tx,
  who: TokenClaims,
  locked: LockedCase,
  body: DecisionBody,
  requestId: string | null,
): Promise<ProposedRecord> {
  const now = new Date();
  const actor = actorOf(who);
  const assignment = deciderAssignment(locked, actor, requestId, now);
  const [row] = await tx
    .insert(decisionProposals)
    .values({
      id: randomUUID(),
      workspaceId: locked.workspaceId,
      verificationId: locked.id,
      status: body.status,
      comment: body.comment ? body.comment : null,
      reasons: body.reasons ?? [],
      acknowledgedFlags: body.acknowledgedFlags ?? [],
      proposedBy: who.userId,
      createdAt: now,
    })
    .returning();
  await tx
    .update(verifications)
    .set({ pendingProposalId: row!.id, ...assignment.set })
    .where(and(eq(verifications.workspaceId, locked.workspaceId), eq(verifications.id, locked.id)));
  await recordEvents(tx, [decisionProposed(locked, actor, row!, requestId), ...assignment.events]);
  return {
    id: row!.id,
    verificationId: locked.id,
    status: body.status,
    comment: row!.comment,
    reasons: row!.reasons,
    userId: who.userId,
    userEmail: who.email,
    createdAt: now.toISOString(),
    state: "proposed",
  };
}

/** The pending proposal of a case, or null. */
export async function pendingProposal(db: Db | Tx, workspaceId: string, id: string | null): Promise<ProposalRow | null> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(decisionProposals)
    .where(and(eq(decisionProposals.workspaceId, workspaceId), eq(decisionProposals.id, id)));
  return row ?? null;
}

/** POST /cases/{id}/second-review: confirm (the decision is recorded) or overturn (it is not). */
export async function secondReview(
  db: Db,
  who: TokenClaims,
  verificationId: string,
  body: SecondReviewBody,
  requestId: string | null,
): Promise<{ proposal: Proposal; feedback: FeedbackRecord | null }> {
  return db.transaction(async (tx) => {
    const locked = await lockForDecision(tx, who.workspaceId, verificationId);
    if (!locked) throw new ApiError("not_found", "case not found");
    const proposal = await pendingProposal(tx, who.workspaceId, locked.pendingProposalId);
    if (!proposal) throw new ApiError("no_pending_proposal", "No proposed decision awaits a second review on this case");
    if (proposal.proposedBy === who.userId)
      throw new ApiError("forbidden", "The proposer of a decision cannot give its second review: another admin or analyst must");
    const now = new Date();
    let feedback: FeedbackRecord | null = null;
    if (body.confirm) {
      // the same acknowledgements as the decision itself, against the case's flags now
      checkAcknowledged(proposal.status as FeedbackDecision, locked.flags, body.acknowledgedFlags);
      const [previous] = await tx
        .select({ createdAt: verificationFeedbacks.createdAt })
        .from(verificationFeedbacks)
        .where(and(eq(verificationFeedbacks.workspaceId, who.workspaceId), eq(verificationFeedbacks.verificationId, verificationId)))
        .orderBy(desc(verificationFeedbacks.createdAt))
        .limit(1);
      const at = new Date(Math.max(now.getTime(), (previous?.createdAt.getTime() ?? 0) + 1));
      const [row] = await tx
        .insert(verificationFeedbacks)
        .values({
          id: randomUUID(),
          workspaceId: who.workspaceId,
          verificationId,
          status: proposal.status,
          comment: proposal.comment,
          reasons: proposal.reasons,
          userId: proposal.proposedBy,
          createdAt: at,
        })
        .returning();
      await tx
        .update(verifications)
        .set({ feedbackStatus: proposal.status, firstDecidedAt: firstDecision(at), pendingProposalId: null })
        .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, verificationId)));
      const refs = await userRefs(tx, [proposal.proposedBy]);
      feedback = {
        id: row!.id,
        verificationId,
        status: row!.status as FeedbackDecision,
        comment: row!.comment,
        reasons: row!.reasons,
        userId: row!.userId,
        userEmail: refs.get(row!.userId)?.email ?? null,
        createdAt: row!.createdAt.toISOString(),
      };
      await notifyRecordChanged(tx, verificationId);
    } else {
      await tx
        .update(verifications)
        .set({ pendingProposalId: null })
        .where(and(eq(verifications.workspaceId, who.workspaceId), eq(verifications.id, verificationId)));
    }
    const [resolved] = await tx
      .update(decisionProposals)
      .set({
        resolution: body.confirm ? "confirmed" : "overturned",
        resolvedBy: who.userId,
        resolvedAt: now,
        resolutionComment: body.comment,
        feedbackId: feedback?.id ?? null,
      })
      .where(eq(decisionProposals.id, proposal.id))
      .returning();
    const resolution = { confirmed: body.confirm, feedbackId: feedback?.id ?? null, acknowledgedFlags: body.acknowledgedFlags };
    await recordEvents(tx, [proposalResolved(who, proposal, resolution, requestId)]);
    return { proposal: await toProposal(tx, resolved!), feedback };
  });
}
