// The company-profile lookup of the import benchmark: the receita provider's fetch of
// company-profile 2.0 (the statement and the mapping to the dataset format) for CNPJs of the
// loaded sample, after 200 warm-up lookups; p50 and p99.
import type { Database } from "../server/db/client";
import { createReceitaProvider } from "../server/datasets/providers/receita";
import { RegistryState } from "../server/registry/live";

export async function measureLookups(
  database: Database,
  samples: string[],
): Promise<{ count: number; p50: number; p99: number; notFound: number }> {
  const state = new RegistryState(database);
  await state.start();
  const provider = createReceitaProvider(database, state);
  const ask = (document: string) =>
    provider.fetch({ entity: "company", module: "profile", version: "2.0", document, attempt: 1, round: 0 });
  try {
    for (const cnpj of samples.slice(0, 200)) await ask(cnpj);
    const times: number[] = [];
    let notFound = 0;
    for (const cnpj of samples) {
      const started = performance.now();
      const result = await ask(cnpj);
      times.push(performance.now() - started);
      if (result.kind !== "ok") notFound++;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
    return { count: times.length, p50: at(0.5), p99: at(0.99), notFound };
  } finally {
    await state.stop();
  }
}
