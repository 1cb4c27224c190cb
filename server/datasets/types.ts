// The dataset provider interface: every outside data source is reached through it.
// A provider answers one question — "what does dataset <entity>-<module>-<version> say about
// this document?" — with one of four outcomes. The collection engine decides what to do with
// each outcome (retry, new round, fail); providers never retry on their own.

import { MODULE_NAMES, type Entity, type ModuleData, type ModuleName } from "../../lib/contract";

export { MODULE_NAMES, type Entity, type ModuleName, type ModuleData };

/** Dataset versions each module publishes, by entity (spec 2.5a). Empty list: not offered. */
export const DATASET_VERSIONS: Record<ModuleName, Record<Entity, readonly string[]>> = {
  profile: { person: ["1.0", "2.0"], company: ["1.0", "2.0"] },
  finance: { person: ["1.0", "1.1"], company: ["1.0"] },
  financeAdvanced: { person: ["2.0"], company: ["2.0"] },
  lawsuits: { person: ["1.0", "2.0", "3.0"], company: ["1.0", "2.0", "3.0"] },
  ownersLawsuits: { person: [], company: ["1.0"] },
  related: { person: ["1.0", "1.1", "2.0"], company: ["1.0", "2.0"] },
  // reference photo for face match (v2 faceRecognition); people only
  biometrics: { person: ["1.0"], company: [] },
};

/** Add-on modules are billed on their own and must be requested explicitly (options.modules). */
export const ADDON_MODULES: readonly ModuleName[] = ["financeAdvanced"];

/** `person-profile-2.0`: entity, module and version, as the module entry's `dataset` shows it. */
export function datasetName(entity: Entity, module: ModuleName, version: string): string {
  return `${entity}-${module}-${version}`;
}

export interface FetchRequest {
  entity: Entity;
  module: ModuleName;
  version: string;
  /** Normalized document: 11 digits (CPF) or 14 characters, upper case (CNPJ). */
  document: string;
  /** 1-based attempt number inside the current round. */
  attempt: number;
  /** 0 for the first collection, 1..3 for the recovery rounds. */
  round: number;
  signal?: AbortSignal;
  /**
   * A fan-out module (ownersLawsuits): the parties to follow, as the subject's profile named them
   * when another provider than this module's answered it (the registry's QSA). Absent: the
   * provider follows the parties its own data names.
   */
  parties?: FanOutParties;
}

export interface FanOutParties {
  /** The provider that named them (`receita`). */
  from: string;
  list: { document: string; name: string; entity: Entity; qualification: string | null }[];
}

/**
 * Where a module's answer came from (stored with it, module_runs.source and dataset_cache.source,
 * migration 0018): the provider, the public data's release, the sanctions lists that added to it,
 * and for a fan-out the provider whose parties it followed.
 */
export interface AnswerSource {
  provider: string;
  release?: string;
  lists?: { list: string; release: string }[];
  partiesFrom?: string;
}

export type FetchResult =
  /** `cacheable: false`: the dataset cache must not keep this answer (server/datasets/cache.ts). */
  | { kind: "ok"; data: ModuleData; cacheable?: false; source?: AnswerSource }
  | { kind: "not_found"; cacheable?: false; source?: AnswerSource }
  | { kind: "temporary_failure"; reason: string }
  | { kind: "permanent_failure"; reason: string };

export interface DatasetProvider {
  readonly name: string;
  fetch(request: FetchRequest): Promise<FetchResult>;
  /** The provider answering a dataset now; null: none is configured (the module is unavailable). */
  providerFor?(entity: Entity, module: ModuleName): string | null;
}
