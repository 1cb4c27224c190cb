// Monitoring runs (issue 32, item 4; docs/monitoring.md, docs/decisions.md "Monitoring runs"): a
// run compares one workspace's watched documents with one release of one source (sanctions or
// registry) and opens an alert per change. One run row per workspace × source × release
// (monitoring_runs); each import that ends queues one per workspace as a pg-boss job
// (queueRuns + sendRuns; `npm run admin -- monitoring-run` too).
//
// A run walks the watched documents in national_id order, a batch at a time. Each batch's alerts
// (insert ... on conflict do nothing on the alerts' unique key; dismissed pairs left out),
// snapshots, the cases' checkedAgainst, the run's counters and the batch's range (its documents
// (after, last], monitoring_run_ranges) commit in one transaction. Up to `concurrency` batches
// commit at once (PostgreSQL: LUPA_MONITORING_CONCURRENCY, default 3; PGlite: 1), while the next
// batch is read: a run's progress is the set of its committed ranges, and a run killed half-way
// resumes by comparing only the gaps between them (no document skipped, none compared twice; a
// committed range is refused a second time by its primary key). Each start or resume takes the run
// over (monitoring_runs.runner), and a batch commits only while its process still holds the run, so
// two processes on the same run cannot compare the same documents.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { monitoringAlerts, monitoringRuns } from "../db/schema";
import { rowMapper, rowsOf } from "../db/rows";
import { inBackground, JobQueue, QUEUES } from "../jobs/queue";
import { inBatchLane, type Database } from "../db/client";
import type { Logger } from "../support/logger";
import type { MonitoringRun, MonitoringSettings, RunSource } from "../../lib/contract/monitoring";
import { maskDocument } from "../../lib/contract/documents";
import { recordEvents } from "../review/audit/record";
import { readSettings } from "../review/settings/store";
import { toAlerts } from "./alerts";
import { armAlertCallbacks, sendAlertCallbacks } from "./callbacks";
import { routeAlert } from "../routing/route";
import {
  canonical,
  changesOf,
  registryFacts,
  sameFacts,
  sanctionedBases,
  sanctionsFacts,
  type Change,
  type Compared,
  type RegistryFacts,
  type SanctionsFacts,
  type WatchedDoc,
} from "./facts";
import { latestSanctionsRelease, liveRegistryRelease, toRun } from "./status";
import { watchedSql } from "./watch";

/** Documents per batch (one transaction each). */
export const RUN_BATCH = 5000;

/** Batches committed at once on PostgreSQL when LUPA_MONITORING_CONCURRENCY is not set. */
export const DEFAULT_RUN_CONCURRENCY = 3;

/**
 * Batches a run commits at once: PGlite 1 (one connection); PostgreSQL LUPA_MONITORING_CONCURRENCY
 * (1 to 16, default 3), each taking a connection of the pool beside the one reading the next batch,
 * so the service's requests keep the rest of the pool.
 */
export function runConcurrency(kind: Database["kind"], env: NodeJS.ProcessEnv = process.env): number {
  if (kind === "pglite") return 1;
  const n = Number(env.LUPA_MONITORING_CONCURRENCY || DEFAULT_RUN_CONCURRENCY);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 16) : DEFAULT_RUN_CONCURRENCY;
}

type AlertRow = typeof monitoringAlerts.$inferSelect;
const toAlertRow = rowMapper<AlertRow>(monitoringAlerts);

export class RunConflict extends Error {}

/** The source's release a run compares with now (registry: the live one; sanctions: the lists imported). */
async function currentRelease(db: Db, source: RunSource): Promise<{ release: string; schema: string | null } | null> {
  if (source === "registry") return liveRegistryRelease(db);
  const release = await latestSanctionsRelease(db);
  return release ? { release, schema: null } : null;
}

/**
 * Queues a run of `source`'s current release for every workspace (after an import, or by hand):
 * a new run; a done run of the same release starts over (a re-import compares again, and opens
 * nothing new: the snapshots hold the release's facts); a failed one resumes from its checkpoint;
 * a queued or running one is left as it is. Answers the runs to send.
 */
