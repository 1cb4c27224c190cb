// Feedback on a v2 verification (spec 2.5, 3.2, 4.2; docs/decisions.md "v2 feedback"): the
// request, the stored record and the latest decision shown on the verification record.
import { z } from "zod";

export const DECISIONS = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export type Decision = (typeof DECISIONS)[number];
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_REASONS = 20;
export const MAX_REASON_LENGTH = 100;

export const CreateFeedbackBody = z.object({
  status: z.enum(DECISIONS, {
    error: (issue) => issue.input === "NOTSTARTED"
      ? "NOTSTARTED is only a list filter (no feedback yet), not a decision"
      : `must be one of ${DECISIONS.join(", ")}`,
  }),
  comment: z.string().trim().max(MAX_COMMENT_LENGTH).optional(),
  reasons: z.array(z.string().trim().min(1).max(MAX_REASON_LENGTH)).max(MAX_REASONS).optional(),
}).strict();
export type CreateFeedbackBody = z.infer<typeof CreateFeedbackBody>;

export const FeedbackRecord = z.object({
  id: z.uuid(),
  verificationId: z.uuid(),
  status: z.enum(DECISIONS),
  comment: z.string().nullable(),
  reasons: z.array(z.string()),
  userId: z.uuid(),
  userEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecord>;

export const FeedbackList = z.object({ feedbacks: z.array(FeedbackRecord) });

/** The latest decision as the verification record shows it (`feedback`; null when none). */
export const LatestFeedback = z.object({
  id: z.uuid(),
  status: z.enum(DECISIONS),
  comment: z.string().nullable(),
  reasons: z.array(z.string()),
  userId: z.uuid(),
  userEmail: z.string().nullable(),
  createdAt: z.string(),
}).nullable();
