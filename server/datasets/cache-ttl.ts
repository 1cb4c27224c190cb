// How long the dataset cache reuses a module's answer (docs/decisions.md, "Dataset cache"). The
// configuration holds LUPA_DATASET_CACHE_TTL's values as written, milliseconds by key
// (server/config.ts); what a key means, and the defaults for what it leaves out, are here.
import { MODULE_NAMES, type ModuleName } from "./types";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

/**
 * Default time to live by module (any version, either entity). Sources' own update cycles:
 * bureaus and courts publish daily; registry status, corporate structure and reference photos
 * change rarely.
 */
export const DEFAULT_CACHE_TTL_MS: Record<ModuleName, number> = {
  profile: 7 * DAY,
  finance: 1 * DAY,
  financeAdvanced: 1 * DAY,
  lawsuits: 1 * DAY,
  ownersLawsuits: 1 * DAY,
  related: 7 * DAY,
  biometrics: 30 * DAY,
};

/** TTLs set in ms by module name, by full dataset name (`person-lawsuits-3.0`), and `*` for the rest. */
export type CacheTtl = Readonly<Record<string, number>>;

function isKey(key: string): boolean {
  if (key === "*") return true;
  if ((MODULE_NAMES as readonly string[]).includes(key)) return true;
  const m = /^(person|company)-([A-Za-z]+)-\d+(\.\d+)*$/.exec(key);
  return m !== null && (MODULE_NAMES as readonly string[]).includes(m[2]!);
}

/** Refuses a key that is not a module, a dataset of one, or `*`; createServices calls it, so the service does not start. */
export function checkCacheTtl(ttl: CacheTtl): void {
  for (const key of Object.keys(ttl))
    if (!isKey(key)) throw new Error(`LUPA_DATASET_CACHE_TTL: "${key}" is not a module, a dataset name or *`);
}

/**
 * `person-lawsuits-3.0` → its TTL: the dataset's own, else its module's, else `*`, else the
 * module's default, else 0 (a named module or dataset wins over `*`, whatever the order written).
 */
export function ttlOf(ttl: CacheTtl, dataset: string): number {
  const module = dataset.split("-")[1] ?? "";
  return ttl[dataset] ?? ttl[module] ?? ttl["*"] ?? DEFAULT_CACHE_TTL_MS[module as ModuleName] ?? 0;
}
