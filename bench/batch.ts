// Benchmark: batches never hurt interactive work (issue 11, goal 3), on the real service
// (PGlite, or PostgreSQL with DATABASE_URL), sandbox without latency, profile prf_person_complete.
//  1. Interactive alone: GET /api/v3/enrichments/{id} and a unit POST /api/v3/enrichments
//     (answered in the synchronous wait), one at a time from a separate process (bench/probe.ts),
//     for `probeSeconds`: the baseline.
//  2. The same while batches of `size` run back to back, each from its 202 until every item is
//     terminal, for `probeSeconds` at least.
//  3. Acceptance: `runs` batches of `size` new documents, the time to each 202 (p50, max).
//  4. The pipeline against the raw queue (issue 28, item 11): pg-boss no-op jobs with as many
//     workers as the batch lane (bench/v3-throughput.ts), then a batch of `size` alone, no probe;
//     its enrichments/s over the no-op jobs/s is the ratio (budget 0.6), printed beside the unit
//     POST's p99 during a batch (goal under 150 ms).
// Usage: npm run bench -- batch [size=500] [runs=10] [probeSeconds=8]
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, inArray, sql } from "drizzle-orm";
import { makeCpf } from "../lib/contract/documents";
import { collections } from "../server/db/schema";
import { startBenchService } from "./setup";
import { noopThroughput } from "./v3-throughput";

type Stats = { count: number; p50: number; p99: number; max: number };

function probe(args: string[]): Promise<{ get: Stats; post: Stats; errors: number }> {
  return promisify(execFile)(process.execPath, ["--import", "tsx", "bench/probe.ts", ...args], { encoding: "utf8" }).then(({ stdout }) =>
    JSON.parse(stdout.trim().split("\n").at(-1)!),
  );
}

export async function benchBatch(size: number, runs: number, probeSeconds: number): Promise<void> {
  const svc = await startBenchService();
  const { services, base, token } = svc;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const folder = mkdtempSync(path.join(tmpdir(), "lupa-bench-batch-"));
  let seed = 100_000_000;
  const documents = (n: number) => Array.from({ length: n }, () => makeCpf(String((seed += 13)).padStart(9, "0")));
  const submit = async (n: number) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v3/enrichments/batch`, {
      method: "POST",
      headers,
      body: JSON.stringify({ profileId: "prf_person_complete", items: documents(n).map((document) => ({ document })) }),
    });
    const body = (await res.json()) as { batchId: string; items: { id?: string }[] };
    if (res.status !== 202) throw new Error(`batch: expected 202, got ${res.status}`);
    return { ms: performance.now() - started, ids: body.items.map((i) => i.id!).filter(Boolean) };
  };
  const pending = async (ids: string[]) => {
    const [row] = await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(collections)
      .where(and(inArray(collections.id, ids), sql`${collections.status} not in ('COMPLETED', 'FAILED')`));
    return row!.n;
  };
  try {
    const first = await fetch(`${base}/api/v3/enrichments`, {
      method: "POST",
      headers,
      body: JSON.stringify({ document: makeCpf("390533447"), profileId: "prf_person_complete" }),
    });
    const { id } = (await first.json()) as { id: string };
    await probe([base, token, id, "2", "600000000"]); // warm-up

    const idle = await probe([base, token, id, String(probeSeconds), "610000000"]);

    const stopFile = path.join(folder, "stop");
    const during = probe([base, token, id, "600", "620000000", stopFile]);
    // batches back to back for `probeSeconds` at least (one batch of 500 lasts a few seconds: the
    // probe's POSTs during a single one were a dozen, and their p99 was their max)
    const started = performance.now();
    let batchesRun = 0;
    do {
      const batch = await submit(size);
      while ((await pending(batch.ids)) > 0) await new Promise((r) => setTimeout(r, 200));
      batchesRun++;
    } while (performance.now() - started < probeSeconds * 1000);
    const batchSeconds = (performance.now() - started) / 1000;
    writeFileSync(stopFile, "");
    const busy = await during;

    const accepted: number[] = [];
    const allAccepted: string[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await submit(size);
      accepted.push(run.ms);
      allAccepted.push(...run.ids);
      // let the lane drain a little between runs, as separate clients would
      await new Promise((r) => setTimeout(r, 200));
    }
    accepted.sort((a, b) => a - b);

    // the pipeline alone against pg-boss's no-op jobs, on queues without the completed jobs above
    // (they slow pg-boss's fetch, as v3-throughput found)
    await services.database.executeSql("delete from pgboss.job where name in ('bench-noop', 'collect-batch') and state = 'completed'");
    const noop = await noopThroughput(services.database.executeSql, 2000, services.config.batchWorkers);
    while ((await pending(allAccepted)) > 0) await new Promise((r) => setTimeout(r, 200));
    const alone = await submit(size);
    const aloneStarted = performance.now();
    while ((await pending(alone.ids)) > 0) await new Promise((r) => setTimeout(r, 25));
    const aloneSeconds = (performance.now() - aloneStarted) / 1000;
    const ratio = size / aloneSeconds / noop.perSecond;

    console.log(`batches and interactive work on ${services.database.kind}, sandbox without latency, profile prf_person_complete`);
    console.table({
      "GET /api/v3/enrichments/{id}, idle": idle.get,
      [`GET /api/v3/enrichments/{id}, during a batch of ${size}`]: busy.get,
      "unit POST /api/v3/enrichments (200), idle": idle.post,
      [`unit POST /api/v3/enrichments (200), during a batch of ${size}`]: busy.post,
    });
    console.log(
      `${batchesRun} batches of ${size} processed back to back in ${batchSeconds.toFixed(1)} s while the probe ran (${((batchesRun * size) / batchSeconds).toFixed(1)}/s)`,
    );
    console.log(
      `batch of ${size} accepted (202 received), ${runs} runs: p50 ${accepted[Math.floor(runs / 2)]!.toFixed(0)} ms, min ${accepted[0]!.toFixed(0)} ms, max ${accepted.at(-1)!.toFixed(0)} ms`,
    );
    console.log(
      `unit POST p99 during a batch: ${busy.post.p99} ms (goal under 150: ${busy.post.p99 < 150 ? "ok" : "OVER"}) | pipeline: ` +
        `${(size / aloneSeconds).toFixed(1)} enrichments/s alone against ${noop.perSecond.toFixed(1)} pg-boss no-op jobs/s ` +
        `(${services.config.batchWorkers} workers) = ${ratio.toFixed(3)}x (budget 0.6: ${ratio >= 0.6 ? "ok" : "UNDER"})`,
    );
    if (idle.errors || busy.errors) console.log(`errors: idle ${idle.errors}, during ${busy.errors}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await svc.close();
  }
}
