// Benchmark of the metrics' hot-path hooks (server/metrics/observe.ts) against, in the same run:
//  - an empty function call (the floor);
//  - prom-client's own labelled Counter.inc and Histogram.observe for the same labels (what the
//    hooks would cost written the usual way);
// and of the PGlite lock tracking behind lupa_db_pool_* (server/db/client.ts, trackLocks): a
// `select 1` on an in-memory PGlite with and without it. Then one scrape of a process that has
// seen 60 routes × 3 statuses. CPU time per operation, median of the rounds.
// Usage: npm run bench -- metrics-hooks [operations=1000000] [rounds=5] [queries=20000]
import { PGlite } from "@electric-sql/pglite";
import { Counter, Histogram, Registry } from "prom-client";
import { countEnded, observeHttp, observeProviderCall } from "../server/metrics/observe";
import { processRegistry } from "../server/metrics/definitions";
import { trackLocks } from "../server/db/client";

const ROUTES = Array.from({ length: 60 }, (_, i) => `/api/v${(i % 3) + 1}/resource${i}/:id`);
const STATUSES = [200, 404, 202];
const DATASETS = Array.from({ length: 8 }, (_, i) => `person-dataset${i}-1.0`);
const ENDED = Array.from({ length: 5 }, (_, i) => ({
  owner: "enrichment",
  lane: "batch",
  status: i ? "COMPLETED" : "FAILED",
  createdAt: new Date(0),
  completedAt: new Date(1000 * i),
}));

function cpuNanosPerOp(operations: number, run: (i: number) => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < operations; i++) run(i);
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / operations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function selectOnes(client: PGlite, queries: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < queries; i++) await client.query("select 1");
  const used = process.cpuUsage(start);
  return (used.user + used.system) / queries; // µs
}

export async function benchMetricsHooks(operations: number, rounds: number, queries: number): Promise<void> {
  const registry = new Registry();
  const counter = new Counter({ name: "b_requests_total", help: "b", labelNames: ["route", "method", "status"], registers: [registry] });
  const histogram = new Histogram({
    name: "b_duration_seconds",
    help: "b",
    labelNames: ["route", "method"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  let sink = 0;
  const cases: Record<string, (i: number) => void> = {
    "empty call (floor)": (i) => {
      sink += i & 1;
    },
    "observeHttp (request counter + latency histogram)": (i) => observeHttp(ROUTES[i % 60], "GET", STATUSES[i % 3]!, (i % 100) / 1000),
    "prom-client Counter.inc + Histogram.observe, labelled": (i) => {
      const route = ROUTES[i % 60]!;
      counter.inc({ route, method: "GET", status: STATUSES[i % 3]! });
      histogram.observe({ route, method: "GET" }, (i % 100) / 1000);
    },
    "countEnded (terminal counter + duration histogram)": (i) => countEnded(ENDED[i % 5]!),
    "observeProviderCall (call counter + latency histogram)": (i) =>
      observeProviderCall(DATASETS[i % 8]!, i % 7 ? "ok" : "not_found", (i % 50) / 1000),
  };
  const results: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++)
    for (const [name, run] of Object.entries(cases)) (results[name] ??= []).push(cpuNanosPerOp(operations, run));
  console.table(Object.entries(results).map(([name, ns]) => ({ "per operation": name, "CPU ns (median)": +median(ns).toFixed(1) })));

  const plain = await PGlite.create();
  const tracked = await PGlite.create();
  trackLocks(tracked);
  await selectOnes(plain, 2000);
  await selectOnes(tracked, 2000);
  const times: Record<string, number[]> = { "PGlite select 1": [], "PGlite select 1, locks tracked": [] };
  for (let round = 0; round < rounds; round++) {
    times["PGlite select 1"]!.push(await selectOnes(plain, queries));
    times["PGlite select 1, locks tracked"]!.push(await selectOnes(tracked, queries));
  }
  console.table(Object.entries(times).map(([name, us]) => ({ query: name, "CPU µs (median)": +median(us).toFixed(2) })));
  await plain.close();
  await tracked.close();

  const scrapes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    bytes = (await processRegistry.metrics()).length;
    scrapes.push(performance.now() - t0);
  }
  console.log(`a scrape of the counted families (60 routes × 3 statuses seen): ${median(scrapes).toFixed(2)} ms, ${bytes} bytes`);
  if (sink < 0) console.log(sink);
}
