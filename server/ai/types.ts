// The AI summary of a v2 verification (spec 2.5, 3.1, 4.2; shape in docs/decisions.md): a
// summarizer provider turns a completed verification (dossier, score, rules, declared case data)
// into a pt-BR paragraph, highlights, a verdict and a risk level. The built-in provider is
// rule-based; the OpenAI-compatible one writes the text with an external model and falls back to
// the built-in one on any failure.
// The response's schema and enums live in the contract (lib/contract/ai-summary.ts), shared with the console.
import { type FallbackReason, type RiskLevel, type Verdict } from "../../lib/contract/ai-summary";
import type { ModuleSourceView } from "../../lib/contract/source-labels";
export { AiSummarySchema, FALLBACK_REASONS, InputCheckSchema, RISK_LEVELS, VERDICTS } from "../../lib/contract/ai-summary";
export type { AiSummary, FallbackReason, RiskLevel, Verdict } from "../../lib/contract/ai-summary";

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
  /** Where each module's data came from (the review API's sources; absent: not known). */
  sources?: ModuleSourceView[];
  /**
   * The workspace's restrictive list now, for a summary made again after completion ("Gerar
   * novamente", issue 28 item 3): it replaces what the dossier recorded at completion, which the
   * summary then mentions beside it. Absent at completion (the dossier is the list then).
   */
  listing?: { client: boolean };
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
