// Retry-After of v3 non-terminal responses (spec section 8):
//   - absent (null) on terminal responses (COMPLETED, FAILED);
//   - otherwise `defaultSeconds` (5 by default);
//   - while waiting for a new round (nextRetryAt set), the seconds until nextRetryAt, at least
//     the default;
//   - never beyond a future deadline, and then at least 1.
// Rounding: up towards nextRetryAt (coming back early finds nothing new), down towards the
// deadline (coming back late would miss it). A deadline already past does not cap: the
// enrichment is about to fail with deadline_exceeded and the default interval is fine.
// `defaultSeconds` is configurable so tests run fast; it is also the floor ("at least 5").

const TERMINAL = new Set(["COMPLETED", "FAILED"]);

export interface RetryAfterInput {
  status: string;
  nextRetryAt?: Date | null;
  deadline?: Date | null;
  now: Date;
  defaultSeconds?: number;
}

export function computeRetryAfter({ status, nextRetryAt, deadline, now, defaultSeconds = 5 }: RetryAfterInput): number | null {
  if (TERMINAL.has(status)) return null;
  let seconds = defaultSeconds;
  if (nextRetryAt) {
    seconds = Math.max(defaultSeconds, Math.ceil((nextRetryAt.getTime() - now.getTime()) / 1000));
  }
  if (deadline && deadline.getTime() > now.getTime()) {
    const untilDeadline = Math.floor((deadline.getTime() - now.getTime()) / 1000);
    seconds = Math.max(1, Math.min(seconds, untilDeadline));
  }
  return seconds;
}
