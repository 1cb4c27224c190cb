// The envelope every sandbox dataset answers with (spec 2.5a): the dataset name, the module,
// a block named after the module, and the rules with whether each fired.

import { datasetName, type Entity, type ModuleData, type ModuleName } from "../types";

export type Rule = { rule: string; fired: boolean };

export function moduleData(entity: Entity, module: ModuleName, version: string, block: unknown, rules: Rule[]): ModuleData {
  return { dataset: datasetName(entity, module, version), module, [module]: block, rules };
}

/** Rules as a record of name -> fired, listed in a stable order. */
export function rulesFrom(fired: Record<string, boolean>): Rule[] {
  return Object.entries(fired).map(([rule, value]) => ({ rule, fired: value }));
}
