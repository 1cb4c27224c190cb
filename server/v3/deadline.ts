// options.deadline of v3 creation (spec 4.4, 7, 8): a duration such as "90s", "10m", "2h".
//
// Decision: the grammar is whole amounts with units d, h, m, s, optionally combined in that
// order, each unit at most once ("1h30m", "1d12h"), lower case, no spaces, signs or decimals.
// Combinations cost nothing to support and are what users of Go-style durations type; a unit out
// of order or repeated ("30m1h", "1m1m") is refused as a likely typo. Bounds: at least 60 s
// (spec: minimum 1m) and at most 7 days, beyond which no recovery round could matter.
// The normalized form is the total in seconds ("2h" and "120m" are both "7200s"), so two
// requests compare equal (idempotency) whatever spelling they used.

export const MIN_DEADLINE_SECONDS = 60;
export const MAX_DEADLINE_SECONDS = 7 * 24 * 3600;

const GRAMMAR = /^(?:(\d{1,9})d)?(?:(\d{1,9})h)?(?:(\d{1,9})m)?(?:(\d{1,9})s)?$/;
const UNIT_SECONDS = [86_400, 3_600, 60, 1];

export type DeadlineParse = { ok: true; seconds: number; normalized: string } | { ok: false };

export function parseDeadline(value: unknown): DeadlineParse {
  if (typeof value !== "string" || value === "") return { ok: false };
  const match = GRAMMAR.exec(value);
  if (!match) return { ok: false };
  const seconds = UNIT_SECONDS.reduce((total, unit, i) => total + Number(match[i + 1] ?? 0) * unit, 0);
  if (seconds < MIN_DEADLINE_SECONDS || seconds > MAX_DEADLINE_SECONDS) return { ok: false };
  return { ok: true, seconds, normalized: `${seconds}s` };
}
