// The AI summary of a v2 verification (spec 2.5, 3.1, 4.2; shape in docs/decisions.md): a
// summarizer provider turns a completed verification (dossier, score, rules, declared case data)
// into a pt-BR paragraph, highlights, a verdict and a risk level. The built-in provider is
// rule-based; the OpenAI-compatible one writes the text with an external model and falls back to
// the built-in one on any failure.
import { z } from "zod";

export const VERDICTS = ["APPROVE", "REVIEW", "REJECT"] as const;
export type Verdict = (typeof VERDICTS)[number];
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Why the external model's answer was not used. */
export const FALLBACK_REASONS = ["timeout", "http_error", "network_error", "invalid_output"] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** A declared case datum (`input`) compared with the data found. */
export interface InputCheck {
  attribute: string;
  /** The dossier field it was compared with (e.g. `profile.birthDate`), null when not compared. */
  field: string | null;
  status: "match" | "mismatch" | "unavailable" | "not_compared";
  declared: string;
  /** What the data found says (documents masked), null when nothing was found. */
  found: string | null;
}

/** What a provider is given: a completed engine verification. */
export interface SummaryInput {
  verificationId: string;
  entity: "person" | "company";
  nationalId: string;
  status: string;
  score: number | null;
  result: Record<string, unknown> | null;
  dossier: Record<string, unknown> | null;
  input: { attribute: string; value: string }[] | null;
}

/** What a provider answers (the stored summary adds verificationId and generatedAt). */
export interface SummaryDraft {
  summary: string;
  verdict: Verdict;
  riskLevel: RiskLevel;
  highlights: string[];
  mismatches: InputCheck[];
  inputChecks: InputCheck[];
  /** The score band the verdict comes from (see bands.ts). */
  scoreBand: { name: string; min: number; max: number } | null;
  model: string;
  provider: "builtin" | "openai-compatible";
  fallback: FallbackReason | null;
}

export interface Summarizer {
  readonly name: string;
  summarize(input: SummaryInput): Promise<SummaryDraft>;
}

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
