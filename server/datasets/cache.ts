// The dataset cache: a module's answer (data, or not found) for one document, kept per workspace
// for a time that depends on the dataset, and reused by the workspace's later collections of the
// same document. Temporary and permanent failures are never kept. v2 `verifications.force` makes a
// collection skip the cache (it asks every provider, and its answers refresh the cache).
//
// Per workspace, not shared (docs/decisions.md "Dataset cache"): a shared entry would tell one
// client that another had queried the same person, and each client's legal basis for the query
// (LGPD art. 7) covers its own query only. The cost is fewer hits: a document two clients verify
// is asked twice.
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { runPrepared } from "../db/rows";
import type { moduleRuns } from "../db/schema";
import { moduleRunFromRow } from "../engine/store";
import { ttlOf, type CacheTtl } from "./cache-ttl";
import type { AnswerSource } from "./types";

type ModuleRun = typeof moduleRuns.$inferSelect;

export interface CachedAnswer {
  dataset: string;
  found: boolean;
  data: Record<string, unknown> | null;
  fetchedAt: Date;
  /** Where it came from, as kept with it (null: kept before migration 0018; see sourceOfAnswer). */
  source: AnswerSource | null;
}

/**
 * SQL: a json array of a collection's modules (`c`: an alias with the collection's id,
 * workspace_id, document and use_cache), each `{run, found, data, fetched_at}` with the dataset
 * cache's unexpired answer for its dataset when the module is not yet ok and the collection uses
 * the cache. `modulesFromJson` reads it. The engine's claim asks for it in its own statement.
 */
export function modulesWithCacheSql(c: SQL, now = new Date()): SQL {
  return sql`(select coalesce(json_agg(json_build_object('run', m, 'found', d.found, 'data', d.data, 'fetched_at', d.fetched_at, 'source', d.source) order by m.module), '[]')
    from module_runs m
    left join dataset_cache d on ${c}.use_cache and m.status <> 'ok' and d.workspace_id = ${c}.workspace_id
      and d.document = ${c}.document and d.dataset = m.dataset and d.expires_at > ${now.toISOString()}::timestamptz
      and ${freshAfterImports(sql`m`, sql`d`)}
    where m.collection_id = ${c}.id)`;
}

const REGISTRY_DATASETS = ["company-profile-1.0", "company-profile-2.0", "company-related-1.0", "company-related-2.0"];

/**
 * Public data imported since an answer was kept makes it stale (server/registry/): a profile
 * answer kept before the last sanctions import, and a registry dataset's answer kept before the
 * live CNPJ release went live, are asked again. Both tables are tiny; without imports the
 * condition holds for every answer.
 */
function freshAfterImports(m: SQL, d: SQL): SQL {
  return sql`(${m}.module <> 'profile' or ${d}.fetched_at > coalesce((select max(imported_at) from sanction_imports), '-infinity'::timestamptz))
      and (${m}.dataset <> all(${`{${REGISTRY_DATASETS.join(",")}}`}::text[])
        or ${d}.fetched_at > coalesce((select max(live_at) from registry_releases where state = 'live'), '-infinity'::timestamptz))`;
}

type CacheRow = {
  run: Record<string, unknown>;
  found: boolean | null;
  data: Record<string, unknown> | null;
  fetched_at: string | null;
  source?: AnswerSource | null;
};

/** What modulesWithCacheSql read: the modules, and the answers still within the TTL now in force. */
export function modulesFromJson(
  ttl: CacheTtl,
  json: unknown,
  now = new Date(),
): { modules: ModuleRun[]; cached: Map<string, CachedAnswer> } {
  const rows = json as CacheRow[];
  const cached = new Map<string, CachedAnswer>();
  const modules = rows.map((row) => {
    const run = moduleRunFromRow(row.run);
    if (row.found !== null && row.fetched_at !== null) {
      const fetchedAt = new Date(row.fetched_at);
      // the TTL now in force, not the one when it was kept (it may have been shortened since)
      if (now.getTime() - fetchedAt.getTime() < ttlOf(ttl, run.dataset))
        cached.set(run.dataset, { dataset: run.dataset, found: row.found, data: row.data, fetchedAt, source: row.source ?? null });
    }
    return run;
  });
  return { modules, cached };
}

/**
 * A collection's modules and, for those not yet ok, the fresh answers the dataset cache keeps for
 * their datasets (none when `useCache` is false): one statement.
 */
export async function loadModulesWithCache(
  db: Db | Tx,
  ttl: CacheTtl,
  c: { id: string; workspaceId: string; document: string; useCache: boolean },
  now = new Date(),
): Promise<{ modules: ModuleRun[]; cached: Map<string, CachedAnswer> }> {
  const [row] = await runPrepared(
    db,
    sql`
    select ${modulesWithCacheSql(sql`c`, now)} as modules_json
    from (select ${c.id}::text as id, ${c.workspaceId}::uuid as workspace_id, ${c.document}::text as document, ${c.useCache}::boolean as use_cache) c`,
  );
  return modulesFromJson(ttl, row?.modules_json ?? [], now);
}

/** Deletes expired answers, at most `limit` at a time (the sweeper calls it). */
export async function purgeExpired(db: Db, limit = 1000, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    delete from dataset_cache where ctid in (
      select ctid from dataset_cache where expires_at <= ${now.toISOString()}::timestamptz limit ${limit})
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
