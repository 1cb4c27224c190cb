// Types of the collection engine: a plan of modules collected for one document, with per-module
// state, automatic retries inside a round and recovery rounds after a failed round (spec 3.3, 3.4).
import type { collections, moduleRuns } from "../db/schema";
import type { Tx } from "../db/client";
import type { Services } from "../context";
import type { Entity, ModuleName } from "../datasets/types";
import { MODULE_STATES, V3_STATUSES, type Lane, type ModuleState, type Outcome, type V3Status } from "../../lib/contract/enums";

export type Collection = typeof collections.$inferSelect;
export type ModuleRun = typeof moduleRuns.$inferSelect;

/** A collection's status is the v3 enrichment status (lib/contract/enums.ts). */
export const COLLECTION_STATUS = V3_STATUSES;
export type CollectionStatus = V3Status;
export const TERMINAL: readonly string[] = ["COMPLETED", "FAILED"];
export const MODULE_STATUS = MODULE_STATES;
export type ModuleStatus = ModuleState;
export type { Outcome, Lane };
export type Owner = "enrichment" | "verification";

export interface PlannedModule {
  module: ModuleName;
  /** Full dataset name, e.g. person-profile-2.0. */
  dataset: string;
  version: string;
  addon: boolean;
}

export interface NewCollection {
  id: string;
  workspaceId: string;
  owner: Owner;
  entity: Entity;
  document: string;
  lane: Lane;
  deadlineAt: Date | null;
  modules: PlannedModule[];
}

/** What the owner (v2 verification, v3 enrichment) does at the engine's milestones. */
export interface OwnerHooks {
  /** In the transaction that moves CREATED to FETCHING. */
  onFetching?(tx: Tx, collection: Collection): Promise<void>;
  /** In the transaction that makes the collection terminal (billing, dossier, callback). */
  onTerminal(tx: Tx, collection: Collection, modules: ModuleRun[]): Promise<void>;
  /** After that transaction committed (send jobs, e.g. a callback delivery). */
  afterTerminal?(services: Services, collection: Collection): Promise<void>;
}
