// Everything a route or a job needs, built once per process (server/services.ts) and passed down.
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { DatasetProvider } from "./datasets/types";
import type { JobQueue } from "./jobs/queue";
import type { Logger } from "./support/logger";
import type { TerminalEvents } from "./engine/events";
import type { RateLimiter } from "./http/rate-limit";
import type { PasswordVerifier } from "./auth/hash-limiter";
import type { SessionGuard } from "./auth/sessions";
import type { RecordCache } from "./http/record-cache";
import type { LaneGate } from "./engine/lane-gate";
import type { Admission } from "./http/admission";
import type { ApiKeyGuard } from "./apikeys/guard";

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  queue: JobQueue;
  events: TerminalEvents;
  provider: DatasetProvider;
  rateLimiter: RateLimiter;
  /** Password comparisons, bounded in number at once (server/auth/hash-limiter.ts). */
  passwords: PasswordVerifier;
  /** Per-request check of the token's session and user (server/auth/sessions.ts). */
  sessionGuard: SessionGuard;
  /** Serialized terminal records, invalidated on change (server/http/record-cache.ts). */
  records: RecordCache;
  /** Interactive work first: batch collections wait to start while it runs (server/engine/lane-gate.ts). */
  priority: LaneGate;
  /** Admission control: 503 while the database's queue is full (server/http/admission.ts). */
  admission: Admission;
  /** Requests authenticated by an API key, and their use counts (server/apikeys/guard.ts). */
  apiKeys: ApiKeyGuard;
}
