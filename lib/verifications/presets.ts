import type { VerificationFilters } from "./filters";

// The list's presets: the queues an analyst works from. A preset sets these filters and clears
// the others.

export const LIST_PRESETS = [
  { id: "waiting", label: "Aguardando decisão", filters: { status: "COMPLETED", feedback: "NOTSTARTED" } },
  { id: "high-risk", label: "Risco alto (score < 400)", filters: { scoreMax: 399 } },
  { id: "stuck", label: "Parados", filters: { incomplete: true } },
] as const satisfies ReadonlyArray<{ id: string; label: string; filters: Partial<VerificationFilters> }>;

const KEYS = ["status", "q", "feedback", "incomplete", "scoreMin", "scoreMax", "from", "to"] as const;

/** The preset whose filters are exactly the active ones, if any. */
export function activePreset(filters: VerificationFilters): (typeof LIST_PRESETS)[number] | undefined {
  return LIST_PRESETS.find((preset) => KEYS.every((key) => (preset.filters as Partial<VerificationFilters>)[key] === filters[key]));
}
