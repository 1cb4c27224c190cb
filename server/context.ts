// Everything a route or a job needs, built once per process (server/services.ts) and passed down.
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { DatasetProvider } from "./datasets/types";
import type { JobQueue } from "./jobs/queue";
import type { Logger } from "./support/logger";
import type { TerminalEvents } from "./engine/events";
import type { RateLimiter } from "./http/rate-limit";

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  queue: JobQueue;
  events: TerminalEvents;
  provider: DatasetProvider;
  rateLimiter: RateLimiter;
}
