// Which provider answers each dataset: the sandbox by default; LUPA_PROVIDERS names others per
// entity and module, e.g. `company-profile:receita,company-related:receita` (the registry of the
// Receita's CNPJ open data, receita.ts). With LUPA_SANDBOX off a dataset no real provider answers
// has no source: its module is not planned (server/datasets/availability.ts), and a profile asked
// anyway fails for good. Every answer names its provider (`source`, kept with the module's data);
// every profile answer then passes through the service's restrictive list of federal sanctions
// (service-sanctions.ts).
import type { Database } from "../../db/client";
import type { RegistryState } from "../../registry/live";
import type { DatasetProvider, Entity, FetchResult, ModuleName } from "../types";
import { createReceitaProvider } from "./receita";
import { providerFor, type ProviderName } from "./choices";
import { withServiceSanctions } from "./service-sanctions";

export { parseProviders, parseSandbox, providerFor, PROVIDER_NAMES, type ProviderName } from "./choices";

/** The reason a module without a source fails (a profile: nothing else can answer for the subject). */
export const NO_SOURCE = "source_not_configured";

/** The service's provider: each dataset to its provider, then the sanctions on every profile. */
export function datasetProvider(
  choices: Record<string, ProviderName>,
  sandbox: DatasetProvider,
  database: Database,
  state: RegistryState,
  sandboxOn = true,
): DatasetProvider {
  const receita = Object.values(choices).includes("receita") ? createReceitaProvider(database, state) : null;
  const which = (entity: Entity, module: ModuleName) => providerFor(choices, sandboxOn, entity, module);
  const routed: DatasetProvider = {
    name: sandbox.name,
    async fetch(request): Promise<FetchResult> {
      const choice = which(request.entity, request.module);
      if (choice === null) return { kind: "permanent_failure", reason: NO_SOURCE };
      if (choice === "receita" && receita) return receita.fetch(request);
      const result = await sandbox.fetch(request);
      return result.kind === "ok" || result.kind === "not_found" ? { ...result, source: { provider: "sandbox" } } : result;
    },
    providerFor: which,
  };
  return withServiceSanctions(routed, database, state);
}
