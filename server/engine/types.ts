// Types of the collection engine: a plan of modules collected for one document, with per-module
// state, automatic retries inside a round and recovery rounds after a failed round (spec 3.3, 3.4).
import type { collections, moduleRuns } from "../db/schema";
import type { Tx } from "../db/client";
import type { Services } from "../context";
import type { Entity, FetchResult, ModuleName } from "../datasets/types";

export type Collection = typeof collections.$inferSelect;
export type ModuleRun = typeof moduleRuns.$inferSelect;

export const COLLECTION_STATUS = ["CREATED", "FETCHING", "COMPLETED", "FAILED"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUS)[number];
export const TERMINAL: readonly string[] = ["COMPLETED", "FAILED"];
export const MODULE_STATUS = ["pending", "retrying", "ok", "failed"] as const;
export type ModuleStatus = (typeof MODULE_STATUS)[number];
export type Outcome = "ok" | "subject_not_found";
export type Lane = "interactive" | "batch";
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
  /**
   * Local steps by module name (v2: face match, CNH reading; server/vision/steps.ts). A planned
   * module with a step's name runs after the dataset modules, one step at a time in this
   * record's order, with the same retries and rounds as a module; its answer is the module data.
   */
  steps?: Record<string, OwnerStep>;
}

export interface OwnerStep {
  /** In its own transaction before the step runs (v2: status CNH_EXTRACT). */
  enter?(tx: Tx, collection: Collection): Promise<void>;
  /** `modules`: the collection's modules as collected so far (the step may read their data). */
  run(services: Services, collection: Collection, modules: ModuleRun[], signal: AbortSignal): Promise<FetchResult>;
}
