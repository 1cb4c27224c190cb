// The terminal transitions and the wait for a new round. Each runs in one transaction with the
// owner's hook (billing, dossier, callback) and the NOTIFY that wakes waiting requests, so a
// terminal state, its bill and its event are written together or not at all. The common end of an
// owner that writes it in SQL (v3: billing, no callback armed) is one statement instead: the same
// writes as CTEs of the terminal update (OwnerHooks.terminalCtes).
import type { Services } from "../context";
import type { Tx } from "../db/client";
import { hooksFor } from "./owners";
import {
  dropModulesExcept,
  endLiveCollection,
  failOpenModules,
  loadModules,
  updateLiveCollection,
  type Answered,
  type TerminalEnd,
} from "./store";
import type { Collection, Outcome, Owners } from "./types";
import { countEnded } from "../metrics/observe";
import { currentGroup } from "./group";

function ownersWithoutModules(owners: Owners): string[] {
  return Object.entries(owners)
    .filter(([, hooks]) => hooks.terminalModules === false)
    .map(([owner]) => owner);
}

async function terminal(
  s: Services,
  owners: Owners,
  id: string,
  end: TerminalEnd,
  before?: (tx: Tx) => Promise<void>,
  answers: Answered[] = [],
): Promise<Collection | null> {
  const done = await s.db.transaction(async (tx) => {
    // one statement locks the live row (it serialises with the creation request), makes it
    // terminal, clears the lease and sends the NOTIFY (delivered at commit); it also reads the
    // modules for an owner that reads them, unless `before` changes them first; it writes the last
    // module answers held back for it (answerWriter). Null: already terminal, and a terminal
    // status never changes.
    const ended = await endLiveCollection(tx, id, end, new Date(), {
      withModules: !before,
      ownersWithoutModules: ownersWithoutModules(owners),
      answers,
    });
    if (!ended) return null;
    if (before) await before(tx);
    const hooks = hooksFor(owners, ended.collection.owner);
    const modules = hooks.terminalModules === false ? [] : (ended.modules ?? (await loadModules(tx, id)));
    const fromTerminal = await hooks.onTerminal(tx, ended.collection, modules);
    return { updated: ended.collection, fromTerminal };
  });
  if (!done) return null;
  countEnded(done.updated);
  // only after the commit, with what the hook returned inside the transaction
  await hooksFor(owners, done.updated.owner).afterTerminal?.(s, done.updated, done.fromTerminal);
  return done.updated;
}

/**
 * `answers`: module answers not yet written, written by the terminal statement (outcome ok only).
 * `known`: the collection as the caller read it (the claim). With it, an owner that gives
 * terminalCtes completes in one statement when the row is not callback_armed; when it is (the
 * statement changes nothing then), or without `known`, the terminal transaction runs.
 */
export async function complete(
  s: Services,
  owners: Owners,
  id: string,
  outcome: Outcome,
  answers: Answered[] = [],
  known?: Pick<Collection, "owner" | "callbackArmed">,
): Promise<Collection | null> {
  if (outcome === "subject_not_found")
    // only the profile module ran, the rest of the plan is dropped
    return terminal(s, owners, id, { status: "COMPLETED", outcome }, (tx) => dropModulesExcept(tx, id, "profile"));
  const ownerCtes = known && !known.callbackArmed ? hooksFor(owners, known.owner).terminalCtes : undefined;
  if (ownerCtes) {
    // in a batch worker's group, with the others of the group that complete in the same turn
    const group = outcome === "ok" ? currentGroup(s.db) : undefined;
    const ended = group
      ? await group.complete.call({ id, answers, ownerCtes }).then((collection) => (collection ? { collection } : null))
      : await endLiveCollection(s.db, id, { status: "COMPLETED", outcome }, new Date(), {
          withModules: false,
          answers,
          ownerCtes,
        });
    if (ended) {
      countEnded(ended.collection);
      return ended.collection;
    }
    // already terminal, or armed since the claim: the transaction decides (null when terminal)
  }
  return terminal(s, owners, id, { status: "COMPLETED", outcome }, undefined, answers);
}

export function fail(s: Services, owners: Owners, id: string, reason: string): Promise<Collection | null> {
  return terminal(s, owners, id, { status: "FAILED", failureReason: reason }, (tx) => failOpenModules(tx, id));
}

/**
 * After a round whose collection failed for a temporary reason: wait for the next recovery round
 * (15 min, 1 h, 4 h after the failure by default), or fail with retry_exhausted after the last.
 * A round that would start after the deadline is not scheduled: the deadline fails it first.
 */
export async function afterFailedRound(s: Services, owners: Owners, c: Collection): Promise<void> {
  const delays = s.config.schedules.recoveryRoundsMs;
  if (c.recoveryRound >= delays.length) {
    await fail(s, owners, c.id, "retry_exhausted");
    return;
  }
  const nextRetryAt = new Date(Date.now() + delays[c.recoveryRound]!);
  const wakeAt = c.deadlineAt && c.deadlineAt < nextRetryAt ? c.deadlineAt : nextRetryAt;
  const updated = await updateLiveCollection(s.db, c.id, { nextRetryAt, wakeAt, enqueuedAt: wakeAt });
  if (updated) await s.queue.send(queueOf(c.lane), { id: c.id }, { startAfter: wakeAt });
}

export function queueOf(lane: string) {
  return lane === "batch" ? ("collect-batch" as const) : ("collect-interactive" as const);
}
