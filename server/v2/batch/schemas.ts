// POST /api/v2/verifications/batch (spec 2.4, 4.2; docs/decisions.md "v2 batch").
import { z } from "zod";
import { V2Callback, VerificationConfig } from "../verifications/schemas";

export const MAX_BATCH = 500;

export const BatchBody = z
  .object({
    nationalId: z
      .array(z.string().max(100), {
        error: (issue) => (issue.input === undefined ? "is required: an array of 1 to 500 documents" : "expected array"),
      })
      .min(1, "must hold at least one document")
      .max(MAX_BATCH, `must hold at most ${MAX_BATCH} documents`),
    verifications: VerificationConfig.optional(),
    /** Scoring profile for every item (beyond the spec's batch body, as in 2.2); absent: legacy flow. */
    profileId: z.string().min(1).max(200).optional(),
    callback: V2Callback.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type BatchBody = z.infer<typeof BatchBody>;

export { V2BatchResult as BatchResult } from "../../../lib/contract";
