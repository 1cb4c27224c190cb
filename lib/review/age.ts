// The queue list's age column: "há 3 h" (short, so it fits a card at 420 px).

const UNITS: Array<[number, string]> = [
  [86_400_000, "d"],
  [3_600_000, "h"],
  [60_000, "min"],
];

/** "há 3 h", "há 2 d", "há 5 min", "agora" (whole units, rounded down). */
export function shortAge(since: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(since));
  for (const [size, unit] of UNITS) if (ms >= size) return `há ${Math.floor(ms / size)} ${unit}`;
  return "agora";
}
