// The company-profile lookup of the import benchmark: the receita provider's fetch of
// company-profile 2.0 (its statement and the mapping to the dataset format) for 5,000 CNPJs of
// the loaded sample, p50 and p99: first read of each (its pages come from disk or the OS cache),
// then a second read of the same CNPJs (in shared buffers), next to the same CNPJs read by a bare
// indexed select of the establishment row (prepared too, pages already read): what one round
// trip costs on this machine at this moment.
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

export async function measureLookups(
  database: Database,
  samples: string[],
): Promise<{ first: LookupTimes; second: LookupTimes; bare: LookupTimes }> {
  const state = new RegistryState(database);
  await state.start();
  try {
    const live = (await state.live())!;
    const provider = createReceitaProvider(database, state);
    const ask = async (document: string) => {
      const result = await provider.fetch({ entity: "company", module: "profile", version: "2.0", document, attempt: 1, round: 0 });
      return result.kind === "ok";
    };
    const table = sql.raw(`"${live.schema}".establishments`);
    const select = async (cnpj: string) => (await runPrepared(database.db, sql`select cnpj from ${table} where cnpj = ${cnpj}`)).length > 0;
    await ask(samples[0]!); // prepares the statements
    await select(samples[0]!);
    const first = await timed(samples, ask);
    const second = await timed(samples, ask);
    const bare = await timed(samples, select);
    return { first, second, bare };
  } finally {
    await state.stop();
  }
}
