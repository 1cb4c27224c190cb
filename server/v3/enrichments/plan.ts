// Creation steps after validation (spec 4.4 processing order): resolve the profile, plan the
// modules, check the workspace contract. Shared by unit creation and batch creation.
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { contracts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { findProfile, type Profile } from "../../profiles/find-profile";
import { DATASET_VERSIONS, MODULE_NAMES, datasetName, type Entity, type ModuleName } from "../../datasets/types";
import type { PlannedModule } from "../../engine/types";

export const CONTRACT_PRODUCT = "ID";

/** An active profile visible to the workspace, of kind enrichment, for this entity, well configured and priced. */
export async function resolveProfile(db: Db | Tx, workspaceId: string, profileId: string, entity: Entity | null): Promise<Profile> {
  const profile = await findProfile(db, workspaceId, profileId);
  if (!profile) throw new ApiError("profile_not_found", "Profile not found, inactive or not available to this workspace");
  if (profile.kind !== "enrichment")
    throw new ApiError("profile_kind_mismatch", `Profile is of kind ${profile.kind}; enrichments run profiles of kind enrichment`);
  if (entity && profile.entity !== entity)
    throw new ApiError("profile_entity_mismatch", `Profile serves ${profile.entity} documents, the document is a ${entity}`);
  const problem = misconfiguration(profile);
  if (problem) throw new ApiError("profile_misconfigured", `Profile is configured invalidly: ${problem}`);
  if (!profile.billingAction) throw new ApiError("profile_not_billable", "Profile is not yet a priced product");
  return profile;
}

/** Why the profile cannot run, or null. Checked on every creation (profiles are data). */
export function misconfiguration(profile: Profile): string | null {
  const entity = profile.entity as Entity;
  if (entity !== "person" && entity !== "company") return "unknown entity";
  const modules = profile.modules ?? {};
  if (typeof modules !== "object" || Array.isArray(modules)) return "modules is not an object";
  if (!modules.profile) return "no profile module";
  if (modules.profile.addon) return "the profile module cannot be an add-on";
  for (const [name, config] of Object.entries(modules)) {
    if (!(MODULE_NAMES as readonly string[]).includes(name)) return `unknown module ${name.slice(0, 40)}`;
    const module = name as ModuleName;
    if (!config || typeof config.dataset !== "string") return `module ${module} has no dataset`;
    const version = config.dataset.slice(config.dataset.lastIndexOf("-") + 1);
    if (!DATASET_VERSIONS[module][entity].includes(version) || config.dataset !== datasetName(entity, module, version)) {
      return `module ${module} names a dataset that does not exist for ${entity}`;
    }
    if (config.addon && (typeof config.billingAction !== "string" || config.billingAction === ""))
      return `add-on ${module} has no billing action`;
  }
  return null;
}

export interface Plan {
  modules: PlannedModule[];
  /** The billing actions the contract must cover: the profile's, then each requested add-on's. */
  actions: string[];
}

/** profile first, then every non-add-on module, then the requested add-ons. */
export function planModules(profile: Profile, addons: Record<string, unknown>): Plan {
  const entries = Object.entries(profile.modules);
  for (const [name, value] of Object.entries(addons)) {
    // a user-given name: only the profile's own modules count (never Object.prototype members)
    const config = Object.hasOwn(profile.modules, name) ? profile.modules[name] : undefined;
    if (!config?.addon) throw new ApiError("module_not_in_profile", `Module ${name.slice(0, 40)} is not an add-on of this profile`);
    if (!isEmptyObject(value)) throw new ApiError("module_not_in_profile", `options.modules.${name}: the value must be an empty object`);
  }
  const planned = (name: string, dataset: string, addon: boolean): PlannedModule => ({
    module: name as ModuleName,
    dataset,
    version: dataset.slice(dataset.lastIndexOf("-") + 1),
    addon,
  });
  const modules = [planned("profile", profile.modules.profile!.dataset, false)];
  for (const [name, config] of entries) if (name !== "profile" && !config.addon) modules.push(planned(name, config.dataset, false));
  const actions = [profile.billingAction!];
  for (const [name, config] of entries) {
    if (config.addon && Object.hasOwn(addons, name)) {
      modules.push(planned(name, config.dataset, true));
      actions.push(config.billingAction!);
    }
  }
  return { modules, actions: [...new Set(actions)] };
}

/** 402 unless an active contract of the ID product covers every action. */
export async function checkContract(db: Db | Tx, workspaceId: string, actions: string[]): Promise<void> {
  const rows = await db
    .select({ actions: contracts.actions })
    .from(contracts)
    .where(and(eq(contracts.workspaceId, workspaceId), eq(contracts.product, CONTRACT_PRODUCT), eq(contracts.active, true)));
  if (rows.length === 0) throw new ApiError("contract_required", "The workspace has no active contract of the ID product");
  const covered = new Set(rows.flatMap((r) => (Array.isArray(r.actions) ? r.actions : [])));
  const missing = actions.filter((a) => !covered.has(a));
  if (missing.length > 0) throw new ApiError("action_not_contracted", `The active contract does not cover: ${missing.join(", ")}`);
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
