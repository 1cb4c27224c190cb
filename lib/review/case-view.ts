import type { AuditEvent, CaseReview, Note, Proposal } from "@/lib/contract/review";
import type { Decision } from "@/lib/verifications/decisions";

// What the BFF sends the case page about the review state (GET /bff/verifications/:id/review):
// the review API's answer for the case, the parts of the workspace's settings a decision needs,
// and who the caller is (to tell "mine" from someone else's). No document ever.

export interface CaseReviewView {
  review: CaseReview;
  /** The decision catalog and which decisions need a reason (GET /api/review/v1/settings). */
  reasons: Record<Decision, string[]>;
  requireReason: Decision[];
  /** The signed-in user's id (the token's subject). */
  me: string | null;
}

export type ProposalView = Proposal;
export type NoteView = Note;
export type TimelineEvent = AuditEvent;

export interface TimelinePage {
  events: AuditEvent[];
  nextCursor: string | null;
}
