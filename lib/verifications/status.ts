import type { VerificationStatus } from "@/lib/api/types";
import { DECISION_LABELS, USER_ROLE_LABELS, VERIFICATION_STATUS_LABELS } from "@/lib/contract/labels";

// Tones of the v2 statuses; their words are the contract's one set (lib/contract/labels.ts).

export type Tone = "neutral" | "info" | "progress" | "success" | "warning" | "danger";

const TONES: Record<VerificationStatus, Tone> = {
  CREATED: "neutral",
  PROCESSING: "info",
  CNH_EXTRACT: "info",
  ANALYZING: "progress",
  COMPLETED: "success",
  FAILED: "danger",
};
export const STATUS_META = Object.fromEntries(
  Object.entries(TONES).map(([status, tone]) => [status, { label: VERIFICATION_STATUS_LABELS[status]!, tone }]),
) as Record<VerificationStatus, { label: string; tone: Tone }>;

export function statusMeta(status: string): { label: string; tone: Tone } {
  return STATUS_META[status as VerificationStatus] ?? { label: status, tone: "neutral" };
}

export function isTerminalStatus(status: string): boolean {
  return status === "COMPLETED" || status === "FAILED";
}

export const FEEDBACK_LABELS = DECISION_LABELS;

/** Score 0–1000, higher is more trustworthy. */
export function scoreBand(score: number): { label: string; tone: Tone } {
  if (score >= 700) return { label: "Risco baixo", tone: "success" };
  if (score >= 400) return { label: "Risco médio", tone: "warning" };
  return { label: "Risco alto", tone: "danger" };
}

export const ROLE_LABELS = USER_ROLE_LABELS;
