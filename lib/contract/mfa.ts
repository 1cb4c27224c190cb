// The second factor and step-up (issue 34, items 2 and 3; /api/review/v1/auth/...; docs/security.md).
import { z } from "zod";
import { TokenPair } from "./auth";

export const SecondFactorDue = z.enum(["pending", "enrolment"]);

export const FactorStatus = z.object({
  enrolled: z.boolean().describe("A confirmed TOTP factor"),
  confirmedAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().describe("Unused recovery codes"),
  required: z.boolean().describe("The workspace requires a factor (settings.mfa.required)"),
  due: SecondFactorDue.nullable().describe("What this session still owes: the code (pending), an enrolment, or nothing (null)"),
  freshUntil: z
    .string()
    .nullable()
    .describe(
      "Until when this session may do the step-up acts without authenticating again (docs/security.md); null while it owes its second step",
    ),
  stepUpMethods: z
    .array(z.enum(["password", "sso"]))
    .describe(
      "How this person can step up: password (POST /auth/step-up, with the code when enrolled) and/or sso (POST /sso/step-up/start: back to the workspace's identity provider)",
    ),
});
export type FactorStatus = z.infer<typeof FactorStatus>;

export const TotpEnrolment = z.object({
  secret: z.string().describe("Base32 secret, for typing into an authenticator app"),
  otpauthUri: z.string().describe("otpauth://totp/... (RFC 6238; SHA-1, 6 digits, 30 s)"),
  qrCode: z.string().describe("The otpauth URI as a QR code, a PNG data URL"),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

const Code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "six digits");
const RecoveryCode = z.string().trim().min(10).max(20);

export const ConfirmTotpBody = z.object({ code: Code }).strict();

export const ConfirmTotpResult = z.object({
  recoveryCodes: z.array(z.string()).describe("10 single-use recovery codes, shown this once"),
  tokens: TokenPair.nullable().describe("A full token pair when this session was limited to the enrolment; else null"),
});
export type ConfirmTotpResult = z.infer<typeof ConfirmTotpResult>;

export const SecondFactorBody = z
  .object({ code: Code.optional(), recoveryCode: RecoveryCode.optional() })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), "exactly one of code and recoveryCode");
export type SecondFactorBody = z.infer<typeof SecondFactorBody>;

export const StepUpBody = z
  .object({ password: z.string().min(1).max(1024), code: Code.optional(), recoveryCode: RecoveryCode.optional() })
  .strict()
  .refine((b) => b.code === undefined || b.recoveryCode === undefined, "at most one of code and recoveryCode");
export type StepUpBody = z.infer<typeof StepUpBody>;

export const StepUpResult = z.object({
  authenticatedAt: z.string(),
  freshUntil: z.string().describe("Until when the step-up acts are allowed without asking again"),
});
export type StepUpResult = z.infer<typeof StepUpResult>;

export const MemberFactors = z.object({
  members: z.array(
    z.object({
      userId: z.uuid(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      enrolled: z.boolean(),
      confirmedAt: z.string().nullable(),
    }),
  ),
});
export type MemberFactors = z.infer<typeof MemberFactors>;

export const MemberIdParams = z.object({ userId: z.uuid() }).strict();