export async function queueRuns(db: Db, source: RunSource, workspaceId?: string): Promise<{ release: string | null; ids: string[] }> {
  const current = await currentRelease(db, source);
  if (!current) return { release: null, ids: [] };
  await db.transaction(async (tx) => {
    // a done run starts over: its committed ranges go with its counters
    await tx.execute(sql`delete from monitoring_run_ranges where run_id in (select id from monitoring_runs
      where source = ${source} and release = ${current.release} and state = 'done'
      ${workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``})`);
    await tx.execute(sql`
      insert into monitoring_runs (id, workspace_id, source, release, state)
      select gen_random_uuid(), w.id, ${source}, ${current.release}, 'queued' from workspaces w
      ${workspaceId ? sql`where w.id = ${workspaceId}` : sql``}
      on conflict (workspace_id, source, release) do update set
        state = 'queued',
        error = null,
        ended_at = null,
        started_at = case when monitoring_runs.state = 'done' then now() else monitoring_runs.started_at end,
        checkpoint = case when monitoring_runs.state = 'done' then null else monitoring_runs.checkpoint end,
        watched = case when monitoring_runs.state = 'done' then 0 else monitoring_runs.watched end,
        checked = case when monitoring_runs.state = 'done' then 0 else monitoring_runs.checked end,
        unchecked = case when monitoring_runs.state = 'done' then 0 else monitoring_runs.unchecked end,
        unchecked_reasons = case when monitoring_runs.state = 'done' then '{}'::jsonb else monitoring_runs.unchecked_reasons end,
        alerts = case when monitoring_runs.state = 'done' then 0 else monitoring_runs.alerts end
      where monitoring_runs.state in ('done', 'failed')`);
  });
  const queued = rowsOf(
    await db.execute(sql`select id from monitoring_runs where source = ${source} and release = ${current.release}
      and state in ('queued', 'running') ${workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``} order by id`),
  );
  return { release: current.release, ids: queued.map((r) => String(r.id)) };
}

export async function sendRuns(queue: JobQueue, ids: string[]): Promise<void> {
  if (ids.length)
    await queue.sendMany(
      QUEUES.monitoring,
      ids.map((id) => ({ id })),
    );
}

/** The next batch of watched documents after `after` (in national_id order), up to `upTo` (inclusive) when given. */
async function nextBatch(
  db: Db,
  workspaceId: string,
  m: MonitoringSettings,
  source: RunSource,
  after: string,
  upTo: string | null,
  limit: number,
) {
  const rows = rowsOf(
    await db.execute(sql`
      select v.national_id,
        (array_agg(v.id::text order by v.created_at desc, v.id desc))[1] as case_id,
        array_agg(v.id::text) as case_ids,
        (array_agg(v.name order by v.created_at desc) filter (where coalesce(trim(v.name), '') <> ''))[1] as name
      from verifications v left join monitoring_cases mc on mc.verification_id = v.id
      where v.workspace_id = ${workspaceId} and v.national_id > ${after} ${upTo === null ? sql`` : sql`and v.national_id <= ${upTo}`}
        and ${watchedSql(m, source)}
      group by v.national_id
      order by v.national_id
      limit ${limit}`),
  );
  return rows.map((r): WatchedDoc => ({
    nationalId: String(r.national_id),
    caseId: String(r.case_id),
    caseIds: (r.case_ids as string[]).map(String),
    name: (r.name as string | null) ?? null,
  }));
}

async function countWatched(db: Db, workspaceId: string, m: MonitoringSettings, source: RunSource): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`select count(distinct v.national_id)::int as n
      from verifications v left join monitoring_cases mc on mc.verification_id = v.id
      where v.workspace_id = ${workspaceId} and ${watchedSql(m, source)}`),
  );
  return Number(row?.n ?? 0);
}

export interface RunOptions {
  batchSize?: number;
  /** Batches committed at once (default: runConcurrency of the database, else 1). */
  concurrency?: number;
  /** Tests: throw after this many committed batches (a process killed half-way). */
  stopAfterBatches?: number;
  /**
   * Tests: these batches (0-based, in the order they are read) roll back in their transaction, as
   * if the process died while they were committing; the others commit, and the run then stops with
   * an error, leaving gaps between its committed ranges.
   */
  failBatches?: number[];
  /** Tests: awaited before each batch's transaction. */
  beforeCommit?: () => Promise<void>;
  today?: Date;
  /** Benchmarks: milliseconds spent per step, added up over the batches. */
  trace?: Record<string, number>;
}

