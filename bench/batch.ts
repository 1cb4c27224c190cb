// Benchmark: batches never hurt interactive work (issue 11, goal 3), on the real service
// (PGlite, or PostgreSQL with DATABASE_URL), sandbox without latency, profile prf_person_complete.
//  1. Interactive alone: GET /api/v3/enrichments/{id} and a unit POST /api/v3/enrichments
//     (answered in the synchronous wait), one at a time from a separate process (bench/probe.ts),
//     for `probeSeconds`: the baseline.
//  2. The same while a batch of `size` runs, from its 202 until every item is terminal.
//  3. Acceptance: `runs` batches of `size` new documents, the time to each 202 (p50, max).
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
    const batch = await submit(size);
    const started = performance.now();
    while ((await pending(batch.ids)) > 0) await new Promise((r) => setTimeout(r, 200));
    const batchSeconds = (performance.now() - started) / 1000;
    writeFileSync(stopFile, "");
    const busy = await during;

    const accepted: number[] = [];
    for (let i = 0; i < runs; i++) {
      accepted.push((await submit(size)).ms);
      // let the lane drain a little between runs, as separate clients would
      await new Promise((r) => setTimeout(r, 200));
    }
    accepted.sort((a, b) => a - b);

    console.log(`batches and interactive work on ${services.database.kind}, sandbox without latency, profile prf_person_complete`);
    console.table({
      "GET /api/v3/enrichments/{id}, idle": idle.get,
      [`GET /api/v3/enrichments/{id}, during a batch of ${size}`]: busy.get,
      "unit POST /api/v3/enrichments (200), idle": idle.post,
      [`unit POST /api/v3/enrichments (200), during a batch of ${size}`]: busy.post,
    });
    console.log(`batch of ${size} processed in ${batchSeconds.toFixed(1)} s while the probe ran (${(size / batchSeconds).toFixed(1)}/s)`);
    console.log(
      `batch of ${size} accepted (202 received), ${runs} runs: p50 ${accepted[Math.floor(runs / 2)]!.toFixed(0)} ms, min ${accepted[0]!.toFixed(0)} ms, max ${accepted.at(-1)!.toFixed(0)} ms`,
    );
    if (idle.errors || busy.errors) console.log(`errors: idle ${idle.errors}, during ${busy.errors}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await svc.close();
  }
}
