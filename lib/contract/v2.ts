// The v2 verification record (spec 2.3) in its two shapes: the engine shape (version v5, created
// with a scoring profile) and the legacy-flow shape (version v4, a `verification` object). Both
// stay open to fields added by later features (feedback, AI summary, CNH, face match).
import { z } from "zod";
import { BusinessDossier, PersonDossier } from "./dossier";
import { Entity, FeedbackStatus, V2Status } from "./enums";
import { LatestFeedback } from "./v2-review";

export const VerificationResult = z
  .object({
    score: z.number().int().describe("0 to 1000, higher is more trustworthy"),
    scoreFactor: z.number().int(),
    rules: z.array(z.string()).describe("Names of the rules that fired"),
    execution: z.object({
      startedAt: z.string(),
      endedAt: z.string(),
      durationMs: z.number().int(),
      cachedModules: z
        .array(z.object({ module: z.string(), dataset: z.string(), fetchedAt: z.string(), ageSeconds: z.number().int() }))
        .optional()
        .describe("Modules answered by the workspace's dataset cache, with the answer's age; empty with verifications.force"),
    }),
    scoreDistribution: z.array(z.object({ module: z.string(), percent: z.number() })),
    relatedCount: z.number().int(),
  })
  .loose();
export type VerificationResult = z.infer<typeof VerificationResult>;

const common = {
  id: z.uuid(),
  workspaceId: z.string(),
  userId: z.string(),
  nationalId: z.string(),
  name: z.string().nullable(),
  status: V2Status,
  failureReason: z.string().optional(),
  // answered by every v2 verification route (docs/decisions.md "v2 feedback")
  feedbackStatus: FeedbackStatus.optional().describe("The latest decision's status; NOTSTARTED when none"),
  feedback: LatestFeedback.optional().describe("The latest decision, or null"),
};

export const VerificationConfigEcho = z
  .object({
    entity: Entity,
    ia: z.object({ resume: z.boolean().optional() }).loose(),
    finance: z.object({ restrictions: z.boolean().optional(), advanced: z.boolean().optional() }).loose(),
    faceRecognition: z.record(z.string(), z.unknown()).nullable(),
    cnh: z.record(z.string(), z.unknown()).nullable(),
    source: z.string(),
    profileId: z.string(),
  })
  .loose();

/** Engine shape (version v5): a verification created with a scoring profile. */
export const EngineVerification = z
  .object({
    ...common,
    profileId: z.string(),
    verifications: VerificationConfigEcho,
    result: VerificationResult.nullable(),
    callback: z.object({ url: z.string(), method: z.string() }).nullable(),
    person: PersonDossier.optional().describe("Dossier of a CPF"),
    business: BusinessDossier.optional().describe("Dossier of a CNPJ"),
    version: z.literal("v5"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .loose();
export type EngineVerification = z.infer<typeof EngineVerification>;

/** Legacy-flow shape (version v4): created without a profile; the details sit in `verification`. */
export const LegacyVerification = z
  .object({
    ...common,
    verification: z
      .object({
        type: z.string(),
        finance: z.record(z.string(), z.unknown()),
        result: VerificationResult.nullable(),
        person: PersonDossier.optional(),
        business: BusinessDossier.optional(),
        version: z.literal("v4"),
        createdAt: z.string(),
        updatedAt: z.string(),
      })
      .loose(),
  })
  .loose();
export type LegacyVerification = z.infer<typeof LegacyVerification>;

export const VerificationRecord = z.union([EngineVerification, LegacyVerification]);
export type VerificationRecord = z.infer<typeof VerificationRecord>;

export function isLegacyVerification(record: VerificationRecord): record is LegacyVerification {
  return "verification" in record && typeof record.verification === "object" && record.verification !== null;
}

export const VerificationList = z.object({
  verifications: z.array(VerificationRecord),
  page: z.number().int(),
  limit: z.number().int(),
  total: z
    .number()
    .int()
    .describe(
      "Matching verifications: exact up to LUPA_LIST_EXACT_TOTAL (default 1000); above it an estimate, never below that + 1 nor below the rows up to this page",
    ),
});
export type VerificationList = z.infer<typeof VerificationList>;

/** Query of GET /api/v2/verifications as the console sends it (the service's schema parses the strings). */
export interface VerificationListQuery {
  page?: number;
  limit?: number;
  status?: V2Status;
  search?: string;
  nationalId?: string;
  feedbackStatus?: FeedbackStatus;
  incomplete?: boolean;
  scoreGte?: number;
  scoreLte?: number;
}
