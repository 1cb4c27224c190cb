// Feedback on a v2 verification (spec 2.5, 3.2, 4.2; docs/decisions.md "v2 feedback"): the
// request, the stored record and the latest decision shown on the verification record.
import { z } from "zod";
import { FEEDBACK_DECISIONS as DECISIONS, RISK_FLAGS } from "../../../lib/contract";

export { FEEDBACK_DECISIONS as DECISIONS, type FeedbackDecision as Decision } from "../../../lib/contract";
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_REASONS = 20;
export const MAX_REASON_LENGTH = 100;

export const CreateFeedbackBody = z
  .object({
    status: z.enum(DECISIONS, {
      error: (issue) =>
        issue.input === "NOTSTARTED"
          ? "NOTSTARTED is only a list filter (no feedback yet), not a decision"
          : `must be one of ${DECISIONS.join(", ")}`,
    }),
    comment: z.string().trim().max(MAX_COMMENT_LENGTH).optional(),
    reasons: z.array(z.string().trim().min(1).max(MAX_REASON_LENGTH)).max(MAX_REASONS).optional(),
    /** Beyond the spec (issue 19): approving a case with risk flags must list exactly them. */
    acknowledgedFlags: z.array(z.enum(RISK_FLAGS)).max(RISK_FLAGS.length).optional(),
  })
  .strict();
export type CreateFeedbackBody = z.infer<typeof CreateFeedbackBody>;

export { FeedbackList, FeedbackRecord, LatestFeedback } from "../../../lib/contract";
