// The rules of a decision, shared by the v2 feedback route, the review's bulk decide and the
// second review: at most MAX_DECISIONS per verification; the verification is locked with the
// workspace's settings (one statement), then
//   - reasons: a decision in requireReason needs one; every reason must be in the catalog of its
//     decision (exact text, trimmed); reasons removed from the catalog later stay on old decisions;
//   - guardrail: approving a case with risk flags needs acknowledgedFlags listing exactly them;
//   - four-eyes: a decision the settings name (a status, or flagged_approval) is proposed, not
//     recorded; while a proposal waits, no other decision is taken (409 awaiting_second_review);
//   - assignment: the decider becomes the assignee of an unassigned case; deciding a case assigned
//     to someone else takes it over (recorded).
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { reviewSettings, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import { settingsFrom } from "../review/settings/store";
import { orderedFlags } from "../review/flags";
import type { ReviewSettings, RiskFlag } from "../../lib/contract/review";
import type { FeedbackDecision } from "../../lib/contract/v2-review";
import type { AuditInput, Actor } from "../review/audit/record";

/**
 * Decisions one verification may hold (docs/decisions.md, "v2 feedback"): beyond it a POST is 409.
 * A real case is decided a handful of times; without a cap one analyst could store thousands of
 * 4 KB decisions on a case that every history read and every PDF then carries.
 */
export const MAX_DECISIONS = 200;

export interface LockedCase {
  id: string;
  workspaceId: string;
  status: string;
  flags: RiskFlag[];
  assigneeId: string | null;
  pendingProposalId: string | null;
  settings: ReviewSettings;
}

/** Locks the verification for a decision and reads the workspace's settings with it. */
export async function lockForDecision(tx: Tx, workspaceId: string, id: string): Promise<LockedCase | null> {
  const [row] = await tx
    .select({
      status: verifications.status,
      riskFlags: verifications.riskFlags,
      assigneeId: verifications.assigneeId,
      pendingProposalId: verifications.pendingProposalId,
      settings: reviewSettings.settings,
    })
    .from(verifications)
    .leftJoin(reviewSettings, eq(reviewSettings.workspaceId, verifications.workspaceId))
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, id)))
    .for("update", { of: verifications });
  if (!row) return null;
  return {
    id,
    workspaceId,
    status: row.status,
    flags: orderedFlags(row.riskFlags),
    assigneeId: row.assigneeId,
    pendingProposalId: row.pendingProposalId,
    settings: settingsFrom(row.settings),
  };
}

export interface DecisionBody {
  status: FeedbackDecision;
  comment?: string;
  reasons?: string[];
  acknowledgedFlags?: RiskFlag[];
}

export function checkReasons(settings: ReviewSettings, body: DecisionBody): void {
  const reasons = body.reasons ?? [];
  const catalog = settings.reasons[body.status];
  if (reasons.length === 0 && settings.requireReason.includes(body.status)) {
    throw new ApiError(
      "reason_required",
      `A reason is required for ${body.status}: send reasons with at least one of the workspace's catalog (${catalog.join("; ")})`,
    );
  }
  reasons.forEach((reason, i) => {
    if (!catalog.includes(reason))
      throw new ApiError("reason_not_in_catalog", `reasons.${i} is not in the workspace's catalog of ${body.status} reasons`);
  });
}

/** Approving a flagged case: acknowledgedFlags must list exactly the case's flags. */
export function checkAcknowledged(status: FeedbackDecision, flags: RiskFlag[], acknowledged: RiskFlag[] | undefined): void {
  if (status !== "APPROVED") return;
  const given = new Set(acknowledged ?? []);
  const missing = flags.filter((f) => !given.has(f));
  if (missing.length > 0)
    throw new ApiError(
      "flags_not_acknowledged",
      `Approving this case needs acknowledgedFlags listing its risk flags: ${flags.join(", ")} (missing: ${missing.join(", ")})`,
    );
  const extra = [...given].filter((f) => !flags.includes(f));
  if (extra.length > 0)
    throw new ApiError(
      "flags_not_acknowledged",
      `acknowledgedFlags lists flags this case does not have: ${extra.join(", ")} (its flags: ${flags.join(", ") || "none"})`,
    );
}

/** Whether four-eyes applies to this decision on this case. */
export function needsSecondReview(settings: ReviewSettings, status: FeedbackDecision, flags: RiskFlag[]): boolean {
  if (!settings.fourEyes.enabled) return false;
  const on = settings.fourEyes.on;
  return on.includes(status) || (status === "APPROVED" && flags.length > 0 && on.includes("flagged_approval"));
}

/** Every check of a decision; answers whether it is to be proposed (four-eyes). */
export function checkDecision(locked: LockedCase, body: DecisionBody): { propose: boolean } {
  if (locked.pendingProposalId)
    throw new ApiError("awaiting_second_review", "A proposed decision on this case awaits its second review; confirm or overturn it first");
  checkReasons(locked.settings, body);
  checkAcknowledged(body.status, locked.flags, body.acknowledgedFlags);
  return { propose: needsSecondReview(locked.settings, body.status, locked.flags) };
}

/**
 * The decider takes the case: the assignment's new columns and its event (case.assigned on an
 * unassigned case, case.taken_over from someone else; nothing when it is already the decider's).
 */
export function deciderAssignment(
  locked: LockedCase,
  actor: Actor,
  requestId: string | null,
  now: Date,
): { set: { assigneeId?: string; assignedAt?: Date }; events: AuditInput[] } {
  if (locked.assigneeId === actor.id) return { set: {}, events: [] };
  const type = locked.assigneeId ? "case.taken_over" : "case.assigned";
  return {
    set: { assigneeId: actor.id, assignedAt: now },
    events: [
      {
        workspaceId: locked.workspaceId,
        type,
        actor,
        caseId: locked.id,
        requestId,
        data: { from: locked.assigneeId, to: actor.id, by: "decision" },
      },
    ],
  };
}

/** first_decided_at keeps the first effective decision. */
export const firstDecision = (now: Date) => sql`coalesce(${verifications.firstDecidedAt}, ${now.toISOString()}::timestamptz)`;
