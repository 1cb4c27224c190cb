// Password comparisons run scrypt on libuv's thread pool (4 threads by default, shared with file
// and DNS work). A flood of sign-ins must not fill it: at most `concurrency` comparisons run at
// once, at most `queueLimit` wait; beyond that the sign-in is refused at once (503 sign_in_busy
// with Retry-After) without hashing. `stats.comparisons` counts every comparison started (tests,
// metrics).
import { ApiError } from "../http/errors";
import { verifyPassword } from "./passwords";

export interface PasswordVerifier {
  verify(password: string, stored: string): Promise<boolean>;
  readonly stats: { comparisons: number; refused: number; active: number; queued: number; maxActive: number };
}

export class HashBusyError extends ApiError {
  constructor() {
    super("sign_in_busy", "Too many sign-ins at once; try again shortly", { "Retry-After": "1" });
  }
}

export function createPasswordVerifier(options: { concurrency: number; queueLimit: number }): PasswordVerifier {
  const concurrency = Math.max(1, options.concurrency);
  const waiting: (() => void)[] = [];
  const stats = { comparisons: 0, refused: 0, active: 0, queued: 0, maxActive: 0 };

  async function slot(): Promise<void> {
    if (stats.active < concurrency) {
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      return;
    }
    if (waiting.length >= options.queueLimit) {
      stats.refused++;
      throw new HashBusyError();
    }
    // the slot is handed over by release(): active stays counted
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      stats.queued = waiting.length;
    });
  }

  function release(): void {
    const next = waiting.shift();
    stats.queued = waiting.length;
    if (next) next();
    else stats.active--;
  }

  return {
    stats,
    async verify(password, stored) {
      await slot();
      try {
        stats.comparisons++;
        return await verifyPassword(password, stored);
      } finally {
        release();
      }
    },
  };
}
