// A batch worker's group: the collections of the jobs it fetched together (BATCH_LANE_FETCH in
// workers.ts) run side by side, and their hot statements made in the same turn of the event loop
// go to the database as one set-based statement: one claim for the group, one write of the first
// wave's answers, one terminal statement (with the billing CTEs) for those that complete together.
// Each collection keeps its own run (runner.ts): its states, events, billing and retries are those
// of a collection run alone; only the round trips are shared. A statement is atomic: a process that
// dies mid-group leaves each collection either written by it or not at all, and resumed as any
// other (lease, takeover, pg-boss retry), with billing kept once by the terminal update's live
// check and the billing entries' unique index.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { claimMany, completeMany, saveManyAnswers, type Answered, type Claimed } from "./store";
import type { Collection } from "./types";

/**
 * Calls made in the same turn of the event loop, run together by `many` (one result per item, in
 * order). When that fails (a deadlock between two groups' statements, one item's bad data) each
 * item runs alone with `one`, as without the group.
 */
export class Batcher<I, O> {
  private pending: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly many: (items: I[]) => Promise<O[]>,
    private readonly one: (item: I) => Promise<O>,
  ) {}

  call(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ item, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 1) {
      let out: O[] | null = null;
      try {
        out = await this.many(batch.map((b) => b.item));
      } catch {
        // below, one at a time
      }
      if (out) {
        batch.forEach((b, i) => b.resolve(out[i]!));
        return;
      }
    }
    await Promise.all(batch.map((b) => this.one(b.item).then(b.resolve, b.reject)));
  }
}

export interface ClaimRequest {
  id: string;
  worker: string;
  leaseMs: number;
  startOwners: readonly string[];
  modules: (alias: SQL, claimedAt: Date) => SQL;
  leaseKey: number | null;
}

export interface CompleteRequest {
  id: string;
  answers: Answered[];
  ownerCtes: (ended: SQL, okModules: SQL) => SQL;
}

type SaveRequest = { c: Pick<Collection, "id" | "workspaceId" | "document">; list: Answered[] };

/** Items by a key (requests whose statements differ run as separate statements). */
function partition<T>(items: T[], key: (item: T) => unknown): T[][] {
  const parts = new Map<unknown, T[]>();
  for (const item of items) {
    const k = key(item);
    const part = parts.get(k);
    if (part) part.push(item);
    else parts.set(k, [item]);
  }
  return [...parts.values()];
}

export class RunGroup {
  readonly claim: Batcher<ClaimRequest, { taken: Claimed | null; claimedAt: Date }>;
  readonly saveAnswers: Batcher<SaveRequest, Set<string>>;
  readonly complete: Batcher<CompleteRequest, Collection | null>;

  constructor(readonly db: Db) {
    const claimPart = async (part: ClaimRequest[]) => {
      const first = part[0]!;
      const claimedAt = new Date();
      // a collection twice in the group (its job sent again) runs once: the other call gets null
      const ids = [...new Set(part.map((r) => r.id))];
      const taken = await claimMany(
        db,
        ids,
        first.worker,
        first.leaseMs,
        first.startOwners,
        (c) => first.modules(c, claimedAt),
        first.leaseKey,
      );
      return part.map((r) => {
        const t = taken.get(r.id) ?? null;
        taken.delete(r.id);
        return { taken: t, claimedAt };
      });
    };
    this.claim = new Batcher<ClaimRequest, { taken: Claimed | null; claimedAt: Date }>(
      async (items) => {
        const out = new Map<ClaimRequest, { taken: Claimed | null; claimedAt: Date }>();
        for (const part of partition(items, (r) => `${r.worker}|${r.leaseMs}|${r.leaseKey}|${r.startOwners.join(",")}`)) {
          const results = await claimPart(part);
          part.forEach((r, i) => out.set(r, results[i]!));
        }
        return items.map((r) => out.get(r)!);
      },
      async (r) => (await claimPart([r]))[0]!,
    );
    this.saveAnswers = new Batcher(
      (items) => saveManyAnswers(db, items),
      async (item) => (await saveManyAnswers(db, [item]))[0]!,
    );
    const completePart = async (part: CompleteRequest[]) => {
      const ended = await completeMany(db, part, new Date(), part[0]!.ownerCtes);
      // a collection twice in one statement is ended once: the other call gets null
      return part.map((r) => {
        const c = ended.get(r.id) ?? null;
        ended.delete(r.id);
        return c;
      });
    };
    this.complete = new Batcher<CompleteRequest, Collection | null>(
      async (items) => {
        const out = new Map<CompleteRequest, Collection | null>();
        for (const part of partition(items, (r) => r.ownerCtes)) {
          const results = await completePart(part);
          part.forEach((r, i) => out.set(r, results[i]!));
        }
        return items.map((r) => out.get(r)!);
      },
      async (r) => (await completePart([r]))[0]!,
    );
  }
}

const current = new AsyncLocalStorage<RunGroup>();

/** Runs `fn` inside the group: the engine's statements it makes on `group.db` join the group's. */
export function inRunGroup<T>(group: RunGroup, fn: () => Promise<T>): Promise<T> {
  return current.run(group, fn);
}

/** The group of the run calling it, when it runs in one and `db` is the group's (not a transaction). */
export function currentGroup(db: unknown): RunGroup | undefined {
  const group = current.getStore();
  return group && group.db === db ? group : undefined;
}
