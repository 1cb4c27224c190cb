// The AI summary of a v2 verification (GET /api/v2/verifications/{id}/ai-summary; docs/decisions.md,
// "v2 AI summary"): verdict, risk level, a pt-BR paragraph and highlights, the declared data
// compared with the data found, and the model that wrote it.
import { z } from "zod";

export const VERDICTS = ["APPROVE", "REVIEW", "REJECT"] as const;
export type Verdict = (typeof VERDICTS)[number];
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Why the external model's answer was not used. */
export const FALLBACK_REASONS = ["timeout", "http_error", "network_error", "invalid_output"] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export const InputCheckSchema = z.object({
  attribute: z.string(),
  field: z.string().nullable(),
  status: z.enum(["match", "mismatch", "unavailable", "not_compared"]),
  declared: z.string(),
  found: z.string().nullable(),
});

/** The response of GET /api/v2/verifications/{id}/ai-summary. */
export const AiSummarySchema = z.object({
  verificationId: z.string(),
  summary: z.string(),
  verdict: z.enum(VERDICTS),
  riskLevel: z.enum(RISK_LEVELS),
  highlights: z.array(z.string()),
  mismatches: z.array(InputCheckSchema),
  inputChecks: z.array(InputCheckSchema),
  scoreBand: z.object({ name: z.string(), min: z.number(), max: z.number() }).nullable(),
  model: z.string(),
  provider: z.enum(["builtin", "openai-compatible"]),
  fallback: z.enum(FALLBACK_REASONS).nullable(),
  generatedAt: z.string(),
});
export type AiSummary = z.infer<typeof AiSummarySchema>;
