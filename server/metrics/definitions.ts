// Every metric of the service, in one place (listed for operators in docs/operations.md, "Metrics").
//
// Two kinds:
// - counted as things happen, process-wide: the families of `processRegistry` (HTTP requests,
//   collections, provider calls, dataset cache, callbacks), incremented by the helpers of
//   observe.ts on the hot paths;
// - read at scrape time from one process's services: `scrapedRegistry(sources)` (queue depth and
//   age, database pool, the LISTEN connection, the record cache).
//
// No label carries personal data: routes are templates (`/api/v2/verifications/:id`), datasets
// and lanes are names from the catalogue, statuses and outcomes are closed lists.
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { CounterFamily, HistogramFamily } from "./series";

export const processRegistry = new Registry();

function register<T extends CounterFamily | HistogramFamily>(family: T): T {
  processRegistry.registerMetric(family as unknown as Parameters<Registry["registerMetric"]>[0]);
  return family;
}

/** Seconds: a request, a provider call (sandbox answers in well under a millisecond, real ones in seconds). */
const FAST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a collection, from creation to its terminal state (recovery rounds take hours). */
const COLLECTION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

export const httpRequests = register(
  new CounterFamily("lupa_http_requests_total", "HTTP requests answered by the API, by route template, method and status."),
);
export const httpDuration = register(
  new HistogramFamily(
    "lupa_http_request_duration_seconds",
    "Time from receiving a request to finishing its answer, by route template and method.",
    FAST_BUCKETS,
  ),
);

export const collectionsCreated = register(
  new CounterFamily(
    "lupa_collections_created_total",
    "v3 enrichments (kind enrichment) and v2 verifications (kind verification) created, by lane.",
  ),
);
export const collectionsEnded = register(
  new CounterFamily("lupa_collections_ended_total", "Enrichments and verifications that reached a terminal state, by lane and state."),
);
export const collectionDuration = register(
  new HistogramFamily(
    "lupa_collection_duration_seconds",
    "Time from an enrichment's or verification's creation to its terminal state, by lane and state.",
    COLLECTION_BUCKETS,
  ),
);

export const providerCalls = register(
  new CounterFamily("lupa_provider_calls_total", "Calls to the dataset provider, by dataset and outcome."),
);
export const providerDuration = register(
  new HistogramFamily("lupa_provider_call_duration_seconds", "Time the dataset provider took to answer, by dataset.", FAST_BUCKETS),
);

export const datasetCacheHits = register(
  new CounterFamily("lupa_dataset_cache_hits_total", "Modules answered from the dataset cache, by dataset."),
);
export const datasetCacheMisses = register(
  new CounterFamily(
    "lupa_dataset_cache_misses_total",
    "Modules that found no fresh answer in the dataset cache and asked the provider, by dataset (forced verifications skip the cache and are not counted).",
  ),
);

export const callbackDeliveries = register(new CounterFamily("lupa_callback_deliveries_total", "Callback delivery attempts, by outcome."));

let defaultsStarted = false;
/** Node's process metrics (CPU, memory, event loop lag, GC), started once per process, on first use. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry });
}

export interface QueueLaneStats {
  lane: string;
  waiting: number;
  scheduled: number;
  oldestWaitingSeconds: number;
}

export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

/** What the scrape-time metrics read from one process's services. */
export interface ScrapeSources {
  /** Null when the queue cannot be read now (the database is down): its gauges are left out. */
  queue(): Promise<QueueLaneStats[] | null>;
  pool(): PoolStats;
  listener(): { up: boolean; generation: number };
  records(): { hits: number; misses: number; entries: number };
}

/** The metrics read from `sources` at each scrape, in a registry of their own. */
export function scrapedRegistry(sources: ScrapeSources): Registry {
  const registry = new Registry();
  const registers = [registry];

  const byLane = (help: string, name: string, pick: (l: QueueLaneStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["lane"],
      registers,
      async collect() {
        const lanes = await sources.queue();
        this.reset();
        for (const l of lanes ?? []) this.set({ lane: l.lane }, pick(l));
      },
    });
  byLane(
    "Jobs due and not yet taken by a worker, by lane (read from pg-boss at most every 5 s).",
    "lupa_queue_waiting_jobs",
    (l) => l.waiting,
  );
  byLane("Jobs waiting for a later start (recovery rounds, callback retries), by lane.", "lupa_queue_scheduled_jobs", (l) => l.scheduled);
  byLane(
    "Age of the oldest job due and not yet taken, by lane (0 when none waits).",
    "lupa_queue_oldest_waiting_seconds",
    (l) => l.oldestWaitingSeconds,
  );

  new Gauge({
    name: "lupa_db_pool_connections",
    help: "Database connections of this process, by state (in_use, idle). PGlite: its one connection, in use while a query or a transaction runs.",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = sources.pool();
      this.set({ state: "in_use" }, pool.inUse);
      this.set({ state: "idle" }, pool.idle);
    },
  });
  new Gauge({
    name: "lupa_db_pool_waiting",
    help: "Queries waiting for a database connection (PGlite: waiting to run, for their event loop turn or its locks).",
    registers,
    collect() {
      this.set(sources.pool().waiting);
    },
  });
  new Gauge({
    name: "lupa_db_pool_max",
    help: "Most database connections this process opens (LUPA_DB_POOL_SIZE; PGlite: 1).",
    registers,
    collect() {
      this.set(sources.pool().max);
    },
  });

  new Gauge({
    name: "lupa_db_listen_up",
    help: "1 while this process's LISTEN connection is up (terminal events, record cache, job wake-ups), 0 while it reconnects.",
    registers,
    collect() {
      this.set(sources.listener().up ? 1 : 0);
    },
  });
  new Counter({
    name: "lupa_db_listen_connects_total",
    help: "Times this process's LISTEN connection was established (the first time, then each reconnect).",
    registers,
    collect() {
      this.reset();
      this.inc(sources.listener().generation);
    },
  });

  new Counter({
    name: "lupa_record_cache_hits_total",
    help: "Reads of a terminal record answered from the record cache.",
    registers,
    collect() {
      this.reset();
      this.inc(sources.records().hits);
    },
  });
  new Counter({
    name: "lupa_record_cache_misses_total",
    help: "Reads of a record the record cache did not hold.",
    registers,
    collect() {
      this.reset();
      this.inc(sources.records().misses);
    },
  });
  new Gauge({
    name: "lupa_record_cache_entries",
    help: "Records held by the record cache.",
    registers,
    collect() {
      this.set(sources.records().entries);
    },
  });
  return registry;
}
