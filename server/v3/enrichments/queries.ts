// Reads of v3 enrichments, always scoped by workspace: one enrichment with its collection and
// modules, and the list (newest first, keyset pagination on (created_at, id) at millisecond
// precision, the precision of the cursor).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { collections, enrichments } from "../../db/schema";
import { collectionFromRow, moduleRunFromRow } from "../../engine/store";
import { rowMapper, runPrepared } from "../../db/rows";
import type { Collection } from "../../engine/types";
import type { CursorPosition } from "../cursor";
import { isEnrichmentId } from "./ids";
import type { EnrichmentRow, EnrichmentView, ResourceView } from "./serialize";

export async function loadEnrichment(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<{ enrichment: EnrichmentRow; collection: Collection } | null> {
  if (!isEnrichmentId(id)) return null;
  const [row] = await db
    .select({ enrichment: enrichments, collection: collections })
    .from(enrichments)
    .innerJoin(collections, and(eq(collections.id, enrichments.id), eq(collections.workspaceId, enrichments.workspaceId)))
    .where(and(eq(enrichments.workspaceId, workspaceId), eq(enrichments.id, id)));
  return row ?? null;
}

const enrichmentFromRow = rowMapper<EnrichmentRow>(enrichments);

/** The enrichment, its collection and its modules: one statement, no query builder (the hot read). */
export async function loadView(db: Db | Tx, workspaceId: string, id: string): Promise<EnrichmentView | null> {
  if (!isEnrichmentId(id)) return null;
  const [row] = await runPrepared(
    db,
    sql`
      select to_jsonb(e) as e, to_jsonb(c) as c,
        (select coalesce(jsonb_agg(m order by m.module), '[]') from module_runs m where m.collection_id = c.id) as m
      from enrichments e join collections c on c.id = e.id and c.workspace_id = e.workspace_id
      where e.workspace_id = ${workspaceId} and e.id = ${id}`,
  );
  if (!row) return null;
  return {
    enrichment: enrichmentFromRow(row.e as Record<string, unknown>),
    collection: collectionFromRow(row.c as Record<string, unknown>),
    modules: (row.m as Record<string, unknown>[]).map(moduleRunFromRow),
  };
}

/** What the resource (`toResource`) reads of each module run. */
const RESOURCE_MODULE = sql.raw(
  `'module', m.module, 'dataset', m.dataset, 'status', m.status, 'next_attempt_at', m.next_attempt_at, 'cached_at', m.cached_at, 'completed_at', m.completed_at`,
);

/**
 * The enrichment as its resource shows it (GET /api/v3/enrichments/{id}): one statement, like
 * `loadView`, but each module run with only the columns the resource reads, and its data only when
 * asked (`include`). Module data is most of an enrichment's bytes (8.5 kB of the 10 kB `loadView`
 * reads for a completed prf_person_complete, whose resource is 0.9 kB).
 */
export async function loadResourceView(db: Db | Tx, workspaceId: string, id: string, withData: boolean): Promise<ResourceView | null> {
  if (!isEnrichmentId(id)) return null;
  const fields = withData ? sql`${RESOURCE_MODULE}, 'data', m.data` : RESOURCE_MODULE;
  const [row] = await runPrepared(
    db,
    sql`
      select to_jsonb(e) as e, to_jsonb(c) as c,
        (select coalesce(jsonb_agg(jsonb_build_object(${fields}) order by m.module), '[]') from module_runs m where m.collection_id = c.id) as m
      from enrichments e join collections c on c.id = e.id and c.workspace_id = e.workspace_id
      where e.workspace_id = ${workspaceId} and e.id = ${id}`,
  );
  if (!row) return null;
  return {
    enrichment: enrichmentFromRow(row.e as Record<string, unknown>),
    collection: collectionFromRow(row.c as Record<string, unknown>),
    modules: (row.m as Record<string, unknown>[]).map(moduleRunFromRow),
  };
}

export interface ListFilters {
  from?: Date;
  to?: Date;
  document?: string;
  profileId?: string;
  entity?: "person" | "company";
  batchId?: string;
  lane?: "interactive" | "batch";
}

// created_at at the cursor's precision (ms), as UTC wall-clock time: an immutable expression (the
// timestamptz form of date_trunc depends on the session's time zone), so the list's indexes hold
// it (0006_list_scale: enrichments_ws_created_ms_idx and the document and profile ones) and the
// newest-first order reads them in order, LIMIT rows, instead of sorting the workspace.
const createdMs = sql`date_trunc('milliseconds', ${enrichments.createdAt} at time zone 'UTC')`;
const utc = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'UTC')`;

export async function listEnrichments(db: Db, workspaceId: string, f: ListFilters, limit: number, after: CursorPosition | null) {
  const where: SQL[] = [eq(enrichments.workspaceId, workspaceId)];
  // a Date has millisecond precision: created_at >= from holds exactly when its truncation to the
  // millisecond does (and likewise for < to), so the bounds apply to the indexed expression
  if (f.from) where.push(sql`${createdMs} >= ${utc(f.from)}`);
  if (f.to) where.push(sql`${createdMs} < ${utc(f.to)}`);
  if (f.document) where.push(eq(enrichments.document, f.document));
  if (f.profileId) where.push(eq(enrichments.profileId, f.profileId));
  if (f.entity) where.push(eq(enrichments.entity, f.entity));
  if (f.batchId) where.push(eq(enrichments.batchId, f.batchId));
  if (f.lane) where.push(eq(enrichments.lane, f.lane));
  if (after) where.push(sql`(${createdMs}, ${enrichments.id}) < (${utc(after.createdAt)}, ${after.id})`);
  // the cursor position is read in SQL at the precision it compares at (created_at has µs)
  const rows = await db
    .select({
      enrichment: enrichments,
      collection: collections,
      createdMs: sql<string>`(extract(epoch from ${createdMs}) * 1000)::bigint::text`,
    })
    .from(enrichments)
    .innerJoin(collections, and(eq(collections.id, enrichments.id), eq(collections.workspaceId, enrichments.workspaceId)))
    .where(and(...where))
    .orderBy(sql`${createdMs} desc`, sql`${enrichments.id} desc`)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
