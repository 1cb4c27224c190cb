// Reads of v3 enrichments, always scoped by workspace: one enrichment with its collection and
// modules, and the list (newest first, keyset pagination on (created_at, id) at millisecond
// precision, the precision of the cursor).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { collections, enrichments } from "../../db/schema";
import { collectionFromRow, moduleRunFromRow } from "../../engine/store";
import { preparedStatement, rowMapper, runPrepared } from "../../db/rows";
import { TERMINAL, type Collection } from "../../engine/types";
import { MODULE_NAMES } from "../../../lib/contract/enum-values";
import type { CursorPosition } from "../cursor";
import { isEnrichmentId } from "./ids";
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

/** A timestamp as JSON, as `Date.toISOString` writes it (milliseconds, truncated as a Date holds them). */
const isoJson = (column: string) => `'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
/** Milliseconds since the epoch of a timestamp truncated to the millisecond (a Date's getTime). */
const epochMs = (column: string) => `(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::bigint`;
const live = `c.status not in (${TERMINAL.map((s) => `'${s}'`).join(", ")})`;

// toResource's module order (profile first, then localeCompare) is the module names' byte order
// (collate "C") for every module the engine runs; checked once here, so a new name that sorts
// otherwise fails at startup (and every test) instead of answering another order.
{
  const names = MODULE_NAMES.filter((m) => m !== "profile");
  const bytes = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if ([...names].sort((a, b) => a.localeCompare(b)).join() !== bytes.join())
    throw new Error("module names sort differently by localeCompare and by bytes: the v3 read in SQL (readResourceJson) must change");
}

/**
 * GET /api/v3/enrichments/{id} without `include`, the commonest read: the resource's JSON text,
 * built by the statement itself, byte for byte what `JSON.stringify(toResource(view))` writes
 * (test/service/read-bytes.test.ts), but `metadata`, a client's JSON, which the caller writes
 * between `head` and `tail` with JSON.stringify (jsonb's own text has spaces and writes some
 * numbers otherwise). The driver then parses no rows of JSON, and nothing maps or serializes them.
 * Follows toSummary and toResource (serialize.ts) field by field: change them together.
 */
const selectResourceJson = preparedStatement(`
  select c.status, c.next_retry_at, c.deadline_at, e.metadata,
    '{"id":' || to_json(e.id)::text
    || ',"status":' || to_json(c.status)::text
    || ',"outcome":' || case when c.status = 'COMPLETED' then coalesce(to_json(c.outcome)::text, 'null') else 'null' end
    || ',"entity":' || to_json(e.entity)::text
    || ',"document":' || to_json(e.document)::text
    || ',"profile":{"id":' || to_json(e.profile_id)::text || ',"name":' || to_json(e.profile_name)::text
    || ',"kind":' || to_json(e.profile_kind)::text || '}'
    || ',"metadata":' as head,
    ',"createdAt":' || ${isoJson("e.created_at")}
    || ',"completedAt":' || case when ${live} then 'null' else coalesce(${isoJson("c.completed_at")}, 'null') end
    || case when ${live} and c.next_retry_at is not null then ',"nextRetryAt":' || ${isoJson("c.next_retry_at")} else '' end
    || ',"recoveryRound":' || c.recovery_round::text
    || case when c.status = 'FAILED' and c.failure_reason <> '' then ',"failureReason":' || to_json(c.failure_reason)::text else '' end
    || case when e.deadline <> '' and c.deadline_at is not null then ',"deadline":' || ${isoJson("c.deadline_at")} else '' end
    || ',"modules":{' || coalesce((
      select string_agg(
        to_json(m.module)::text || ':{"dataset":' || to_json(m.dataset)::text || ',"status":' || to_json(m.status)::text
        || case when m.status = 'retrying' and m.next_attempt_at is not null
             then ',"nextAttemptAt":' || ${isoJson("m.next_attempt_at")} else '' end
        || ',"url":' || to_json('/api/v3/enrichments/' || e.id || '/modules/' || m.module)::text
        || case when m.status = 'ok' and m.cached_at is not null
             then ',"cache":{"fetchedAt":' || ${isoJson("m.cached_at")} || ',"ageSeconds":'
               || greatest(0, floor((${epochMs("coalesce(m.completed_at, m.cached_at)")} - ${epochMs("m.cached_at")} + 500)::numeric / 1000))::bigint::text
               || '}'
             else '' end
        || '}', ',' order by m.module <> 'profile', m.module collate "C")
      from module_runs m where m.collection_id = c.id), '') || '}'
    || ',"lane":' || to_json(e.lane)::text
    || case when e.batch_id <> '' then ',"batchId":' || to_json(e.batch_id)::text else '' end
    || '}' as tail
  from enrichments e join collections c on c.id = e.id and c.workspace_id = e.workspace_id
  where e.workspace_id = $1 and e.id = $2`);

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