export interface RunDeps {
  db: Db;
  log?: Logger;
  /** Sends the callbacks' first attempts after each commit (without it the callbacks' sweep does). */
  queue?: JobQueue | null;
  /** Batches committed at once when the options do not say (runConcurrency). */
  concurrency?: number;
}

/** A committed batch of a run: the documents (afterId, lastId]. */
interface Range {
  afterId: string;
  lastId: string;
}

/** The committed ranges of a run, in order; a run stopped before migration 0097 had one checkpoint: ("", checkpoint]. */
async function rangesOf(db: Db, run: { id: string; checkpoint: string | null }): Promise<Range[]> {
  const rows = rowsOf(await db.execute(sql`select after_id, last_id from monitoring_run_ranges where run_id = ${run.id}`));
  // in the order nextBatch walks the documents (digits only: the same in every collation)
  const ranges = rows
    .map((r) => ({ afterId: String(r.after_id), lastId: String(r.last_id) }))
    .sort((a, b) => (a.afterId < b.afterId ? -1 : a.afterId > b.afterId ? 1 : 0));
  if (ranges.length === 0 && run.checkpoint !== null) return [{ afterId: "", lastId: run.checkpoint }];
  return ranges;
}

/** The gaps between committed ranges, (after, upTo] (upTo null: to the end), the documents a run still compares. */
export function gapsOf(ranges: Range[]): { after: string; upTo: string | null }[] {
  const gaps: { after: string; upTo: string | null }[] = [];
  let cursor = "";
  for (const r of ranges) {
    if (r.afterId > cursor) gaps.push({ after: cursor, upTo: r.afterId });
    if (r.lastId > cursor) cursor = r.lastId;
  }
  gaps.push({ after: cursor, upTo: null });
  return gaps;
}

const isDeadlock = (error: unknown) => {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "40P01" || code === "40001";
};

async function readRun(db: Db, id: string) {
  const [row] = await db.select().from(monitoringRuns).where(eq(monitoringRuns.id, id));
  return row ?? null;
}

async function fail(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(monitoringRuns)
    .set({ state: "failed", error: error.slice(0, 500), endedAt: new Date() })
    .where(and(eq(monitoringRuns.id, id), sql`${monitoringRuns.state} in ('queued', 'running')`));
}

