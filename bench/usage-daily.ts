// Benchmark: what /usage's BFF call costs the API (issue 20, item 11). Before: one GET /api/v3/usage
// per São Paulo day of the period (31 for a month), one after another, as lib/enrichments/usage.ts
// still does against a bare deployment. After: one GET /api/review/v1/usage/daily. Both over real
// HTTP to a real service holding `entries` billing entries over the last 31 days in the measured
// workspace, p50 / p95 of `runs` runs after a warm-up.
//
// Usage: npm run bench -- usage-daily [entries=31000] [runs=10]   (PGlite; DATABASE_URL for PostgreSQL)
import { startBenchService } from "./setup";

const OFFSET = "-03:00";
const dayOf = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().slice(0, 10);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchUsageDaily(entries: number, runs: number): Promise<void> {
  const s = await startBenchService();
  try {
    const { rows } = await s.services.database.query("select workspace_id from users where email = 'bench@lupa.local'");
    const workspaceId = (rows[0] as { workspace_id: string }).workspace_id;
    const actions = ["enrichment.person", "enrichment.company", "addon.financeAdvanced", "verification.person"];
    await s.services.database.query(
      `insert into billing_entries (id, workspace_id, enrichment_id, action, created_at)
       select gen_random_uuid(), $1, 'enr_bench_' || i, ($2::text[])[1 + i % 4], now() - (i % (31 * 24 * 60)) * interval '1 minute'
       from generate_series(1, $3::int) as i`,
      [workspaceId, actions, entries],
    );
    const to = dayOf(Date.now());
    const from = dayOf(Date.now() - 30 * 86_400_000);
    const days: string[] = [];
    for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1))
      days.push(d.toISOString().slice(0, 10));
    const get = async (path: string) => {
      const res = await fetch(`${s.base}${path}`, { headers: { authorization: `Bearer ${s.token}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ total: number }>;
    };
    const perDay = async () => {
      let total = 0;
      for (const day of days) {
        const next = new Date(`${day}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        const q = `from=${encodeURIComponent(`${day}T00:00:00${OFFSET}`)}&to=${encodeURIComponent(`${next.toISOString().slice(0, 10)}T00:00:00${OFFSET}`)}`;
        total += (await get(`/api/v3/usage?${q}`)).total;
      }
      return total;
    };
    const daily = async () => (await get(`/api/review/v1/usage/daily?from=${from}&to=${to}`)).total;
    const a = await perDay();
    const b = await daily();
    if (a !== b) throw new Error(`totals differ: per day ${a}, daily ${b}`);
    const time = async (fn: () => Promise<number>) => {
      const out: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await fn();
        out.push(performance.now() - started);
      }
      return out.sort((x, y) => x - y);
    };
    const before = await time(perDay);
    const after = await time(daily);
    console.log(
      `usage-daily: ${entries} entries over ${days.length} days (total in period ${a}), ${runs} runs, ${s.services.database.kind}`,
    );
    console.log(
      `  per day, ${days.length} x GET /api/v3/usage:   p50 ${percentile(before, 50).toFixed(1)} ms, p95 ${percentile(before, 95).toFixed(1)} ms`,
    );
    console.log(
      `  one GET /api/review/v1/usage/daily: p50 ${percentile(after, 50).toFixed(1)} ms, p95 ${percentile(after, 95).toFixed(1)} ms`,
    );
  } finally {
    await s.close();
  }
}
