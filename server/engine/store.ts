// SQL of the collection engine. Every write that changes a collection's state checks that the
// collection is not terminal: a terminal status never changes (spec 3.3).
import { and, eq, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowMapper, runPrepared } from "../db/rows";
import { collections, moduleRuns } from "../db/schema";
import type { Collection, ModuleRun, NewCollection, Outcome } from "./types";
import type { AnswerSource } from "../datasets/types";

const LIVE = ["CREATED", "FETCHING"];
const isLive = inArray(collections.status, LIVE);
const leaseFree = or(isNull(collections.leaseUntil), lt(collections.leaseUntil, sql`now()`));

/** Rows of the hot statements below (plain SQL) as the tables' typed records. */
export const collectionFromRow = rowMapper<Collection>(collections);
export const moduleRunFromRow = rowMapper<ModuleRun>(moduleRuns);

/**
 * Many collections in two statements, whatever their number (a batch of 500 was 1,000 statements,
 * one collection and one set of module runs at a time; then 500 rows per multi-row insert, whose
 * building alone cost more than the database's work): the rows go as one JSON parameter that
 * `jsonb_to_recordset` unpacks on the server.
 */
export async function insertCollections(tx: Tx, list: NewCollection[], now = new Date()): Promise<void> {
  if (list.length === 0) return;
  const at = now.toISOString();
  const rows = list.map((c) => ({
    id: c.id,
    workspace_id: c.workspaceId,
    owner: c.owner,
    entity: c.entity,
    document: c.document,
    lane: c.lane,
    deadline_at: c.deadlineAt ? c.deadlineAt.toISOString() : null,
    use_cache: c.useCache ?? true,
    callback_armed: c.callbackArmed ?? false,
    unavailable_modules: c.unavailable && c.unavailable.length > 0 ? c.unavailable : null,
  }));
  // enqueued_at stays null until the first job is sent (markDispatched), as in insertCollection
  await tx.execute(sql`
    insert into collections (id, workspace_id, owner, entity, document, lane, status, deadline_at, use_cache, callback_armed,
      unavailable_modules, wake_at, enqueued_at, created_at, updated_at)
    select id, workspace_id, owner, entity, document, lane, 'CREATED', deadline_at, use_cache, callback_armed,
      unavailable_modules, ${at}::timestamptz, null, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as t(id text, workspace_id uuid, owner text, entity text, document text, lane text, deadline_at timestamptz, use_cache boolean,
        callback_armed boolean, unavailable_modules jsonb)`);
  const runs = list.flatMap((c) => c.modules.map((m) => ({ collection_id: c.id, module: m.module, dataset: m.dataset, addon: m.addon })));
  await tx.execute(sql`
    insert into module_runs (collection_id, module, dataset, addon, status)
    select collection_id, module, dataset, addon, 'pending'
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as t(collection_id text, module text, dataset text, addon boolean)`);
}

