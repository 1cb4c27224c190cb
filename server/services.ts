// Builds the services of one process: database (migrated, or waited for: server/db/migrate.ts),
// job queue, terminal events, dataset provider, rate limiter. `close()` stops them in reverse
// order. (The owners' hooks are given to the workers when they start: server/owners.ts.)
import type { Config } from "./config";
import type { Services } from "./context";
import { openDatabase, type Database } from "./db/client";
import { prepareSchema } from "./db/migrate";
import { JobQueue } from "./jobs/queue";
import { TerminalEvents } from "./engine/events";
import { createLogger, type Logger } from "./support/logger";
import { createSandboxProvider } from "./datasets/sandbox";
import type { DatasetProvider } from "./datasets/types";
import { createMemoryRateLimiter, createRedisRateLimiter, createSqlRateLimiter, type RateLimiter } from "./http/rate-limit";
import { closeVisionModels } from "./vision/models";
import { closePdfRenderer } from "./reports/pdf/renderer";
import { createPasswordVerifier } from "./auth/hash-limiter";
import { SessionGuard } from "./auth/sessions";
import { RecordCache } from "./http/record-cache";
import { LaneGate } from "./engine/lane-gate";
import { Admission } from "./http/admission";
import { RegistryState } from "./registry/live";
import { datasetProvider } from "./datasets/providers";
import { checkCacheTtl } from "./datasets/cache-ttl";
import { ApiKeyGuard } from "./apikeys/guard";

export interface ServiceOptions {
  log?: Logger;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** An already open database (tests that restart the service on the same database). */
  database?: Database;
  provider?: DatasetProvider;
}

function rateLimiterFor(config: Config, database: Database): RateLimiter {
  if (config.redisUrl) return createRedisRateLimiter({ url: config.redisUrl });
  if (database.kind === "pglite") return createMemoryRateLimiter(); // one process owns the data folder
  return createSqlRateLimiter({ query: (text, values) => database.query(text, values) });
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services & { close(): Promise<void> }> {
  checkCacheTtl(config.datasetCacheTtl); // before anything opens: a key it cannot read stops the start
  const log = options.log ?? createLogger(config.logLevel);
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: options.memory }));
  try {
    await prepareSchema(database, { migrationUrl: config.migrationDatabaseUrl, waitSeconds: config.schemaWaitSeconds, log });
    const queue = new JobQueue(database, log);
    await queue.start();
    const events = new TerminalEvents(database);
    await events.start();
    const registry = new RegistryState(database);
    await registry.start();
    const sandbox = options.provider ?? createSandboxProvider({ latencyMs: config.sandboxLatencyMs, slowMs: config.sandboxSlowMs });
    // LUPA_PROVIDERS' choices, and the federal sanctions on every profile (server/datasets/providers/)
    const provider = datasetProvider(config.providers, sandbox, database, registry, config.sandbox);
    const rateLimiter = rateLimiterFor(config, database);
    const passwords = createPasswordVerifier({ concurrency: config.hashConcurrency, queueLimit: config.hashQueueLimit });
    const sessionGuard = new SessionGuard(database.db, config.sessionCheckMs);
    const records = new RecordCache(database, { maxEntries: config.recordCacheEntries });
    await records.start();
    const services: Services = {
      config,
      database,
      db: database.db,
      log,
      queue,
      events,
      provider,
      rateLimiter,
      passwords,
      sessionGuard,
      records,
      priority: new LaneGate(config.batchYieldMs),
      admission: new Admission(database, config.dbQueueLimit),
      apiKeys: new ApiKeyGuard(database.db, log),
    };
    return {
      ...services,
      async close() {
        // settles workers registered outside startWork too (a test's or a benchmark's own): a
        // statement pg-boss sent after the pool closed was an unhandled rejection in the next
        // test file of the process
        await services.apiKeys.close(); // the last uses counted, written
        await queue.close();
        await closeVisionModels(); // the face model's and the CNH reader's worker threads
        await closePdfRenderer(); // the PDF report's worker thread
        await events.stop();
        await records.stop();
        await registry.stop();
        await rateLimiter.close();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}
