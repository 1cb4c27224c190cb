// v2 verification request and list parameters (spec 2.2, 4.2). Unknown fields are refused.
import { z } from "zod";
import { FEEDBACK_STATUSES, V2_STATUSES } from "../../../lib/contract/enums";

export { FEEDBACK_STATUSES, V2_STATUSES };

const nationalId = z.string().min(11).max(14);

const Image = z
  .object({
    imageURL: z.url().max(2048).optional(),
    filename: z.string().max(255).optional(),
    // the decoded size is capped by LUPA_IMAGE_MAX_BYTES (server/images/fetch.ts)
    imageBase64: z.string().max(30_000_000).optional(),
  })
  .strict();

export const VerificationConfig = z
  .object({
    type: z.string().max(100).optional(),
    ia: z.object({ resume: z.boolean().optional() }).strict().optional(),
    finance: z.object({ restrictions: z.boolean().optional(), advanced: z.boolean().optional() }).strict().optional(),
    faceRecognition: Image.nullable().optional(),
    cnh: Image.omit({ filename: true }).nullable().optional(),
    source: z.enum(["API", "UI"]).optional(),
    force: z.boolean().optional(),
    modules: z
      .array(z.object({ name: z.string().min(1).max(50), enabled: z.boolean() }).strict())
      .max(20)
      .optional(),
  })
  .strict();

export const V2Callback = z
  .object({
    url: z.url().max(2048),
    method: z.enum(["POST", "PUT"]).optional(),
    headers: z.record(z.string(), z.string().max(1024)).optional(),
  })
  .strict();

export const CreateVerificationBody = z
  .object({
    nationalId,
    verifications: VerificationConfig,
    profileId: z.string().min(1).max(200).optional(),
    input: z
      .array(z.object({ attribute: z.string().min(1).max(100), value: z.string().max(1000) }).strict())
      .max(50)
      .optional(),
    callback: V2Callback.optional(),
  })
  .strict();
export type CreateVerificationBody = z.infer<typeof CreateVerificationBody>;

const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const ListVerificationsQuery = z
  .object({
    nationalId: nationalId.optional(),
    status: z.enum(V2_STATUSES).optional(),
    search: z.string().min(1).max(100).optional(),
    feedbackStatus: z.enum(FEEDBACK_STATUSES).optional(),
    incomplete: z
      .enum(["true", "false"])
      .transform((v) => v === "true")
      .optional(),
    page: intParam(1, 1_000_000).default(1),
    limit: intParam(1, 25).default(10),
    scoreGte: intParam(0, 1000).optional(),
    scoreLte: intParam(0, 1000).optional(),
    // beyond the spec: creation dates in [from, to), as the overview's figures (stats) count them
    from: z.iso
      .datetime({ offset: true })
      .transform((text) => new Date(text))
      .optional(),
    to: z.iso
      .datetime({ offset: true })
      .transform((text) => new Date(text))
      .optional(),
  })
  .strict();
export type ListVerificationsQuery = z.infer<typeof ListVerificationsQuery>;

export const VerificationIdParams = z.object({ id: z.uuid() });