export async function insertCollection(tx: Tx, c: NewCollection, now = new Date()): Promise<void> {
  await tx.insert(collections).values({
    id: c.id,
    workspaceId: c.workspaceId,
    owner: c.owner,
    entity: c.entity,
    document: c.document,
    lane: c.lane,
    // enqueued_at stays null until the first job is sent (markDispatched): a process that dies in
    // between leaves a collection the sweeper re-sends within seconds (findLostWork)
    status: "CREATED",
    deadlineAt: c.deadlineAt,
    useCache: c.useCache ?? true,
    callbackArmed: c.callbackArmed ?? false,
    unavailableModules: c.unavailable && c.unavailable.length > 0 ? c.unavailable : null,
    wakeAt: now,
    enqueuedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(moduleRuns).values(
    c.modules.map((m) => ({
      collectionId: c.id,
      module: m.module,
      dataset: m.dataset,
      addon: m.addon,
      status: "pending",
    })),
  );
}

export async function loadCollection(db: Db | Tx, id: string): Promise<Collection | null> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row ?? null;
}

export async function loadModules(db: Db | Tx, id: string): Promise<ModuleRun[]> {
  return db.select().from(moduleRuns).where(eq(moduleRuns.collectionId, id)).orderBy(moduleRuns.module);
}

/**
 * Takes the collection for this worker for leaseMs, or returns null (terminal, or someone else's).
 * A CREATED collection of an owner in `startOwners` (owners with nothing to do at FETCHING) moves
 * to FETCHING in the same statement: claim and state in one round trip. With `modules`, a
 * collection that needs nothing more before collecting (FETCHING, not waiting for a recovery
 * round) comes back with its modules and the dataset cache's answers for them, read in the same
 * statement (the SQL that `modules` builds from the claimed row's alias, `c`).
 */
export async function claim(
  db: Db,
  id: string,
  worker: string,
  leaseMs: number,
  startOwners: readonly string[] = [],
  modules?: (alias: SQL) => SQL,
  leaseKey: number | null = null,
): Promise<Claimed | null> {
  return (await claimMany(db, [id], worker, leaseMs, startOwners, modules, leaseKey)).get(id) ?? null;
}

export type Claimed = { collection: Collection; modules: unknown };

/** `claim` of many collections in one statement (a batch worker's group): those taken, by id. */
export async function claimMany(
  db: Db,
  ids: string[],
  worker: string,
  leaseMs: number,
  startOwners: readonly string[] = [],
  modules?: (alias: SQL) => SQL,
  leaseKey: number | null = null,
): Promise<Map<string, Claimed>> {
  const starts =
    startOwners.length > 0
      ? sql`(status = 'CREATED' and owner in (${sql.join(
          startOwners.map((o) => sql`${o}`),
          sql`, `,
        )}))`
      : sql`false`;
  const rows = await runPrepared(
    db,
    sql`
    with c as (
      update collections set
        lease_owner = ${worker},
        lease_until = now() + ${leaseMs} * interval '1 millisecond',
        lease_key = ${leaseKey}::integer,
        status = case when ${starts} then 'FETCHING' else status end,
        started_at = case when ${starts} then now() else started_at end,
        wake_at = case when ${starts} then null else wake_at end,
        updated_at = case when ${starts} then now() else updated_at end
      where id = any(${sql.param(ids)}::text[]) and status in ('CREATED', 'FETCHING') and (lease_until is null or lease_until < now())
      returning *
    )
    select c.*, ${modules ? sql`case when c.status = 'FETCHING' and c.next_retry_at is null then ${modules(sql`c`)} end` : sql`null`} as modules_json
    from c`,
  );
  return new Map(rows.map((row) => [row.id as string, { collection: collectionFromRow(row), modules: row.modules_json ?? null }]));
}

export async function renewLease(db: Db, id: string, worker: string, leaseMs: number): Promise<void> {
  await db
    .update(collections)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(collections.id, id), eq(collections.leaseOwner, worker)));
}

/**
 * A stopping worker gives back collections it could not finish: the lease ends and the job counts
 * as never sent, so any other worker's sweeper sends it again within seconds (findLostWork).
 */
export async function handBack(db: Db, ids: string[], worker: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(collections)
    .set({ leaseOwner: null, leaseUntil: null, enqueuedAt: null })
    .where(and(inArray(collections.id, ids), eq(collections.leaseOwner, worker), isLive))
    .returning({ id: collections.id });
  return rows.length;
}

export async function releaseLease(db: Db, id: string, worker: string): Promise<void> {
  await db
    .update(collections)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(collections.id, id), eq(collections.leaseOwner, worker)));
}

/** Updates a module of a live collection; returns false when the collection is terminal. */
export async function updateModule(db: Db | Tx, id: string, module: string, set: Partial<ModuleRun>): Promise<boolean> {
  const rows = await db
    .update(moduleRuns)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(moduleRuns.collectionId, id),
        eq(moduleRuns.module, module),
        sql`exists (select 1 from ${collections} where ${collections.id} = ${id} and ${collections.status} in ('CREATED', 'FETCHING'))`,
      ),
    )
    .returning({ module: moduleRuns.module });
  return rows.length > 0;
}

export interface ModuleAnswer {
  attempts: number;
  /** The module data (a not-found answer: the module's block is null). */
  data: Record<string, unknown>;
  found: boolean;
  at: Date;
  /** The answer came from the dataset cache: when its provider gave it. */
  cachedAt?: Date;
  /** Keep the answer in the dataset cache until then (a provider's answer with a TTL). */
  keepUntil?: Date;
  /** Where the answer came from (a cached answer: its original source). */
  source?: AnswerSource | null;
}

export type Answered = { module: string; dataset: string; answer: ModuleAnswer };

/** A module answer of the collection `collectionId`. */
export type CollectionAnswer = Answered & { collectionId: string };

/**
 * CTEs `input`, `saved` and `keep`: writes the module answers (each module `ok`, with its data)
 * and their copies in the dataset cache, each only when `target` (a relation with collections'
 * id, workspace_id and document) holds its collection's row: it does only while the collection
 * may still change. `saved`: the (collection_id, module) written. Answers of many collections go
 * in one statement; two for the same cache key (one document in two collections of the group) keep
 * the latest in the cache.
 */
