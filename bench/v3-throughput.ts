// Benchmark of the v3 pipeline, three figures from one run on one database:
//  1. pg-boss's own throughput of no-op jobs (the raw queue: the baseline), with as many workers
//     as the batch lane has;
//  2. end-to-end enrichments completed per second: a batch of N documents through
//     POST /api/v3/enrichments/batch on the sandbox with no latency, profile prf_person_complete
//     (profile, then finance, lawsuits and related in parallel), until every one is COMPLETED;
//  3. the delay from an enrichment's terminal state (its completedAt) to the 200 answer of a
//     POST /api/v3/enrichments waiting for it (woken by LISTEN/NOTIFY, never by polling).
// Usage: npm run bench -- v3-throughput [items=300] [noopJobs=2000] [syncSamples=30] [rounds=3]
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import PgBoss from "pg-boss";
import pg from "pg";
import { makeCpf } from "../lib/contract/documents";
import { TERMINAL_CHANNEL } from "../server/engine/events";
import { startBenchService } from "./setup";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor((sorted.length - 1) * p)]! * 10) / 10;
}

/** `workers`: as many as the batch lane has (config batchWorkers: 4 on PostgreSQL, 1 on PGlite). Also used by bench/batch.ts. */
export async function noopThroughput(
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>,
  jobs: number,
  workers: number,
) {
  const boss = new PgBoss({
    schema: "pgboss",
    supervise: false,
    schedule: false,
    migrate: false,
    db: { executeSql: (t, v) => executeSql(t, v) },
  });
  await boss.start();
  await boss.createQueue("bench-noop");
  await boss.insert(Array.from({ length: jobs }, (_, i) => ({ name: "bench-noop", data: { i } })));
  let done = 0;
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  const started = performance.now();
  // the same worker loop as server/jobs/queue.ts: one job per fetch, a worker that had a job fetches again at once
  for (let w = 0; w < workers; w++) {
    const self = { id: "" };
    self.id = await boss.work("bench-noop", { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
      done += batch.length;
      if (done === jobs) finish();
      if (batch.length > 0 && self.id) boss.notifyWorker(self.id);
    });
  }
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await boss.stop({ graceful: true, wait: true, close: false });
  return { jobs, seconds, perSecond: jobs / seconds };
}

