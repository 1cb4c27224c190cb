// Which modules a v2 verification collects. With a scoring profile: the profile's modules that
// are enabled by default, adjusted by `verifications.modules` and `finance.advanced`; without a
// profile (legacy flow): the registry profile, plus finance when `finance.restrictions` asks.
import { ApiError } from "../../http/errors";
import type { Entity, ModuleName } from "../../datasets/types";
import { datasetName } from "../../datasets/types";
import type { Profile } from "../../profiles/find-profile";
import type { PlannedModule } from "../../engine/types";
import type { CreateVerificationBody } from "./schemas";

function planned(entity: Entity, module: ModuleName, version: string, addon = false): PlannedModule {
  return { module, dataset: datasetName(entity, module, version), version, addon };
}

function fromDataset(module: ModuleName, dataset: string, addon: boolean): PlannedModule {
  return { module, dataset, version: dataset.slice(dataset.lastIndexOf("-") + 1), addon };
}

export function planVerification(body: CreateVerificationBody, entity: Entity, profile: Profile | null): PlannedModule[] {
  const config = body.verifications;
  if (!profile) {
    const plan = [planned(entity, "profile", "2.0")];
    if (config.finance?.restrictions) plan.push(planned(entity, "finance", "1.0"));
    if (config.finance?.advanced) plan.push(planned(entity, "financeAdvanced", "2.0", true));
    return plan;
  }
  const overrides = new Map((config.modules ?? []).map((m) => [m.name, m.enabled]));
  for (const name of overrides.keys()) {
    if (!Object.hasOwn(profile.modules, name)) throw new ApiError("invalid_request", `Module ${name} is not in the profile's catalog`);
  }
  if (overrides.get("profile") === false)
    throw new ApiError("invalid_request", "Module profile cannot be disabled: it runs first in every verification");
  const plan: PlannedModule[] = [];
  for (const [name, module] of Object.entries(profile.modules)) {
    const byDefault = name === "financeAdvanced" ? (config.finance?.advanced ?? module.enabled ?? false) : (module.enabled ?? true);
    const wanted = name === "profile" || (overrides.get(name) ?? byDefault);
    if (wanted) plan.push(fromDataset(name as ModuleName, module.dataset, module.addon ?? false));
  }
  return plan;
}
