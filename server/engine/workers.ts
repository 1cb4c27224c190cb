// The workers of this process: collection runs per lane (interactive and batch in separate
// queues, so a large batch never delays interactive work) and callback deliveries; and the
// sweeper, which fails expired collections and re-sends jobs lost to a crash.
import type { Services } from "../context";
import { inBackground, isBackgroundJob, QUEUES } from "../jobs/queue";
import { runCollection, runCollections } from "./runner";
import { findExpired, findLostWork, markDispatched, markEnqueued, takeOverDeadOwners } from "./store";
import { LIVENESS_LOCK_CLASS } from "./liveness";
import { purgeExpired } from "../datasets/cache";
import { fail, queueOf } from "./transitions";
import { inBatchLane } from "../db/client";
import type { Owners } from "./types";

export interface WorkerOptions {
  /** The hooks of every owner of collections (server/owners.ts). */
  owners: Owners;
  interactiveConcurrency?: number;
  batchConcurrency?: number;
  callbackConcurrency?: number;
  /** Extra workers registered by other parts (callbacks); returns their stop function. */
  extra?: (s: Services, concurrency: number) => Promise<() => Promise<void>>;
}

/**
 * Jobs a batch-lane worker fetches at once, run side by side as one group whose statements made
 * together go as one (server/engine/group.ts): a batch's jobs wait in a deep queue, and one fetch
 * and one completion for ten jobs instead of one each cut about 2 of an enrichment's statements,
 * the group's shared claim, answers and terminal statements about 2.7 more (docs/benchmarks.md,
 * v3-throughput). The interactive lane fetches one job at a time, so a job never waits behind
 * another in the same worker.
 */
export const BATCH_LANE_FETCH = 10;

/**
 * Background jobs (the demo seed's: server/jobs/queue.ts) of a batch worker's fetch run this many
 * at a time; between two steps the worker gives way to the user's batch work sent since its fetch:
 * it sends the rest back (background priority, so they come after) and fetches again.
 */
export const BACKGROUND_STEP = 4;

function jobId(data: Record<string, unknown>): string | null {
  // an invalid payload fails permanently: logged, not retried
  return typeof data.id === "string" && data.id.length > 0 && data.id.length < 100 ? data.id : null;
}

export async function startWorkers(s: Services, options: WorkerOptions): Promise<() => Promise<void>> {
  const { owners } = options;
  const run = async (data: Record<string, unknown>) => {
    const id = jobId(data);
    if (!id) return void s.log.error({ data: Object.keys(data) }, "invalid collection job payload dropped");
    await runCollection(s, owners, id);
  };
  await s.queue.work(QUEUES.interactive, options.interactiveConcurrency ?? 8, async (data) => {
    // background work (the demo's CNH and face cases) does not hold batch work back
    if (isBackgroundJob(data)) return inBackground(() => run(data));
    const release = s.priority.hold();
    try {
      await run(data);
    } finally {
      release();
    }
  });
  await s.queue.workGroups(
    QUEUES.batch,
    options.batchConcurrency ?? s.config.batchWorkers,
    async (jobs) => {
      const userSentAtFetch = s.queue.userJobsSent(QUEUES.batch);
      const ids: string[] = [];
      const backgroundIds: string[] = [];
      for (const data of jobs) {
        const id = jobId(data);
        if (id) (isBackgroundJob(data) ? backgroundIds : ids).push(id);
        else s.log.error({ data: Object.keys(data) }, "invalid collection job payload dropped");
      }
      // interactive work first (server/engine/lane-gate.ts): while it runs, or ended less than
      // 250 ms ago (more is likely to come), the fetch's collections start one at a time, each
      // after the gate, as they did before groups; with none, those left start together as one group, their statements made together sent as
      // one (group.ts). Each of their statements goes after the others waiting on PGlite
      // (server/db/client.ts). A collection that throws does not stop the others; pg-boss then
      // retries the fetch's jobs (a run is idempotent).
      let rest = [...new Set(ids)];
      let failure: unknown = null;
      while (rest.length > 0) {
        await s.priority.batchTurn();
        const now = s.priority.recentlyBusy ? rest.slice(0, 1) : rest;
        rest = rest.slice(now.length);
        await inBatchLane(() => runCollections(s, owners, now)).catch((error: unknown) => void (failure ??= error));
      }
      // then the background jobs (pg-boss fetched them after every other), a few at a time; when
      // the user sent batch work meanwhile, the rest go back to the queue behind it
      let left = [...new Set(backgroundIds)].filter((id) => !ids.includes(id));
      while (left.length > 0) {
        if (s.queue.userJobsSent(QUEUES.batch) !== userSentAtFetch) {
          const back = left;
          await inBackground(() =>
            s.queue.sendMany(
              QUEUES.batch,
              back.map((id) => ({ id })),
            ),
          );
          break;
        }
        await s.priority.batchTurn();
        const step = left.slice(0, s.priority.busy ? 1 : BACKGROUND_STEP);
        left = left.slice(step.length);
        await inBackground(() => inBatchLane(() => runCollections(s, owners, step))).catch((error: unknown) => void (failure ??= error));
      }
      if (failure) throw failure;
    },
    BATCH_LANE_FETCH,
  );
  const stopExtra = options.extra ? await options.extra(s, options.callbackConcurrency ?? 4) : async () => {};
  return stopExtra;
}

