// Runs a collection as far as it can go now. Called by the queue's workers with a collection id;
// safe to call twice or concurrently (the lease admits one worker), and safe to interrupt at any
// point: module results are saved as they arrive, and a collection whose worker died is taken
// over by another once its lease expires (see the sweep in workers.ts). The owners' hooks are
// those the workers were started with (startWorkers).
import { randomUUID } from "node:crypto";
import type { Services } from "../context";
import { collectModule, type ModuleResult } from "./collect-module";
import { hooksFor } from "./owners";
import { answerWriter, type AnswerWriter } from "./answer-writer";
import { claim, type Claimed, handBack, loadModules, releaseLease, renewLease, resetFailedModules, updateLiveCollection } from "./store";
import { afterFailedRound, complete, fail } from "./transitions";
import { loadModulesWithCache, modulesFromJson, modulesWithCacheSql } from "../datasets/cache";
import type { Collection, ModuleRun, OwnerStep, Owners } from "./types";
import type { Entity, FanOutParties } from "../datasets/types";
import { cachedFits, fanOutParties, sourceOfAnswer } from "../datasets/sources";
import type { Liveness } from "./liveness";
import { currentGroup, inRunGroup, RunGroup } from "./group";

export const WORKER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * The collections the workers of one set of services run now, the signal that stops them, and
 * the liveness lock their leases carry (PostgreSQL; null on the embedded database).
 */
interface Running {
  ids: Set<string>;
  stopping: AbortController;
  liveness: Liveness | null;
}
const runningBy = new WeakMap<Services, Running>();
function runningOf(s: Services): Running {
  let r = runningBy.get(s);
  if (!r) runningBy.set(s, (r = { ids: new Set(), stopping: new AbortController(), liveness: null }));
  return r;
}

/** The liveness lock this process's leases carry from now on (server/engine/liveness.ts). */
export function useLiveness(s: Services, liveness: Liveness | null): void {
  runningOf(s).liveness = liveness;
}

/** Collections these services' workers are running now. */
export function runningCollections(s: Services): string[] {
  return [...runningOf(s).ids];
}

/**
 * Stops the collections still running (the workers are stopping): each stops where it is, its
 * answers so far saved, and is handed back (lease cleared, job due again) without a state change,
 * so another worker resumes it at once. A job that starts after this fails, and is retried.
 */
export function stopRunning(s: Services): void {
  runningOf(s).stopping.abort();
}

export async function runCollection(s: Services, owners: Owners, id: string): Promise<void> {
  const { ids: running, stopping, liveness } = runningOf(s);
  if (stopping.signal.aborted) throw new Error("the workers are stopping");
  // the lease carries the key of the lock that says this process is alive; while it holds none
  // (reconnecting) it takes no collection: the job fails and is retried
  const leaseKey = liveness ? liveness.key() : null;
  if (liveness && leaseKey === null) throw new Error("no liveness lock: the database connection is being restored");
  const lost = liveness ? liveness.lost() : null;
  // the claim reads the modules and their cached answers too, when nothing comes before collecting
  // (in a batch worker's group: one claim statement for the group's collections, group.ts)
  const group = currentGroup(s.db);
  let claimedAt = new Date();
  let taken: Claimed | null;
  if (group) {
    ({ taken, claimedAt } = await group.claim.call({
      id,
      worker: WORKER_ID,
      leaseMs: s.config.schedules.leaseMs,
      startOwners: ownersStartingAtClaim(owners),
      modules: modulesWithCacheSql,
      leaseKey,
    }));
  } else {
    const at = claimedAt;
    taken = await claim(
      s.db,
      id,
      WORKER_ID,
      s.config.schedules.leaseMs,
      ownersStartingAtClaim(owners),
      (c) => modulesWithCacheSql(c, at),
      leaseKey,
    );
  }
  if (!taken) return;
  const claimed = taken.collection;
  running.add(id);
  const heartbeat = setInterval(
    () => {
      renewLease(s.db, id, WORKER_ID, s.config.schedules.leaseMs).catch((err) => s.log.warn({ err }, "lease renewal failed"));
    },
    Math.max(50, Math.floor(s.config.schedules.leaseMs / 3)),
  );
  const deadline = new AbortController();
  // stopped by its deadline, by the workers stopping, or by the loss of the liveness lock its
  // lease carries (another worker may take it over from then on)
  const signal = AbortSignal.any([deadline.signal, stopping.signal, ...(lost ? [lost] : [])]);
  let deadlineTimer: NodeJS.Timeout | undefined;
  // a terminal transition clears the lease in its own statement: no release after it
  let ended = false;
  try {
    const now = Date.now();
    if (claimed.deadlineAt && claimed.deadlineAt.getTime() <= now) {
      await fail(s, owners, id, "deadline_exceeded");
      ended = true;
      return;
    }
    if (claimed.nextRetryAt && claimed.nextRetryAt.getTime() > now) return; // early: its job comes later
    if (claimed.deadlineAt) deadlineTimer = setTimeout(() => deadline.abort(), claimed.deadlineAt.getTime() - now);
    await interactiveFirst(s);
    const c = await begin(s, owners, claimed);
    if (!c) return;
    const read = c === claimed && taken.modules ? modulesFromJson(s.config.datasetCacheTtl, taken.modules, claimedAt) : undefined;
    ended = await collect(s, owners, c, signal, deadline.signal, read);
  } finally {
    clearTimeout(deadlineTimer);
    clearInterval(heartbeat);
    running.delete(id);
    if (!ended)
      await (stopping.signal.aborted || lost?.aborted ? handBack(s.db, [id], WORKER_ID) : releaseLease(s.db, id, WORKER_ID)).catch(
        () => {},
      );
  }
}

