// Types of the collection engine: a plan of modules collected for one document, with per-module
// state, automatic retries inside a round and recovery rounds after a failed round (spec 3.3, 3.4).
import type { collections, moduleRuns } from "../db/schema";
import type { Tx } from "../db/client";
import type { SQL } from "drizzle-orm";
import type { Services } from "../context";
import type { Entity, FetchResult, ModuleName } from "../datasets/types";
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
  /** false: skip the dataset cache (v2 `verifications.force`); default true. */
  useCache?: boolean;
  /** v3: the terminal state writes a callback delivery (a batch item with a callback); default false. */
  callbackArmed?: boolean;
  /** Planned modules that no source answers now (LUPA_SANDBOX off): kept aside, never run. */
  unavailable?: { module: string; dataset: string }[];
}

/**
 * What the owner (v2 verification, v3 enrichment) does at the engine's milestones. What
 * onTerminal returns reaches afterTerminal only when its transaction committed: nothing is kept
 * aside for a transaction that rolls back.
 */
export interface OwnerHooks<AfterCommit = void> {
  /** In the transaction that moves CREATED to FETCHING. */
  onFetching?(tx: Tx, collection: Collection): Promise<void>;
  /** In the transaction that makes the collection terminal (billing, dossier, callback). */
  onTerminal(tx: Tx, collection: Collection, modules: ModuleRun[]): Promise<AfterCommit>;
  /**
   * false: onTerminal does not read the modules (it receives none), so the terminal statement does
   * not read them for it (v3: billing reads the states it needs in its own SQL).
   */
  terminalModules?: boolean;
  /**
   * The owner's terminal writes as CTEs of the engine's terminal statement (names not starting
   * with `u`, `input`, `saved` or `keep`), for a collection that completes ok with every module
   * answered and no callback armed: that terminal is then one statement with no transaction around
   * it, and onTerminal and afterTerminal are not called for it. `ended`: the relation of the
   * collection rows just made terminal (their columns: one row, or many when a batch worker ends
   * a group of collections in one statement, so the writes must be keyed by the row's id);
   * `okModules`: a relation (collection_id, module, addon) of their modules ok once the
   * statement's own answers are written. Every other terminal (a callback
   * armed, a failure, subject_not_found, a caller that does not know the row) runs onTerminal in
   * the terminal transaction, so the two must write the same.
   */
  terminalCtes?(ended: SQL, okModules: SQL): SQL;
  /** After that transaction committed (send jobs, e.g. a callback delivery). */
  afterTerminal?(services: Services, collection: Collection, fromTerminal: AfterCommit): Promise<void>;
  /**
   * Local steps by module name (v2: face match, CNH reading; server/vision/steps.ts). A planned
   * module with a step's name runs after the dataset modules, one step at a time in this
   * record's order, with the same retries and rounds as a module; its answer is the module data.
   */
  steps?: Record<string, OwnerStep>;
  /** The owner's own sweep, run by the engine's sweeper (v2: AI summaries whose process died). */
  sweep?(services: Services): Promise<void>;
}

export interface OwnerStep {
  /** In its own transaction before the step runs (v2: status CNH_EXTRACT). */
  enter?(tx: Tx, collection: Collection): Promise<void>;
  /** `modules`: the collection's modules as collected so far (the step may read their data). */
  run(services: Services, collection: Collection, modules: ModuleRun[], signal: AbortSignal): Promise<FetchResult>;
}

/**
 * The hooks of every owner, given to the workers when they start (server/owners.ts), as a job
 * runner is given its task list: the engine keeps no registry of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each owner passes its own AfterCommit type
export type Owners = Record<Owner, OwnerHooks<any>>;