function answersCtes(list: CollectionAnswer[], target: SQL): SQL {
  const rows = list.map(({ collectionId, module, dataset, answer: a }) => ({
    collection_id: collectionId,
    module,
    dataset,
    attempts: a.attempts,
    data: a.data,
    found: a.found,
    at: a.at.toISOString(),
    cached_at: a.cachedAt ? a.cachedAt.toISOString() : null,
    keep_until: a.keepUntil ? a.keepUntil.toISOString() : null,
    source: a.source ?? null,
  }));
  return sql`input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(collection_id text, module text, dataset text, attempts int, data jsonb, found boolean, at timestamptz, cached_at timestamptz,
          keep_until timestamptz, source jsonb)
    ), saved as (
      update module_runs m set status = 'ok', attempts = i.attempts, data = i.data, next_attempt_at = null, last_error = null,
        completed_at = i.at, cached_at = i.cached_at, source = i.source, updated_at = i.at
      from input i, ${target} target
      where m.collection_id = target.id and m.collection_id = i.collection_id and m.module = i.module
      returning m.collection_id, m.module
    ), keep as (
      insert into dataset_cache (workspace_id, document, dataset, found, data, fetched_at, expires_at, source)
      select distinct on (target.workspace_id, target.document, i.dataset)
        target.workspace_id, target.document, i.dataset, i.found, case when i.found then i.data end, i.at, i.keep_until, i.source
      from input i join saved on saved.collection_id = i.collection_id and saved.module = i.module
        join ${target} target on target.id = i.collection_id
      where i.keep_until is not null
      order by target.workspace_id, target.document, i.dataset, i.at desc
      on conflict (workspace_id, document, dataset) do update set
        found = excluded.found, data = excluded.data, fetched_at = excluded.fetched_at, expires_at = excluded.expires_at,
        source = excluded.source
    )`;
}

/** A module as `answersCtes` leaves it (the terminal statement reads the modules before its writes). */
function answered(run: ModuleRun, a: ModuleAnswer): ModuleRun {
  return {
    ...run,
    status: "ok",
    attempts: a.attempts,
    data: a.data,
    nextAttemptAt: null,
    lastError: null,
    completedAt: a.at,
    cachedAt: a.cachedAt ?? null,
    source: a.source ?? null,
    updatedAt: a.at,
  };
}

/**
 * Module answers of one collection, and their copies in the dataset cache, in one statement.
 * Returns the modules written: none when the collection is terminal meanwhile (nothing is
 * written then, cache included).
 */
export async function saveModuleAnswers(
  db: Db | Tx,
  c: Pick<Collection, "id" | "workspaceId" | "document">,
  list: Answered[],
): Promise<Set<string>> {
  return (await saveManyAnswers(db, [{ c, list }]))[0]!;
}

/** `saveModuleAnswers` of many collections in one statement: the modules written, per item. */
export async function saveManyAnswers(
  db: Db | Tx,
  items: { c: Pick<Collection, "id" | "workspaceId" | "document">; list: Answered[] }[],
): Promise<Set<string>[]> {
  const ids = [...new Set(items.map((i) => i.c.id))];
  const live = sql`(select id, workspace_id, document from collections where id = any(${sql.param(ids)}::text[]) and status in ('CREATED', 'FETCHING'))`;
  const answers = items.flatMap(({ c, list }) => list.map((a) => ({ ...a, collectionId: c.id })));
  const rows = await runPrepared(db, sql`with ${answersCtes(answers, live)} select collection_id, module from saved`);
  const saved = new Set(rows.map((r) => `${r.collection_id as string}\u0000${r.module as string}`));
  return items.map(({ c, list }) => new Set(list.filter((a) => saved.has(`${c.id}\u0000${a.module}`)).map((a) => a.module)));
}

export async function updateLiveCollection(tx: Db | Tx, id: string, set: Partial<Collection>): Promise<Collection | null> {
  const [row] = await tx
    .update(collections)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(collections.id, id), isLive))
    .returning();
  return row ?? null;
}

export async function failOpenModules(tx: Tx, id: string): Promise<void> {
  await tx
    .update(moduleRuns)
    .set({ status: "failed", nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(moduleRuns.collectionId, id), ne(moduleRuns.status, "ok")));
}

/** A new recovery round: failed modules start again from their first attempt. */
export async function resetFailedModules(tx: Tx, id: string): Promise<void> {
  await tx
    .update(moduleRuns)
    .set({ status: "pending", attempts: 0, nextAttemptAt: null, permanent: false, updatedAt: new Date() })
    .where(and(eq(moduleRuns.collectionId, id), ne(moduleRuns.status, "ok")));
}

