// v2 resources of the review flow (docs/decisions.md "v2 feedback", "v2 restrictive list",
// "v2 batch"): the feedback record and the latest decision on the verification record, the
// restrictive-list entry, its list and import result, and the batch result (spec 2.4).
import { z } from "zod";

/** Decisions an analyst records (NOTSTARTED is only a list filter). */
export const FEEDBACK_DECISIONS = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export const FeedbackDecision = z.enum(FEEDBACK_DECISIONS);
export type FeedbackDecision = z.infer<typeof FeedbackDecision>;

/** A stored feedback (answer of POST .../feedbacks, items of GET .../feedbacks). */
export const FeedbackRecord = z.object({
  id: z.uuid(),
  verificationId: z.uuid(),
  status: FeedbackDecision,
  comment: z.string().nullable(),
  reasons: z.array(z.string()),
  userId: z.uuid(),
  userEmail: z.string().nullable().describe("The author's e-mail"),
  createdAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecord>;

export const FeedbackList = z.object({ feedbacks: z.array(FeedbackRecord).describe("Newest first") });
export type FeedbackList = z.infer<typeof FeedbackList>;

/** The latest decision as the verification record shows it in `feedback` (null when none). */
export const LatestFeedback = FeedbackRecord.omit({ verificationId: true }).nullable();
export type LatestFeedback = z.infer<typeof LatestFeedback>;

/** A restrictive-list entry. */
export const BlacklistEntry = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  nationalId: z.string().describe("Normalized CPF or CNPJ"),
  name: z.string().nullable(),
  reason: z.string(),
  createdBy: z.uuid(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  expired: z.boolean().describe("An expired entry no longer counts"),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;

export const BlacklistList = z.object({
  items: z.array(BlacklistEntry),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type BlacklistList = z.infer<typeof BlacklistList>;

export const BlacklistImportResult = z.object({
  total: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  lines: z.array(
    z.object({
      line: z.number().int().describe("File line where the entry starts"),
      nationalId: z.string(),
      result: z.enum(["added", "duplicate", "invalid"]),
      error: z.string().optional(),
    }),
  ),
});
export type BlacklistImportResult = z.infer<typeof BlacklistImportResult>;

/** spec 2.4: items keyed by nationalId as sent ({id} accepted, {error} refused). */
export const V2BatchResult = z.object({
  total: z.number().int(),
  success: z.number().int(),
  errors: z.number().int(),
  items: z.record(z.string(), z.union([z.object({ id: z.uuid() }), z.object({ error: z.string() })])),
});
export type V2BatchResult = z.infer<typeof V2BatchResult>;

/** Body of a v2 callback (docs/callbacks.md "v2 callbacks"). */
export const V2CallbackBody = z.object({
  event: z.enum(["verification.completed", "verification.failed"]),
  id: z.uuid(),
  status: z.enum(["COMPLETED", "FAILED"]),
  score: z.number().int().nullable(),
  completedAt: z.string(),
});
export type V2CallbackBody = z.infer<typeof V2CallbackBody>;
