// Benchmark: provider calls the dataset cache saves over a realistic repeat pattern, the same
// documents verified again within a day (onboarding retries, a second check at contract signing,
// a re-check by another analyst). The same sequence of requests runs twice in this run, on two
// services with the real sandbox provider (with latency, as an outside source has) wrapped to
// count its calls: first with the cache off (LUPA_DATASET_CACHE_TTL=off: the baseline, every
// module asks its source), then with the default TTLs. Half the requests are v3 enrichments
// (prf_person_complete, answered in the synchronous wait), half v2 verifications (prf_kyc_person).
// Prints calls, calls saved and request latency p50/p90 for both.
// Usage: npm run bench -- dataset-cache [documents=200] [latencyMs=80] [concurrency=4]
import { makeCpf } from "../lib/contract/documents";
import { createSandboxProvider } from "../server/datasets/sandbox";
import type { DatasetProvider } from "../server/datasets/types";
import { startBenchService } from "./setup";

/** Seeded random numbers (mulberry32): the same pattern on both services. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How many times a document is asked within the day: 55% once, 25% twice, 12% three times, 8% four
 * to six times. The requests are shuffled: repeats come minutes to hours apart, never in a row.
 */
export function repeatPattern(documents: number, seed = 7): { document: string; api: "v2" | "v3" }[] {
  const rnd = random(seed);
  const requests: { document: string; api: "v2" | "v3" }[] = [];
  for (let i = 0; i < documents; i++) {
    const document = makeCpf(String(610_000_000 + i * 37).padStart(9, "0"));
    const r = rnd();
    const times = r < 0.55 ? 1 : r < 0.8 ? 2 : r < 0.92 ? 3 : 4 + Math.floor(rnd() * 3);
    for (let k = 0; k < times; k++) requests.push({ document, api: rnd() < 0.5 ? "v2" : "v3" });
  }
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return requests;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
}

async function runPattern(env: Record<string, string>, requests: ReturnType<typeof repeatPattern>, latencyMs: number, concurrency: number) {
  let calls = 0;
  const real = createSandboxProvider({ latencyMs });
  const provider: DatasetProvider = { name: real.name, fetch: (r) => (calls++, real.fetch(r)) };
  // on PostgreSQL both runs share the database: the second signs in as the same bench user, with
  // an empty cache (the baseline, cache off, keeps nothing)
  const svc = await startBenchService(env, { provider, reuse: true });
  await svc.services.database.query("delete from dataset_cache");
  const headers = { authorization: `Bearer ${svc.token}`, "content-type": "application/json" };
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const waitV2 = async (id: string) => {
    for (;;) {
      const r = await fetch(`${svc.base}/api/v2/verifications/${id}`, { headers });
      const v = (await r.json()) as { status: string };
      if (v.status === "COMPLETED" || v.status === "FAILED") return v.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  async function lane() {
    while (next < requests.length) {
      const { document, api } = requests[next++]!;
      const t0 = performance.now();
      if (api === "v3") {
        const r = await fetch(`${svc.base}/api/v3/enrichments`, {
          method: "POST",
          headers,
          body: JSON.stringify({ document, profileId: "prf_person_complete" }),
        });
        const e = (await r.json()) as { status: string };
        if (r.status !== 200 || e.status !== "COMPLETED") failed++;
      } else {
        const r = await fetch(`${svc.base}/api/v2/verifications`, {
          method: "POST",
          headers,
          body: JSON.stringify({ nationalId: document, profileId: "prf_kyc_person", verifications: {} }),
        });
        const v = (await r.json()) as { id: string };
        if (r.status !== 201 || (await waitV2(v.id)) !== "COMPLETED") failed++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  await svc.close();
  return { calls, failed, seconds, p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9) };
}

export async function benchDatasetCache(documents: number, latencyMs: number, concurrency: number): Promise<void> {
  const requests = repeatPattern(documents);
  const distinct = new Set(requests.map((r) => r.document)).size;
  console.log(
    `dataset-cache: ${requests.length} requests of ${distinct} documents within a day (half v2, half v3), sandbox latency ${latencyMs} ms per call, ${concurrency} at a time, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  const off = await runPattern(
    { LUPA_DATASET_CACHE_TTL: "off", LUPA_SANDBOX_LATENCY_MS: String(latencyMs) },
    requests,
    latencyMs,
    concurrency,
  );
  const on = await runPattern({ LUPA_SANDBOX_LATENCY_MS: String(latencyMs) }, requests, latencyMs, concurrency);
  const row = (label: string, r: typeof off) =>
    console.log(
      `${label.padEnd(22)} provider calls ${String(r.calls).padStart(6)}   request p50 ${String(r.p50).padStart(5)} ms  p90 ${String(r.p90).padStart(5)} ms   ${r.seconds.toFixed(1)} s${r.failed ? `   (${r.failed} not completed)` : ""}`,
    );
  row("cache off (baseline)", off);
  row("cache on (defaults)", on);
  const saved = off.calls - on.calls;
  console.log(`saved: ${saved} provider calls (${((saved / off.calls) * 100).toFixed(1)}% of the baseline)`);
}
