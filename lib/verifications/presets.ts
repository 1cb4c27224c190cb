import type { VerificationFilters } from "./filters";

// The list's presets: the queues an analyst works from. A preset sets these filters and clears
// the others.

export const LIST_PRESETS = [
  { id: "waiting", label: "Aguardando decisão", filters: { status: "COMPLETED", feedback: "NOTSTARTED" } },
  { id: "high-risk", label: "Risco alto (score < 400)", filters: { scoreMax: 399 } },
  { id: "stuck", label: "Parados", filters: { incomplete: true } },
] as const satisfies ReadonlyArray<{ id: string; label: string; filters: Partial<VerificationFilters> }>;

/**
 * With the review API, "Parados" is every case CREATED or PROCESSING for more than 15 minutes,
 * whatever its age (`stuck`); the v2 list's `incomplete` keeps its specified 12-hour window.
 */
export const TEAM_LIST_PRESETS = LIST_PRESETS.map((preset) =>
  preset.id === "stuck" ? { ...preset, filters: { stuck: true } } : preset,
) as ReadonlyArray<{ id: string; label: string; filters: Partial<VerificationFilters> }>;

const KEYS = ["status", "q", "feedback", "incomplete", "stuck", "scoreMin", "scoreMax", "from", "to"] as const;

/** The preset whose filters are exactly the active ones, if any. */
export function activePreset(
  filters: VerificationFilters,
  presets: ReadonlyArray<{ id: string; label: string; filters: Partial<VerificationFilters> }> = LIST_PRESETS,
) {
  return presets.find((preset) => KEYS.every((key) => (preset.filters as Partial<VerificationFilters>)[key] === filters[key]));
}
