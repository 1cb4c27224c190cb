// Reads of v3 enrichments, always scoped by workspace: one enrichment with its collection and
// modules, and the list (newest first, keyset pagination on (created_at, id) at millisecond
// precision, the precision of the cursor).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { collections, enrichments } from "../../db/schema";
import { collectionFromRow, moduleRunFromRow } from "../../engine/store";
import { preparedStatement, rowMapper, runPrepared } from "../../db/rows";
import { TERMINAL, type Collection } from "../../engine/types";
import { ENTITIES, LANES, MODULE_NAMES, MODULE_STATES, PROFILE_KINDS, V3_STATUSES } from "../../../lib/contract/enum-values";
import type { CursorPosition } from "../cursor";
import { ENRICHMENT_ID, isEnrichmentId } from "./ids";
import type { EnrichmentRow, EnrichmentView } from "./serialize";

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

// toResource's module order (profile first, then localeCompare) is the module names' byte order
// (collate "C") for every module the engine runs; checked once here, so a new name that sorts
// otherwise fails at startup (and every test) instead of answering another order.
{
  const names = MODULE_NAMES.filter((m) => m !== "profile");
  const bytes = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if ([...names].sort((a, b) => a.localeCompare(b)).join() !== bytes.join())
    throw new Error("module names sort differently by localeCompare and by bytes: enrichment_json (migration 0016) must change");
  // enrichment_json and the trigger that stores the bodies name the terminal statuses
  if (TERMINAL.join() !== "COMPLETED,FAILED") throw new Error("the terminal statuses changed: migration 0016's SQL names them");
  // enrichment_json (migration 0017) writes these values between quotes as they are, without
  // to_json: each must be its own JSON string's text (letters, digits, `_` and `-`; the ids too)
  const plain = /^[A-Za-z0-9_-]+$/;
  for (const value of [...V3_STATUSES, ...ENTITIES, ...PROFILE_KINDS, ...LANES, ...MODULE_NAMES, ...MODULE_STATES])
    if (!plain.test(value)) throw new Error(`"${value}" needs JSON escaping: enrichment_json (migration 0017) must write it with to_json`);
  if (!/^\^enr_\[0-9a-z\]\{\d+\}\$$/.test(ENRICHMENT_ID.source))
    throw new Error("enrichment ids changed: enrichment_json (migration 0017) writes them without to_json");
}

/**
 * GET /api/v3/enrichments/{id} without `include`, the commonest read: the resource's JSON text,
 * byte for byte what `JSON.stringify(toResource(view))` writes (test/service/read-bytes.test.ts),
 * but `metadata`, a client's JSON, which the caller writes between `head` and `tail` with
 * JSON.stringify (jsonb's own text has spaces and writes some numbers otherwise). The driver then
 * parses no rows of JSON, and nothing maps or serializes them.
 * A terminal enrichment's text was stored when it ended (enrichment_bodies, migration 0016): one
 * lookup of one table. Otherwise (running, or ended before the migration) `enrichment_json`
 * (migration 0017, which replaced 0016's) writes it, which the planner inlines: the enrichment,
 * its collection and its module runs, each part with one `format`.
 * `limit 1` stops at the stored row: the second branch runs only when there is none.
 * The text follows toSummary and toResource (serialize.ts) field by field: a change to them is a
 * new migration (see 0016 and 0017).
 */
const selectResourceJson = preparedStatement(`
  select b.status, null::timestamptz as next_retry_at, null::timestamptz as deadline_at, b.metadata, b.head, b.tail
  from enrichment_bodies b where b.id = $2 and b.workspace_id = $1
  union all
  select j.status, j.next_retry_at, j.deadline_at, j.metadata, j.head, j.tail from enrichment_json($1, $2) j
  limit 1`);

const retryFields = { status: collections.status, nextRetryAt: collections.nextRetryAt, deadlineAt: collections.deadlineAt };

export async function readResourceJson(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<{ body: string; collection: Pick<Collection, "status" | "nextRetryAt" | "deadlineAt"> } | null> {
  if (!isEnrichmentId(id)) return null;
  const [row] = await selectResourceJson(db, [workspaceId, id]);
  if (!row) return null;
  const at = (value: unknown, column: typeof retryFields.nextRetryAt): Date | null =>
    value === null || value === undefined ? null : (column.mapFromDriverValue(value as string) as Date);
  return {
    body: `${row.head as string}${JSON.stringify(enrichments.metadata.mapFromDriverValue(row.metadata))}${row.tail as string}`,
    collection: {
      status: row.status as string,
      nextRetryAt: at(row.next_retry_at, retryFields.nextRetryAt),
      deadlineAt: at(row.deadline_at, retryFields.deadlineAt),
    },
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
