// The start's first lines (issue 28, issue 29): which provider serves each dataset, and whether
// the sandbox is on. Printed by the API process before it opens its database, so they come first
// in the terminal of `npm start` and in a service's log.
import { DATASET_VERSIONS, MODULE_NAMES, type Entity } from "../types";
import { providerFor, type ProviderName } from "./choices";

const NAMES: Record<ProviderName | "none", string> = {
  receita: "Receita Federal (CNPJ open data, imported)",
  sandbox: "sandbox (invented data)",
  none: "no source, not consulted",
};

export function providerBanner(choices: Record<string, ProviderName>, sandbox: boolean): string[] {
  const real = Object.values(choices).some((p) => p !== "sandbox");
  const byProvider = new Map<ProviderName | "none", string[]>();
  for (const entity of ["person", "company"] as Entity[])
    for (const module of MODULE_NAMES) {
      if ((DATASET_VERSIONS[module]?.[entity] ?? []).length === 0) continue;
      const provider = providerFor(choices, sandbox, entity, module) ?? "none";
      byProvider.set(provider, [...(byProvider.get(provider) ?? []), `${entity}-${module}`]);
    }
  const head = real
    ? `Data sources (LUPA_PROVIDERS; sandbox ${sandbox ? "on" : "off"}, LUPA_SANDBOX):`
    : `Data sources: the sandbox answers every dataset with invented data (LUPA_PROVIDERS unset; docs/configuration.md):`;
  // every dataset named with its provider, the sandbox's too (issue 29: "nothing says which data provider serves what")
  return [head, ...[...byProvider.entries()].map(([provider, datasets]) => `  ${NAMES[provider]}: ${datasets.join(", ")}`)];
}

/** The registry's live release, said after the database is open (null: no registry configured). */
export async function registryLine(
  choices: Record<string, ProviderName>,
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<string | null> {
  if (!Object.values(choices).includes("receita")) return null;
  const { rows } = await query(`select release from registry_releases where state = 'live'`);
  const release = rows[0]?.release;
  return release
    ? `Receita Federal release live: ${String(release)}`
    : "Receita Federal: no release imported yet; its datasets fail (registry_not_loaded) until `npm run admin -- import-cnpj <folder>`";
}