/** Statements sent to PostgreSQL by this process (every pg client, pool clients included). */
let statements = 0;
/** With LUPA_BENCH_STATEMENTS=1, each statement's first words, counted, to print what an enrichment sends. */
const kinds = new Map<string, number>();
function countStatements(): void {
  const query = pg.Client.prototype.query;
  const byKind = process.env.LUPA_BENCH_STATEMENTS === "1";
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    if (byKind) {
      const first = args[0] as string | { text?: string };
      const text = (typeof first === "string" ? first : (first?.text ?? "")).replace(/\s+/g, " ").trim().slice(0, 90);
      kinds.set(text, (kinds.get(text) ?? 0) + 1);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

export async function benchV3Throughput(items: number, noopJobs: number, syncSamples: number, rounds: number): Promise<void> {
  if (process.env.DATABASE_URL) countStatements();
  // LUPA_BENCH_PROFILE=<dir>: a CPU profile of each round's batch phase only (not the setup or the baseline)
  const profiler = process.env.LUPA_BENCH_PROFILE ? new Session() : null;
  if (profiler) {
    mkdirSync(process.env.LUPA_BENCH_PROFILE!, { recursive: true });
    profiler.connect();
    await profiler.post("Profiler.enable");
  }
  const svc = await startBenchService();
  const { services, base, token } = svc;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  // the end of a batch is seen from the engine's terminal events (the NOTIFY every terminal
  // statement sends), as the no-op baseline counts its jobs in memory: no polling statements
  // compete with the pipeline (on PGlite they ran on its only connection)
  const ended = new Set<string>();
  let waiting: { pending: Set<string>; done: () => void } | null = null;
  const stopListening = await services.database.listen(TERMINAL_CHANNEL, (id) => {
    ended.add(id);
    if (waiting?.pending.delete(id) && waiting.pending.size === 0) waiting.done();
  });
  const allEnded = (ids: string[]) =>
    new Promise<void>((resolve) => {
      const pending = new Set(ids.filter((i) => !ended.has(i)));
      if (pending.size === 0) resolve();
      else waiting = { pending, done: resolve };
    });
  try {
    // rounds of (no-op jobs, then a batch of new documents), interleaved: the machine's noise moves
    // both figures of a round together, and the median round is reported
    const results: { noop: Awaited<ReturnType<typeof noopThroughput>>; seconds: number; perEnrichment: number; ratio: number }[] = [];
    let kindsDuringBatch: [string, number][] = [];
    for (let round = 0; round < rounds; round++) {
      // each round starts from queues without the completed jobs of earlier rounds, which slow
      // pg-boss's fetch (measured: the no-op figure fell by a fifth over five rounds)
      await services.database.executeSql("delete from pgboss.job where name in ('bench-noop', 'collect-batch') and state = 'completed'");
      const noop = await noopThroughput(services.database.executeSql, noopJobs, services.config.batchWorkers);
      // new documents in every round: the dataset cache would answer documents already enriched
      const documents = Array.from({ length: items }, (_, i) => makeCpf(String(300_000_000 + (round * items + i) * 101).padStart(9, "0")));
      const statementsBefore = statements;
      kinds.clear();
      if (profiler) await profiler.post("Profiler.start");
      const started = performance.now();
      const batch = await fetch(`${base}/api/v3/enrichments/batch`, {
        method: "POST",
        headers,
        body: JSON.stringify({ profileId: "prf_person_complete", items: documents.map((document) => ({ document })) }),
      });
      const body = await batch.json();
      if (body.created !== items) throw new Error(`batch created ${body.created} of ${items}`);
      const ids: string[] = body.items.map((i: { id: string }) => i.id);
      await allEnded(ids);
      const seconds = (performance.now() - started) / 1000;
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        writeFileSync(`${process.env.LUPA_BENCH_PROFILE}/round-${round + 1}.cpuprofile`, JSON.stringify(profile));
      }
      const perEnrichment = (statements - statementsBefore) / items;
      const { rows } = await services.database.query(
        "select count(*)::int as n from collections where id = any($1) and status in ('COMPLETED','FAILED')",
        [ids],
      );
      if (Number(rows[0]!.n) !== items) throw new Error(`${rows[0]!.n} of ${items} terminal after their events`);
      kindsDuringBatch = [...kinds].sort((a, b) => b[1] - a[1]);
      results.push({ noop, seconds, perEnrichment, ratio: items / seconds / noop.perSecond });
    }

    const delays: number[] = [];
    for (let i = 0; i < syncSamples; i++) {
      const res = await fetch(`${base}/api/v3/enrichments`, {
        method: "POST",
        headers,
        body: JSON.stringify({ document: makeCpf(String(400_000_000 + i * 37)), profileId: "prf_person_complete" }),
      });
      const answered = Date.now();
      const e = await res.json();
      if (res.status !== 200) throw new Error(`expected 200, got ${res.status}`);
      delays.push(answered - Date.parse(e.completedAt));
    }

    console.log(
      `v3 pipeline on ${services.database.kind}, sandbox without latency, ${services.config.batchWorkers} batch workers, ${rounds} rounds of ${noopJobs} no-op jobs then ${items} enrichments`,
    );
    console.table(
      results.map((r, i) => ({
        round: i + 1,
        "no-op jobs/s (baseline)": +r.noop.perSecond.toFixed(1),
        "enrichments/s (batch lane)": +(items / r.seconds).toFixed(1),
        ratio: +r.ratio.toFixed(3),
        ...(process.env.DATABASE_URL ? { "statements per enrichment": +r.perEnrichment.toFixed(1) } : {}),
      })),
    );
    const median = [...results].sort((a, b) => a.ratio - b.ratio)[Math.floor((results.length - 1) / 2)]!;
    console.log(
      `ratio enrichments / no-op jobs, median round: ${median.ratio.toFixed(3)} (budget 0.6: ${median.ratio >= 0.6 ? "ok" : "UNDER"}; ${(items / median.seconds).toFixed(1)} enrichments/s against ${median.noop.perSecond.toFixed(1)} no-op jobs/s)`,
    );
    if (kindsDuringBatch.length > 0) {
      console.log("statements by text during the last round's batch, per enrichment:");
      for (const [text, n] of kindsDuringBatch.slice(0, 25)) console.log(`  ${(n / items).toFixed(2).padStart(6)}  ${text}`);
    }
    console.log(
      `terminal state to 200 of a waiting POST (ms, ${syncSamples} samples): p50 ${percentile(delays, 0.5)}, p90 ${percentile(delays, 0.9)}, max ${Math.max(...delays)}`,
    );
  } finally {
    await stopListening();
    await svc.close();
  }
}
