// The overview's ranges: the last 7, 30 or 90 days, or everything. The start is rounded down to
// the minute so the figures and the list links they open use the same bounds.

export const OVERVIEW_RANGES = [
  { value: "7d", label: "7 dias", days: 7 },
  { value: "30d", label: "30 dias", days: 30 },
  { value: "90d", label: "90 dias", days: 90 },
  { value: "all", label: "Tudo", days: null },
] as const;

export type OverviewRange = (typeof OVERVIEW_RANGES)[number]["value"];
export const DEFAULT_RANGE: OverviewRange = "30d";

export function parseRange(value: string | string[] | null | undefined): OverviewRange {
  const text = Array.isArray(value) ? value[0] : value;
  return OVERVIEW_RANGES.find((range) => range.value === text)?.value ?? DEFAULT_RANGE;
}

export function rangeStart(range: OverviewRange, now = Date.now()): string | undefined {
  const days = OVERVIEW_RANGES.find((r) => r.value === range)?.days;
  if (!days) return undefined;
  const start = new Date(now - days * 86_400_000);
  start.setUTCSeconds(0, 0);
  return start.toISOString();
}
