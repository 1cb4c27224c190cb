// "The lawsuits dataset without the lawsuit list": what the lawsuit network shows per node
// (counters and indicators), for any dataset version. Used by compute.ts.

import type { ModuleData } from "../../datasets/types";

/** The list fields of each version: `items` (2.0, 3.0) and `processos` (1.0). */
const LIST_FIELDS = new Set(["items", "processos"]);

export function summarizeLawsuits(data: ModuleData): ModuleData {
  const block = data.lawsuits;
  if (!block || typeof block !== "object") return data;
  const summary = Object.fromEntries(Object.entries(block).filter(([key]) => !LIST_FIELDS.has(key)));
  return { ...data, lawsuits: summary };
}
