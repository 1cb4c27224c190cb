// The audit events a decision records (docs/decisions.md, "Audit trail"), each in the decision's
// own transaction: decision.created (an effective decision), decision.proposed (four-eyes), and
// decision.confirmed or decision.overturned (the second review). The comment stays on the feedback
// or the proposal; the events keep ids, statuses, reasons and flags. The decider's assignment
// events come from rules.ts (deciderAssignment).
import type { TokenClaims } from "../auth/tokens";
import { actorOf, type Actor, type AuditInput } from "../review/audit/record";
import { orderedFlags } from "../review/flags";
import type { RiskFlag } from "../../lib/contract/review";
import type { LockedCase } from "./rules";

/** decision.created: what was decided, on which flags and acknowledgements. */
export function decisionCreated(
  locked: LockedCase,
  who: TokenClaims,
  feedback: { id: string; status: string; reasons: string[] },
  acknowledgedFlags: RiskFlag[] | undefined,
  requestId: string | null,
): AuditInput {
  return {
    workspaceId: who.workspaceId,
    type: "decision.created",
    actor: actorOf(who),
    caseId: locked.id,
    requestId,
    data: {
      feedbackId: feedback.id,
      status: feedback.status,
      reasons: feedback.reasons,
      flags: locked.flags,
      ...(acknowledgedFlags ? { acknowledgedFlags: orderedFlags(acknowledgedFlags) } : {}),
    },
  };
}

/** decision.proposed: a decision four-eyes holds for a second review. */
export function decisionProposed(
  locked: LockedCase,
  actor: Actor,
  proposal: { id: string; status: string; reasons: string[]; acknowledgedFlags: string[] },
  requestId: string | null,
): AuditInput {
  return {
    workspaceId: locked.workspaceId,
    type: "decision.proposed",
    actor,
    caseId: locked.id,
    requestId,
    data: {
      proposalId: proposal.id,
      status: proposal.status,
      reasons: proposal.reasons,
      acknowledgedFlags: orderedFlags(proposal.acknowledgedFlags),
      flags: locked.flags,
    },
  };
}

/** decision.confirmed (with the feedback it recorded) or decision.overturned. */
export function proposalResolved(
  who: TokenClaims,
  proposal: { id: string; verificationId: string; status: string; proposedBy: string },
  resolution: { confirmed: boolean; feedbackId: string | null; acknowledgedFlags: RiskFlag[] | undefined },
  requestId: string | null,
): AuditInput {
  const { confirmed, feedbackId, acknowledgedFlags } = resolution;
  return {
    workspaceId: who.workspaceId,
    type: confirmed ? "decision.confirmed" : "decision.overturned",
    actor: actorOf(who),
    caseId: proposal.verificationId,
    requestId,
    data: {
      proposalId: proposal.id,
      status: proposal.status,
      proposedBy: proposal.proposedBy,
      ...(feedbackId ? { feedbackId } : {}),
      ...(acknowledgedFlags ? { acknowledgedFlags: orderedFlags(acknowledgedFlags) } : {}),
    },
  };
}