/**
 * The sweeper of this process, every `LUPA_SWEEP_INTERVAL_MS`: fails collections whose deadline
 * passed, re-sends work whose job was lost, runs each owner's own sweep, and once a minute deletes
 * the dataset cache's expired answers. Returns its stop function.
 */
export function startSweeper(s: Services, owners: Owners): () => Promise<void> {
  let current: Promise<void> | null = null;
  let purgedAt = 0;
  const timer = setInterval(() => {
    if (current) return;
    // expired dataset cache answers are never read (the read checks expires_at): deleting them
    // once a minute is enough, where the rest of the sweep runs every few seconds
    const purge = Date.now() - purgedAt >= CACHE_PURGE_INTERVAL_MS;
    current = sweep(s, owners, { purge })
      .then(() => {
        if (purge) purgedAt = Date.now();
      })
      .catch((err) => s.log.warn({ err }, "sweep failed"))
      .finally(() => {
        current = null;
      });
  }, s.config.schedules.sweepIntervalMs);
  // stopping waits for a sweep under way: its statements must not outlive the database
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/**
 * PostgreSQL: every `LUPA_LIVENESS_CHECK_MS`, takes over the collections leased by worker
 * processes that are gone (their liveness lock released: server/engine/liveness.ts) and sends
 * their jobs again, so their work resumes within a second or two instead of after the lease.
 */
export function startTakeover(s: Services): () => Promise<void> {
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = (async () => {
      for (const id of await takeOverDeadOwners(s.db, LIVENESS_LOCK_CLASS, 100)) {
        s.log.info({ collection: id }, "took over a collection whose worker is gone");
        // on the interactive queue whatever its lane: a batch worker holds ten fetched jobs and
        // would start this one only after them; these are a few collections already under way
        await s.queue.send(QUEUES.interactive, { id });
      }
    })()
      .catch((err) => s.log.warn({ err }, "takeover check failed"))
      .finally(() => {
        current = null;
      });
  }, s.config.schedules.livenessCheckMs);
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/** How often a worker process deletes the dataset cache's expired answers. */
export const CACHE_PURGE_INTERVAL_MS = 60_000;

export async function sweep(s: Services, owners: Owners, options: { purge: boolean } = { purge: true }): Promise<void> {
  for (const id of await findExpired(s.db, 100)) await fail(s, owners, id, "deadline_exceeded");
  const requeueAfterMs = Math.max(s.config.schedules.leaseMs * 2, 60_000);
  for (const { id, lane } of await findLostWork(s.db, requeueAfterMs, 100)) {
    await markEnqueued(s.db, id);
    await s.queue.send(queueOf(lane), { id });
  }
  for (const hooks of Object.values(owners)) await hooks.sweep?.(s);
  if (options.purge) await purgeExpired(s.db); // the dataset cache's expired answers
}

/** Sends the first job of a collection that was just created (after its transaction committed). */
export async function dispatch(s: Services, id: string, lane: string): Promise<void> {
  await s.queue.send(queueOf(lane), { id });
  await markDispatched(s.db, [id]);
}

/** The first jobs of many collections of one lane, in one statement (a batch). */
export async function dispatchMany(s: Services, ids: string[], lane: string): Promise<void> {
  await s.queue.sendMany(
    queueOf(lane),
    ids.map((id) => ({ id })),
  );
  await markDispatched(s.db, ids);
}
