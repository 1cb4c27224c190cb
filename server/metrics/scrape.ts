// What a scrape reads from one process's services, and the registry that serves it: the
// process-wide counters and histograms, Node's process metrics, and the metrics read at scrape time.
import { Registry } from "prom-client";
import type { Services } from "../context";
import type { Database } from "../db/client";
import { QUEUES } from "../jobs/queue";
import { processRegistry, scrapedRegistry, startDefaultMetrics, type QueueLaneStats, type ScrapeSources } from "./definitions";

/** The queue's figures are read at most this often (a scrape every few seconds costs one statement). */
export const QUEUE_READ_MS = 5000;

const LANES: Record<string, string> = {
  [QUEUES.interactive]: "interactive",
  [QUEUES.batch]: "batch",
  [QUEUES.callback]: "callback",
};

/** Jobs are counted up to this many per lane and state: a deeper queue reads this number. */
export const QUEUE_COUNT_CAP = 100_000;

// pg-boss keeps one partition of pgboss.job per queue, and its partial index (name, start_after)
// holds the jobs not yet taken (states created and retry: `state < 'active'`): each figure reads
// that index only, and stops at the cap (the count of 500,000 jobs took 180 ms; 100,000, 47 ms)
const QUEUE_SQL = Object.keys(LANES)
  .map((name) => {
    const taken = `from pgboss.job where name = '${name}' and state < 'active'`;
    return `select '${name}' as name,
    (select count(*) from (select 1 ${taken} and start_after <= now() limit ${QUEUE_COUNT_CAP}) w)::int as waiting,
    (select count(*) from (select 1 ${taken} and start_after > now() limit ${QUEUE_COUNT_CAP}) s)::int as scheduled,
    (select extract(epoch from now() - min(start_after)) ${taken} and start_after <= now())::float8 as oldest`;
  })
  .join("\nunion all\n");

async function readQueue(database: Database): Promise<QueueLaneStats[] | null> {
  try {
    const { rows } = await database.query(QUEUE_SQL);
    const found = new Map(rows.map((r) => [String(r.name), r]));
    return Object.entries(LANES).map(([name, lane]) => {
      const row = found.get(name);
      return {
        lane,
        waiting: Number(row?.waiting ?? 0),
        scheduled: Number(row?.scheduled ?? 0),
        oldestWaitingSeconds: Math.max(0, Number(row?.oldest ?? 0)),
      };
    });
  } catch {
    return null; // the database is down: the queue's gauges are left out of this scrape
  }
}

/** The queue's figures, read at most once per `maxAgeMs`; scrapes in between share the last read. */
export function queueReader(database: Database, maxAgeMs = QUEUE_READ_MS): () => Promise<QueueLaneStats[] | null> {
  let last: { at: number; value: Promise<QueueLaneStats[] | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) last = { at: now, value: readQueue(database) };
    return last.value;
  };
}

export function scrapeSources(s: Services, options: { queueReadMs?: number } = {}): ScrapeSources {
  return {
    queue: queueReader(s.database, options.queueReadMs),
    pool: () => s.database.poolStats(),
    listener: () => s.database.listenerState(),
    records: () => ({ hits: s.records.hits, misses: s.records.misses, entries: s.records.size }),
  };
}

/** Everything `GET /metrics` answers for this process. */
export function metricsRegistry(s: Services, options: { queueReadMs?: number } = {}): Registry {
  startDefaultMetrics();
  return Registry.merge([processRegistry, scrapedRegistry(scrapeSources(s, options))]);
}
