// Which provider answers each dataset: the sandbox by default; LUPA_PROVIDERS names others per
// entity and module, e.g. `company-profile:receita,company-related:receita` (the registry of the
// Receita's CNPJ open data, receita.ts). Every profile answer then passes through the service's
// restrictive list of federal sanctions (service-sanctions.ts).
import type { Database } from "../../db/client";
import type { RegistryState } from "../../registry/live";
import type { DatasetProvider } from "../types";
import { createReceitaProvider } from "./receita";
import type { ProviderName } from "./choices";
import { withServiceSanctions } from "./service-sanctions";

export { parseProviders, PROVIDER_NAMES, type ProviderName } from "./choices";

/** The service's provider: each dataset to its provider, then the sanctions on every profile. */
export function datasetProvider(
  choices: Record<string, ProviderName>,
  sandbox: DatasetProvider,
  database: Database,
  state: RegistryState,
): DatasetProvider {
  const receita = Object.values(choices).includes("receita") ? createReceitaProvider(database, state) : null;
  const routed: DatasetProvider = {
    name: sandbox.name,
    fetch(request) {
      const choice = choices[`${request.entity}-${request.module}`];
      return choice === "receita" && receita ? receita.fetch(request) : sandbox.fetch(request);
    },
  };
  return withServiceSanctions(routed, database, state);
}