export async function dropModulesExcept(tx: Tx, id: string, keep: string): Promise<void> {
  await tx.delete(moduleRuns).where(and(eq(moduleRuns.collectionId, id), ne(moduleRuns.module, keep)));
}

/** The collection's modules as JSON, or null for the owners in `ownersWithout` (they read none). */
function modulesOf(ownersWithout: readonly string[]): SQL {
  const none =
    ownersWithout.length > 0
      ? sql`u.owner in (${sql.join(
          ownersWithout.map((o) => sql`${o}`),
          sql`, `,
        )})`
      : sql`false`;
  return sql`case when ${none} then null else (select coalesce(jsonb_agg(to_jsonb(m) order by m.module), '[]')
    from module_runs m where m.collection_id = u.id) end`;
}

export type TerminalEnd = { status: "COMPLETED"; outcome: Outcome } | { status: "FAILED"; failureReason: string };

/**
 * Makes a live collection terminal, clears its lease and sends the NOTIFY that wakes waiting
 * requests (delivered at commit), in one statement that locks the row (it serialises with the
 * creation request). Null: already terminal (a terminal status never changes), or, with
 * `ownerCtes`, armed for a callback. Options:
 * - `withModules`: the same statement also reads the collection's modules (not for the owners in
 *   `ownersWithoutModules`: modules null);
 * - `answers`: module answers held back for it (answerWriter), written by the same statement;
 * - `ownerCtes`: the owner's terminal writes (OwnerHooks.terminalCtes), run by the same statement,
 *   which then changes nothing when the row is callback_armed (that terminal needs the owner's
 *   transaction; the row's latest version decides, read under its lock).
 */
export async function endLiveCollection(
  db: Db | Tx,
  id: string,
  end: TerminalEnd,
  now: Date,
  options: {
    withModules: boolean;
    ownersWithoutModules?: readonly string[];
    answers?: Answered[];
    ownerCtes?: (ended: SQL, okModules: SQL) => SQL;
  },
): Promise<{ collection: Collection; modules: ModuleRun[] | null } | null> {
  const { withModules, ownersWithoutModules = [], answers = [], ownerCtes } = options;
  const at = now.toISOString();
  const outcome = end.status === "COMPLETED" ? end.outcome : null;
  const reason = end.status === "FAILED" ? end.failureReason : null;
  const ctes: SQL[] = [];
  if (answers.length > 0)
    ctes.push(
      answersCtes(
        answers.map((a) => ({ ...a, collectionId: id })),
        sql`u`,
      ),
    );
  if (ownerCtes) {
    // the modules ok once this statement's answers are written (its reads see the rows as they
    // were before its writes)
    const okModules = sql`(select m.collection_id, m.module, m.addon from module_runs m where m.collection_id = ${id}
      and (m.status = 'ok'${answers.length > 0 ? sql` or m.module in (select module from saved)` : sql``}))`;
    ctes.push(ownerCtes(sql`u`, okModules));
  }
  const rows = await runPrepared(
    db,
    sql`
    with u as (
      update collections set
        status = ${end.status},
        outcome = coalesce(${outcome}::text, outcome),
        failure_reason = coalesce(${reason}::text, failure_reason),
        completed_at = ${at}::timestamptz,
        next_retry_at = null, wake_at = null, lease_owner = null, lease_until = null,
        updated_at = ${at}::timestamptz
      where id = ${id} and status in ('CREATED', 'FETCHING')${ownerCtes ? sql` and not callback_armed` : sql``}
      returning *
    )${ctes.length > 0 ? sql`, ${sql.join(ctes, sql`, `)}` : sql``}
    select u.*, pg_notify('lupa_terminal', u.id)::text as notified,
      ${withModules ? modulesOf(ownersWithoutModules) : sql`null`} as modules_json
    from u`,
  );
  const [row] = rows;
  if (!row) return null;
  const json = row.modules_json as Record<string, unknown>[] | null;
  // the statement's reads see the modules as they were before its writes: the answers it wrote
  // are applied here
  const byModule = new Map(answers.map((a) => [a.module, a.answer]));
  const modules = json
    ? json.map((m) => {
        const run = moduleRunFromRow(m);
        const answer = byModule.get(run.module);
        return answer ? answered(run, answer) : run;
      })
    : null;
  return { collection: collectionFromRow(row), modules };
}

/**
 * `endLiveCollection` of many collections that complete ok, each with the module answers held
 * back for it and the owner's terminal writes (`ownerCtes`, which must hold for a relation of many
 * rows, keyed by the collections' ids), in one statement: the ended collections by id (one not
 * ended is live no longer, or armed for a callback: see endLiveCollection).
 */
