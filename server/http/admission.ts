// Admission control (issue 23): a request that needs the database does not start while the
// database's queue is full; it is answered 503 with `Retry-After: 1` at once, before it adds its
// statements to the queue, and before it does anything: nothing is written, so repeating it is
// safe (a creation with the same Idempotency-Key, a read as it is). Requests answered without the
// database (a record served from the record cache) are never refused.
//
// The queue is `Database.poolStats().ahead`: on PGlite the statements and transactions waiting to
// run on its one connection (their event loop turn or its locks; server/db/client.ts), without the
// batch lane's, which give way to the others; on PostgreSQL the queries waiting for a pooled
// connection. PGlite runs one statement at a time on the process's thread:
// every statement queued in front of a request is time that request waits, and past a few dozen
// the wait is seconds (docs/benchmarks.md, "sustained"). `LUPA_DB_QUEUE_LIMIT` (16 on PGlite, off
// on PostgreSQL; 0 turns it off).
//
// The code of a refusal depends on the route (docs/decisions.md, "Admission control"): the spec's
// 503 codes on v3, `service_busy` on v1, v2 and the review API.
import type { Database } from "../db/client";
import { ApiError, type ErrorCode } from "./errors";
import { hasCodedErrors, isV3 } from "./error-handler";

/** Seconds a refused client waits: the queue drains in milliseconds once it stops growing. */
export const ADMISSION_RETRY_AFTER_SECONDS = 1;

/**
 * The code a route's refusal carries. v3 (the spec's list: profiles_unavailable,
 * billing_unavailable, idempotency_retry): the dependency the route reads first when one of those
 * names it (profiles for the profile routes and for creations, whose first step resolves the
 * profile; the contract for usage), otherwise idempotency_retry, the spec's plain "repeat the
 * request". Everything else: service_busy.
 */
export function refusalCode(method: string, url: string): ErrorCode {
  if (!isV3(url)) return "service_busy";
  if (url.startsWith("/api/v3/profiles")) return "profiles_unavailable";
  if (url === "/api/v3/usage") return "billing_unavailable";
  if (method === "POST" && (url === "/api/v3/enrichments" || url === "/api/v3/enrichments/batch")) return "profiles_unavailable";
  return "idempotency_retry";
}

export class Admission {
  /** Requests refused since the start (the metrics and the benchmark). */
  refused = 0;

  constructor(
    private readonly database: Database,
    /** Statements waiting at which requests are refused; 0: never. */
    readonly limit: number,
  ) {}

  /** Whether a request that needs the database may start now. */
  get open(): boolean {
    return this.limit === 0 || this.database.poolStats().ahead < this.limit;
  }

  /** Throws the refusal (503, `code`, Retry-After) when the database's queue is full. */
  check(code: ErrorCode, url: string): void {
    if (this.open) return;
    this.refused++;
    const again = hasCodedErrors(url) && code !== "service_busy" ? " (with the same Idempotency-Key, if it had one)" : "";
    throw new ApiError(code, `The service is busy and did not start this request; repeat it${again} after Retry-After`, {
      "Retry-After": String(ADMISSION_RETRY_AFTER_SECONDS),
    });
  }
}