/**
 * In a batch worker's group (group.ts), while this process answers interactive work: waits for the
 * lane gate (lane-gate.ts: until no interactive work is left, or LUPA_BATCH_YIELD_MS at most)
 * before the group's next step (after the claim, before the modules' wave, before the terminal
 * statement), so a unit request arriving while a group of ten runs waits for one step of it, not
 * for the whole group (issue 28, item 11: the unit POST's p99 during a batch). The group's
 * collections wait on the same gate and go on in the same turn, so their statements still go
 * together. Outside a group, or with no interactive work, it returns at once.
 */
async function interactiveFirst(s: Services): Promise<void> {
  if (s.priority.busy && currentGroup(s.db)) await s.priority.batchTurn();
}

/** Owners without an onFetching hook: their collections move to FETCHING in the claim itself. */
function ownersStartingAtClaim(owners: Owners): string[] {
  return Object.entries(owners)
    .filter(([, hooks]) => !hooks.onFetching)
    .map(([owner]) => owner);
}

/** CREATED → FETCHING, or the start of a recovery round (only failed modules run again). */
async function begin(s: Services, owners: Owners, c: Collection): Promise<Collection | null> {
  if (c.status === "CREATED") {
    return s.db.transaction(async (tx) => {
      const updated = await updateLiveCollection(tx, c.id, { status: "FETCHING", startedAt: new Date(), wakeAt: null });
      if (updated) await hooksFor(owners, updated.owner).onFetching?.(tx, updated);
      return updated;
    });
  }
  if (!c.nextRetryAt) return c; // resumed after a crash, inside the same round
  return s.db.transaction(async (tx) => {
    await resetFailedModules(tx, c.id);
    return updateLiveCollection(tx, c.id, { recoveryRound: c.recoveryRound + 1, nextRetryAt: null, wakeAt: null });
  });
}