export async function completeMany(
  db: Db,
  items: { id: string; answers: Answered[] }[],
  now: Date,
  ownerCtes: (ended: SQL, okModules: SQL) => SQL,
): Promise<Map<string, Collection>> {
  const at = now.toISOString();
  const ids = items.map((i) => i.id);
  const answers = items.flatMap(({ id, answers }) => answers.map((a) => ({ ...a, collectionId: id })));
  const okModules = sql`(select m.collection_id, m.module, m.addon from module_runs m join u on u.id = m.collection_id
    where m.status = 'ok' or (m.collection_id, m.module) in (select collection_id, module from saved))`;
  const rows = await runPrepared(
    db,
    sql`
    with u as (
      update collections set
        status = 'COMPLETED', outcome = 'ok', completed_at = ${at}::timestamptz,
        next_retry_at = null, wake_at = null, lease_owner = null, lease_until = null,
        updated_at = ${at}::timestamptz
      where id = any(${sql.param(ids)}::text[]) and status in ('CREATED', 'FETCHING') and not callback_armed
      returning *
    ), ${answersCtes(answers, sql`u`)}, ${ownerCtes(sql`u`, okModules)}
    select u.*, pg_notify('lupa_terminal', u.id)::text as notified
    from u`,
  );
  return new Map(rows.map((row) => [row.id as string, collectionFromRow(row)]));
}

/** Live collections whose deadline passed and that no worker holds. */
export async function findExpired(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(isLive, lte(collections.deadlineAt, sql`now()`), leaseFree))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Live collections that need a job: due (wake_at passed) and not held, and either abandoned by a
 * worker that died (lease expired) or never picked up within `requeueAfterMs`.
 */
export async function findLostWork(db: Db, requeueAfterMs: number, limit: number): Promise<{ id: string; lane: string }[]> {
  return db
    .select({ id: collections.id, lane: collections.lane })
    .from(collections)
    .where(
      and(
        isLive,
        // wake_at is null while a round runs; a future wake_at is a scheduled round or deadline
        or(isNull(collections.wakeAt), lte(collections.wakeAt, sql`now()`)),
        or(
          lt(collections.leaseUntil, sql`now()`),
          and(
            isNull(collections.leaseUntil),
            or(
              // created, but its first job was never sent (the process died in between)
              and(isNull(collections.enqueuedAt), lt(collections.createdAt, sql`now() - ${DISPATCH_GRACE_MS} * interval '1 millisecond'`)),
              lt(collections.enqueuedAt, sql`now() - ${requeueAfterMs} * interval '1 millisecond'`),
            ),
          ),
        ),
      ),
    )
    .limit(limit);
}

/**
 * Takes over the live collections leased by a worker that is gone: their lease carries the key of
 * a liveness lock no session holds (server/engine/liveness.ts). The lease ends and the job counts
 * as sent now; the caller sends it again. A collection whose lease changed meanwhile is left alone.
 */
export async function takeOverDeadOwners(db: Db, lockClass: number, limit: number): Promise<string[]> {
  const rows = await runPrepared(
    db,
    sql`
    with dead as (
      select c.id, c.lease_key from collections c
      where c.lease_owner is not null and c.status in ('CREATED', 'FETCHING') and c.lease_key is not null
        and not exists (
          select 1 from pg_locks l
          where l.locktype = 'advisory' and l.granted and l.objsubid = 2
            and l.database = (select oid from pg_database where datname = current_database())
            and l.classid = ${lockClass}::integer::oid and l.objid = c.lease_key::oid)
      limit ${limit}
      for update skip locked
    )
    update collections c set lease_owner = null, lease_until = null, enqueued_at = now()
    from dead where c.id = dead.id and c.lease_key = dead.lease_key and c.lease_owner is not null
    returning c.id`,
  );
  return rows.map((r) => String(r.id));
}

/** How long a created collection may wait for its first job to be sent before the sweeper sends it. */
export const DISPATCH_GRACE_MS = 3000;

/** The first jobs of these collections were sent. */
export async function markDispatched(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(collections)
    .set({ enqueuedAt: sql`now()` })
    .where(and(inArray(collections.id, ids), isNull(collections.enqueuedAt)));
}

export async function markEnqueued(db: Db, id: string): Promise<void> {
  await db
    .update(collections)
    .set({ enqueuedAt: new Date(), leaseUntil: null, leaseOwner: null })
    .where(and(eq(collections.id, id), isLive, leaseFree));
}
