// Which provider answers each dataset, from LUPA_PROVIDERS: `<entity>-<module>:<provider>`, comma
// separated, e.g. `company-profile:receita,company-related:receita`. Unnamed datasets: the sandbox.
import { DATASET_VERSIONS, type Entity, type ModuleName } from "../types";

/** The datasets the registry provider answers (receita.ts). */
export const RECEITA_DATASETS = ["company-profile", "company-related"] as const;

export const PROVIDER_NAMES = ["sandbox", "receita"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** `company-profile` -> provider, from LUPA_PROVIDERS; throws on anything it does not know. */
export function parseProviders(text: string | undefined): Record<string, ProviderName> {
  const out: Record<string, ProviderName> = {};
  for (const item of (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [dataset, provider, ...rest] = item.split(":").map((s) => s.trim());
    const [entity, module] = (dataset ?? "").split("-") as [Entity, ModuleName];
    const offered = DATASET_VERSIONS[module]?.[entity];
    if (!offered || offered.length === 0 || !provider || rest.length > 0) {
      throw new Error(`LUPA_PROVIDERS: "${item}" is not <entity>-<module>:<provider> (e.g. company-profile:receita)`);
    }
    if (!(PROVIDER_NAMES as readonly string[]).includes(provider ?? "")) {
      throw new Error(`LUPA_PROVIDERS: unknown provider "${provider}" (known: ${PROVIDER_NAMES.join(", ")})`);
    }
    if (provider === "receita" && !(RECEITA_DATASETS as readonly string[]).includes(dataset!)) {
      throw new Error(`LUPA_PROVIDERS: receita answers ${RECEITA_DATASETS.join(" and ")} only, not ${dataset}`);
    }
    out[dataset!] = provider as ProviderName;
  }
  return out;
}

/**
 * LUPA_SANDBOX: `on` or `off`. Unset: on only while no real provider is configured, so that a
 * service with real data never mixes invented data in unless told to (docs/decisions.md, "Sources").
 */
export function parseSandbox(text: string | undefined, choices: Record<string, ProviderName>): boolean {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return !Object.values(choices).some((p) => p !== "sandbox");
  if (value === "on" || value === "1" || value === "true") return true;
  if (value === "off" || value === "0" || value === "false") return false;
  throw new Error(`LUPA_SANDBOX: "${text}" is not on or off`);
}

/** The provider answering `<entity>-<module>` now; null: none (no real provider, and the sandbox off). */
export function providerFor(
  choices: Record<string, ProviderName>,
  sandbox: boolean,
  entity: Entity,
  module: ModuleName,
): ProviderName | null {
  const chosen = choices[`${entity}-${module}`];
  if (chosen && chosen !== "sandbox") return chosen;
  return sandbox ? "sandbox" : null;
}