/** Returns true when the collection is terminal at the end (the terminal transition cleared the lease). */
async function collect(
  s: Services,
  owners: Owners,
  c: Collection,
  signal: AbortSignal,
  deadline: AbortSignal,
  read?: Awaited<ReturnType<typeof loadModulesWithCache>>,
): Promise<boolean> {
  // the modules, and the dataset cache's fresh answers for those left (unless force), in one read
  // (already done by the claim when the collection went straight to collecting)
  const { modules, cached } = read ?? (await loadModulesWithCache(s.db, s.config.datasetCacheTtl, c));
  const steps = hooksFor(owners, c.owner).steps ?? {};
  const entity = c.entity as Entity;
  // a cached answer stands only for the provider asked now (a fan-out: for the same parties)
  const fits = (m: ModuleRun, parties?: FanOutParties) => {
    const hit = cached.get(m.dataset);
    return hit && cachedFits(s.provider, entity, m.module, sourceOfAnswer(m.module, hit.source, hit.data)!, parties) ? hit : undefined;
  };
  const profile = modules.find((m) => m.module === "profile");
  let profileAnswer =
    profile?.status === "ok" ? { data: profile.data, source: sourceOfAnswer("profile", profile.source, profile.data) } : undefined;
  if (profile && profile.status !== "ok") {
    const result = await collectModule(s, c, profile, signal, { cached: fits(profile) });
    if (result.kind === "not_found") {
      await complete(s, owners, c.id, "subject_not_found");
      return true;
    }
    if (result.kind !== "ok") return settle(s, owners, c, [result], deadline);
    profileAnswer = result.answer;
  }
  const rest = modules.filter((m) => m.module !== "profile" && m.status !== "ok" && !steps[m.module]);
  await interactiveFirst(s);
  // the wave's answers that arrive together are written together (answerWriter); when no local
  // step follows, the answers that complete the wave go with the terminal state instead
  const stepsFollow = modules.some((m) => Object.hasOwn(steps, m.module) && m.status !== "ok");
  const writer = answerWriter(s.db, c, stepsFollow ? 0 : rest.length);
  const results: ModuleResult[] = await Promise.all(
    rest.map((m) => {
      const parties = fanOutParties(s.provider, entity, m.module, profileAnswer);
      return collectModule(s, c, m, signal, { cached: fits(m, parties), save: writer.save, ...(parties ? { parties } : {}) });
    }),
  );
  if (!results.some((r) => r.kind !== "ok" && r.kind !== "not_found")) results.push(...(await runSteps(s, c, steps, signal)));
  return settle(s, owners, c, results, deadline, writer);
}

/** The owner's local steps planned for this collection, after its dataset modules, one at a time. */
async function runSteps(s: Services, c: Collection, steps: Record<string, OwnerStep>, signal: AbortSignal): Promise<ModuleResult[]> {
  const results: ModuleResult[] = [];
  for (const [name, step] of Object.entries(steps)) {
    const m = (await loadModules(s.db, c.id)).find((run) => run.module === name);
    if (!m || m.status === "ok") continue;
    if (step.enter) await s.db.transaction((tx) => step.enter!(tx, c));
    const result = await collectModule(s, c, m, signal, {
      fetch: async () => {
        try {
          return await step.run(s, c, await loadModules(s.db, c.id), signal);
        } catch (error) {
          s.log.warn({ err: error, collection: c.id, module: name }, "local step threw");
          return { kind: "temporary_failure", reason: "step_error" };
        }
      },
    });
    results.push(result);
    if (result.kind !== "ok") break;
  }
  return results;
}

/**
 * Returns true when it made the collection terminal. `writer`: the wave's answer writer; answers
 * it held back go with a COMPLETED state, and are written first on any other way out.
 */
async function settle(
  s: Services,
  owners: Owners,
  c: Collection,
  results: ModuleResult[],
  deadline: AbortSignal,
  writer?: AnswerWriter,
): Promise<boolean> {
  // a module stopped because the workers are stopping is `stopped`: not done, and no failure either
  const done = !deadline.aborted && results.every((r) => r.kind === "ok" || r.kind === "not_found");
  if (done) {
    await interactiveFirst(s);
    await complete(s, owners, c.id, "ok", writer?.held(), c);
    return true;
  }
  await writer?.flush();
  if (deadline.aborted) {
    await fail(s, owners, c.id, "deadline_exceeded");
    return true;
  }
  const permanent = results.find((r) => r.kind === "permanent");
  if (permanent && permanent.kind === "permanent") {
    await fail(s, owners, c.id, permanent.reason);
    return true;
  }
  if (results.some((r) => r.kind === "exhausted")) {
    await afterFailedRound(s, owners, c);
    return false;
  }
  return false; // a module stopped: terminal meanwhile, or this worker is stopping
}

/**
 * The collections of a batch worker's fetch, side by side as one group (group.ts): each runs as
 * runCollection alone would, their statements made together go as one. A collection twice in the
 * fetch runs once. Throws the first failure once every run has ended (pg-boss retries the jobs; a
 * run is idempotent).
 */
export async function runCollections(s: Services, owners: Owners, ids: string[]): Promise<void> {
  const group = new RunGroup(s.db);
  const runs = await Promise.allSettled([...new Set(ids)].map((id) => inRunGroup(group, () => runCollection(s, owners, id))));
  const failed = runs.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}