/** Runs (or resumes) one run to its end; answers it as the status shows it. */
export async function runMonitoring(deps: RunDeps, id: string, options: RunOptions = {}): Promise<MonitoringRun | null> {
  const { db } = deps;
  const run = await readRun(db, id);
  if (!run) return null;
  if (run.state === "done" || run.state === "failed") return toRunOf(run);
  const source = run.source as RunSource;
  const current = await currentRelease(db, source);
  if (!current || current.release !== run.release) {
    await fail(db, id, `superseded: the ${source} release compared is no longer the latest (${current?.release ?? "none"})`);
    return toRunOf((await readRun(db, id))!);
  }
  const { monitoring } = await readSettings(db, run.workspaceId);
  // take the run over: a batch of another process still holding it commits no more once this commits
  const runner = randomUUID();
  const fresh = run.state === "queued" && run.checkpoint === null && (await rangesOf(db, run)).length === 0;
  const watched = fresh ? await countWatched(db, run.workspaceId, monitoring, source) : run.watched;
  const [claimed] = await db
    .update(monitoringRuns)
    .set({ state: "running", runner, watched, ...(fresh ? { startedAt: new Date() } : {}) })
    .where(and(eq(monitoringRuns.id, id), sql`${monitoringRuns.state} in ('queued', 'running')`))
    .returning();
  if (!claimed) return toRunOf((await readRun(db, id))!);
  // read after the takeover: every range committed before it is seen, none after it can commit
  const gaps = gapsOf(await rangesOf(db, claimed));

  const batchSize = options.batchSize ?? RUN_BATCH;
  const concurrency = Math.max(1, options.concurrency ?? deps.concurrency ?? 1);
  const sanctioned = source === "registry" ? await sanctionedBases(db, options.today) : new Set<string>();
  const trace = options.trace;
  const stepper = () => {
    let at = performance.now();
    return (name: string) => {
      if (!trace) return;
      const now = performance.now();
      trace[name] = (trace[name] ?? 0) + (now - at);
      at = now;
    };
  };
  const step = stepper();
  // the next batch's documents, gap by gap (a fresh run has one gap: everything)
  let gap = 0;
  let after = gaps[0]!.after;
  const nextDocs = async (): Promise<{ after: string; docs: WatchedDoc[] } | null> => {
    while (gap < gaps.length) {
      const { upTo } = gaps[gap]!;
      const docs = await nextBatch(db, run.workspaceId, monitoring, source, after, upTo, batchSize);
      if (docs.length) {
        const from = after;
        after = docs.at(-1)!.nationalId;
        return { after: from, docs };
      }
      if (++gap < gaps.length) after = gaps[gap]!.after;
    }
    return null;
  };
  const factsOf = (docs: WatchedDoc[]): Promise<Compared<RegistryFacts | SanctionsFacts>[]> =>
    source === "registry" ? registryFacts(db, current.schema!, docs, sanctioned) : sanctionsFacts(db, docs, options.today);

  // up to `concurrency` batches commit at once; the next one's documents and facts are read meanwhile
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  let read = 0;
  let committed = 0;
  for (;;) {
    step("other");
    const batch = await nextDocs();
    if (!batch) break;
    const index = read++;
    const facts = factsOf(batch.docs);
    facts.catch(() => {}); // awaited by its commit; a run that stops first drops it
    step("read");
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    step("read (waited for a commit)");
    if (failure) break;
    const work = (async () => {
      const compared = await facts;
      const range = { afterId: batch.after, lastId: batch.docs.at(-1)!.nationalId };
      if (options.failBatches?.includes(index)) {
        // the test's dying transaction: rolled back, and the run goes on with the next batches
        await commitBatch(db, claimed, runner, compared, range, stepper(), true).catch(() => {});
        return;
      }
      let deliveries: string[] = [];
      for (let attempt = 1; ; attempt++) {
        try {
          await options.beforeCommit?.();
          deliveries = await commitBatch(db, claimed, runner, compared, range, stepper());
          break;
        } catch (error) {
          // two batches' alerts routed by the same rules in another order: one is rolled back, and tried again
          if (!isDeadlock(error) || attempt === 3) throw error;
        }
      }
      await sendAlertCallbacks({ queue: deps.queue!, log: deps.log! }, deps.queue ? deliveries : []);
      if (++committed === options.stopAfterBatches) throw new Error(`stopped after ${committed} batch(es) (test)`);
    })()
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  if (options.failBatches?.length) throw new Error(`batches ${options.failBatches.join(", ")} rolled back (test)`);
  await db
    .update(monitoringRuns)
    .set({ state: "done", endedAt: new Date() })
    .where(and(eq(monitoringRuns.id, id), eq(monitoringRuns.state, "running"), eq(monitoringRuns.runner, runner)));
  const done = (await readRun(db, id))!;
  if (done.state !== "done") throw new RunConflict(`run ${id}: another process took it over`);
  deps.log?.info({ run: id, source, release: done.release, checked: done.checked, alerts: done.alerts }, "monitoring run done");
  return toRunOf(done);
}

type RunRow = typeof monitoringRuns.$inferSelect;

function toRunOf(r: RunRow): MonitoringRun {
  return toRun({
    id: r.id,
    source: r.source,
    release: r.release,
    watched: r.watched,
    checked: r.checked,
    unchecked: r.unchecked,
    unchecked_reasons: r.uncheckedReasons,
    alerts: r.alerts,
    started_at: r.startedAt,
    ended_at: r.endedAt,
    state: r.state,
  });
}

/** One batch in one transaction; answers the callback deliveries to send after the commit. */
async function commitBatch(
  db: Db,
  run: RunRow,
  runner: string,
  compared: Compared<RegistryFacts | SanctionsFacts>[],
  range: Range,
  step: (name: string) => void = () => {},
  rollBack = false,
): Promise<string[]> {
  const ws = run.workspaceId;
  const source = run.source as RunSource;
  const checked = compared.filter((c): c is { doc: WatchedDoc; facts: RegistryFacts | SanctionsFacts } => "facts" in c);
  const unchecked = compared.filter((c): c is { doc: WatchedDoc; reason: "not_in_registry" | "no_name" } => "reason" in c);
  return db
    .transaction(async (tx) => {
      const snapshots = new Map<string, unknown>();
      if (checked.length) {
        const rows = rowsOf(
          await tx.execute(sql`select national_id, facts from monitoring_snapshots where workspace_id = ${ws} and source = ${source}
          and national_id = any(${sql.param(checked.map((c) => c.doc.nationalId))}::text[])`),
        );
        for (const r of rows) snapshots.set(String(r.national_id), typeof r.facts === "string" ? JSON.parse(r.facts) : r.facts);
      }
      step("commit.snapshots-read");
      const changes: Change[] = [];
      const newSnapshots: { national_id: string; facts: unknown }[] = [];
      for (const c of checked) {
        const before = snapshots.get(c.doc.nationalId) ?? null;
        changes.push(...changesOf(c.doc, before, c.facts));
        // sanctions have no baseline: no sanction and no snapshot are the same thing, and write nothing
        const empty = c.facts.type === "sanctions" && Object.keys(c.facts.sanctions).length === 0;
        if (before === null ? !empty : !sameFacts(before, c.facts))
          newSnapshots.push({ national_id: c.doc.nationalId, facts: JSON.parse(canonical(c.facts)) });
      }

      let opened: AlertRow[] = [];
      if (changes.length) {
        const json = JSON.stringify(
          changes.map((ch) => ({
            case_id: ch.doc.caseId,
            national_id: ch.doc.nationalId,
            kind: ch.kind,
            before: ch.before,
            after: ch.after,
            after_key: ch.afterKey,
            confidence: ch.confidence,
          })),
        );
        opened = rowsOf(
          await tx.execute(sql`
          insert into monitoring_alerts (id, workspace_id, verification_id, national_id, source, kind, before, after, after_key, release, confidence)
          select gen_random_uuid(), ${ws}, r.case_id, r.national_id, ${source}, r.kind, r.before, r.after, r.after_key, ${run.release}, r.confidence
          from jsonb_to_recordset(${json}::jsonb)
            as r(case_id uuid, national_id text, kind text, before jsonb, after jsonb, after_key text, confidence text)
          where not exists (select 1 from monitoring_dismissals d where d.workspace_id = ${ws}
            and d.national_id = r.national_id and d.kind = r.kind and d.after_key = r.after_key)
          on conflict (workspace_id, national_id, kind, after_key, release) do nothing
          returning *`),
        ).map(toAlertRow);
        await recordEvents(
          tx,
          opened.map((a) => ({
            workspaceId: ws,
            type: "alert.opened" as const,
            actor: null,
            caseId: a.verificationId,
            data: { alertId: a.id, source, kind: a.kind, document: maskDocument(a.nationalId), release: run.release },
          })),
        );
        // routing (server/routing): each new alert finds its analyst by the workspace's rules, in this transaction
        for (const a of opened) await routeAlert(tx, ws, a.id, a.verificationId);
      }
      const deliveries = opened.length ? await armAlertCallbacks(tx, ws, "alert.opened", await toAlerts(tx, opened)) : [];
      step("commit.alerts");

      if (newSnapshots.length)
        await tx.execute(sql`
        insert into monitoring_snapshots (workspace_id, source, national_id, release, facts, taken_at)
        select ${ws}, ${source}, r.national_id, ${run.release}, r.facts, now()
        from jsonb_to_recordset(${JSON.stringify(newSnapshots)}::jsonb) as r(national_id text, facts jsonb)
        on conflict (workspace_id, source, national_id) do update
          set release = excluded.release, facts = excluded.facts, taken_at = excluded.taken_at`);

      step("commit.snapshots-write");
      const checkedColumn = sql.raw(source === "registry" ? "checked_registry" : "checked_sanctions");
      const checkedIds = checked.flatMap((c) => c.doc.caseIds);
      if (checkedIds.length)
        await tx.execute(sql`
        insert into monitoring_cases (verification_id, workspace_id, last_checked_at, ${checkedColumn})
        select id, ${ws}::uuid, now(), ${run.release} from unnest(${sql.param(checkedIds)}::uuid[]) as id
        on conflict (verification_id) do update set last_checked_at = excluded.last_checked_at,
          ${checkedColumn} = excluded.${checkedColumn}, unchecked = monitoring_cases.unchecked - ${source}::text`);
      if (unchecked.length) {
        const json = JSON.stringify(unchecked.flatMap((u) => u.doc.caseIds.map((id) => ({ id, reason: u.reason }))));
        await tx.execute(sql`
        insert into monitoring_cases (verification_id, workspace_id, unchecked)
        select r.id, ${ws}, jsonb_build_object(${source}::text, jsonb_build_object('release', ${run.release}::text, 'reason', r.reason))
        from jsonb_to_recordset(${json}::jsonb) as r(id uuid, reason text)
        on conflict (verification_id) do update set unchecked = coalesce(monitoring_cases.unchecked, '{}'::jsonb) || excluded.unchecked`);
      }

      step("commit.cases");
      if (rollBack) throw new Error(`batch (${range.afterId}, ${range.lastId}] rolled back (test)`);
      const range_ = rowsOf(
        await tx.execute(sql`insert into monitoring_run_ranges (run_id, after_id, last_id) values (${run.id}, ${range.afterId}, ${range.lastId})
          on conflict (run_id, after_id) do nothing returning run_id`),
      );
      if (range_.length === 0) throw new RunConflict(`run ${run.id}: the batch after ${range.afterId} was already committed (rolled back)`);
      const reasons: Record<string, number> = {};
      for (const u of unchecked) reasons[u.reason] = (reasons[u.reason] ?? 0) + 1;
      // the run's row last, so its lock is held only until the commit: parallel batches add to it in turn
      const updated = await tx
        .update(monitoringRuns)
        .set({
          checked: sql`${monitoringRuns.checked} + ${checked.length}`,
          unchecked: sql`${monitoringRuns.unchecked} + ${unchecked.length}`,
          uncheckedReasons: sql`(select coalesce(jsonb_object_agg(key, total), '{}'::jsonb) from (
            select key, sum(value::int) as total from (
              select * from jsonb_each_text(${monitoringRuns.uncheckedReasons})
              union all select * from jsonb_each_text(${JSON.stringify(reasons)}::jsonb)) as each_reason group by key) as reasons)`,
          alerts: sql`${monitoringRuns.alerts} + ${opened.length}`,
        })
        .where(and(eq(monitoringRuns.id, run.id), eq(monitoringRuns.state, "running"), eq(monitoringRuns.runner, runner)))
        .returning({ id: monitoringRuns.id });
      if (updated.length === 0) throw new RunConflict(`run ${run.id}: another process took it over (this batch is rolled back)`);
      return deliveries;
    })
    .finally(() => step("commit.run+commit"));
}

/** Registers this process's monitoring run worker (one run at a time); queued runs whose job was lost are sent again at start. */
export async function monitoringWorkers(s: {
  db: Db;
  database: Pick<Database, "kind">;
  queue: JobQueue;
  log: Logger;
}): Promise<() => Promise<void>> {
  const concurrency = runConcurrency(s.database.kind);
  await s.queue.work(QUEUES.monitoring, 1, async (data) => {
    const id = typeof data.id === "string" && /^[0-9a-f-]{36}$/.test(data.id) ? data.id : null;
    if (!id) return void s.log.error({ data: Object.keys(data) }, "invalid monitoring run job payload dropped");
    try {
      // background work in the batch lane, as the rules' backtests: people's requests come first
      await inBackground(() => inBatchLane(() => runMonitoring({ ...s, concurrency }, id)));
    } catch (err) {
      if (err instanceof RunConflict) return void s.log.info({ run: id }, err.message);
      s.log.warn({ err, run: id }, "monitoring run failed");
      await fail(s.db, id, String((err as Error)?.message ?? err).split("\n")[0]!);
    }
  });
  const lost = rowsOf(await s.db.execute(sql`select id from monitoring_runs where state = 'queued' order by started_at limit 1000`));
  await sendRuns(
    s.queue,
    lost.map((r) => String(r.id)),
  ).catch((err: unknown) => s.log.warn({ err }, "queued monitoring runs not sent again"));
  return async () => {};
}

/**
 * After an import (server/admin/cli.ts): queues the source's runs and sends their jobs, for the
 * service's workers to run. The runs are rows first: a job lost here is sent again when a worker
 * starts (monitoringWorkers), and `npm run admin -- monitoring-run` runs them by hand.
 */
export async function queueAfterImport(
  database: Database,
  source: RunSource,
  log: Logger,
): Promise<{ release: string | null; runs: number }> {
  const { release, ids } = await queueRuns(database.db, source);
  if (ids.length === 0) return { release, runs: 0 };
  const queue = new JobQueue(database, log);
  try {
    await queue.start();
    await sendRuns(queue, ids);
  } finally {
    await queue.close();
  }
  return { release, runs: ids.length };
}
