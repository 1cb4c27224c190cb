// The company-profile lookup of the import benchmark: the receita provider's fetch of
// company-profile 2.0 (its statement and the mapping to the dataset format) for CNPJs of the
// loaded sample, after 200 warm-up lookups; p50 and p99, next to the same CNPJs read by a bare
// indexed select of the establishment row (prepared too): what one round trip costs here.
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { runPrepared } from "../server/db/rows";
import { createReceitaProvider } from "../server/datasets/providers/receita";
import { RegistryState } from "../server/registry/live";

export interface LookupTimes {
  count: number;
  p50: number;
  p99: number;
  notFound: number;
}

async function timed(samples: string[], ask: (cnpj: string) => Promise<boolean>): Promise<LookupTimes> {
  for (const cnpj of samples.slice(0, 200)) await ask(cnpj);
  const times: number[] = [];
  let notFound = 0;
  for (const cnpj of samples) {
    const started = performance.now();
    const found = await ask(cnpj);
    times.push(performance.now() - started);
    if (!found) notFound++;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
  return { count: times.length, p50: at(0.5), p99: at(0.99), notFound };
}

export async function measureLookups(database: Database, samples: string[]): Promise<{ provider: LookupTimes; bare: LookupTimes }> {
  const state = new RegistryState(database);
  await state.start();
  try {
    const live = (await state.live())!;
    const provider = createReceitaProvider(database, state);
    const profile = await timed(samples, async (document) => {
      const result = await provider.fetch({ entity: "company", module: "profile", version: "2.0", document, attempt: 1, round: 0 });
      return result.kind === "ok";
    });
    const table = sql.raw(`"${live.schema}".establishments`);
    const bare = await timed(
      samples,
      async (cnpj) => (await runPrepared(database.db, sql`select cnpj from ${table} where cnpj = ${cnpj}`)).length > 0,
    );
    return { provider: profile, bare };
  } finally {
    await state.stop();
  }
}
