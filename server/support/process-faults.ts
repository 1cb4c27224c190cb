// pg-boss reports a job's completion or failure without awaiting it (manager.js: `this.complete(...)`
// / `this.fail(...)` with no catch): while PostgreSQL restarts, those queries reject unhandled,
// and Node ends the process on an unhandled rejection. A lost completion is harmless here (the
// job expires and is retried; the collection's state is ours and the sweeper re-sends live work),
// so a rejection that is a lost database connection is logged and the process goes on. Any
// other unhandled rejection still ends the process, as before.
import type { Logger } from "./logger";

const CONNECTION_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "57P01", "57P02", "57P03", "53300"]);

export function isConnectionLoss(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|terminating connection|the database system is (starting up|shutting down)|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

export function survivePostgresRestarts(log: Logger): void {
  process.on("unhandledRejection", (reason) => {
    if (isConnectionLoss(reason)) {
      log.warn({ err: reason }, "database connection lost during a background query; going on");
      return;
    }
    log.fatal({ err: reason }, "unhandled rejection");
    console.error(reason);
    process.exit(1);
  });
}
