// A collection's module answers on their way to the database: those that arrive in the same turn
// of the event loop go in one statement (store.ts, saveManyAnswers), shared with the other
// collections of a batch worker's group when it runs in one (group.ts); the last wave's may be
// held for the terminal statement. Apart from store.ts so that the store does not import the group,
// which imports the store.
import type { Db, Tx } from "../db/client";
import { currentGroup } from "./group";
import { saveModuleAnswers, type Answered, type ModuleAnswer } from "./store";
import type { Collection, ModuleRun } from "./types";

export type SaveAnswer = (m: Pick<ModuleRun, "module" | "dataset">, answer: ModuleAnswer) => Promise<boolean>;

export interface AnswerWriter {
  save: SaveAnswer;
  /** The answers held back (see `holdLast`): to be written by the terminal statement, or by `flush`. */
  held(): Answered[];
  /** Writes what was held back (when the collection does not end now). */
  flush(): Promise<void>;
}

/**
 * A collection's module answers that arrive in the same turn of the event loop (a wave of modules
 * asked together, or answered by the cache) go in one statement; one arriving later goes alone, as
 * soon as it arrives. Each caller learns whether its module was written.
 *
 * `holdLast`: the number of modules of the wave when nothing follows it (no local step). The
 * answers that complete the wave with every module answered are not written at once but held for
 * the terminal statement, which writes them with the terminal state (one statement less per
 * collection); their callers are told they were written. The runner settles the wave at once:
 * it ends the collection with them, or writes them first (`flush`) when it does not end it.
 */
export function answerWriter(db: Db | Tx, c: Pick<Collection, "id" | "workspaceId" | "document">, holdLast = 0): AnswerWriter {
  let pending: { item: Answered; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] = [];
  let answeredCount = 0;
  let heldBack: Answered[] = [];
  // in a batch worker's group, the answers of its collections that arrive together go in one statement
  const group = currentGroup(db);
  const flushPending = async () => {
    const batch = pending;
    pending = [];
    answeredCount += batch.length;
    if (holdLast > 0 && answeredCount === holdLast) {
      heldBack = batch.map((p) => p.item);
      for (const p of batch) p.resolve(true);
      return;
    }
    try {
      const list = batch.map((p) => p.item);
      const saved = group ? await group.saveAnswers.call({ c, list }) : await saveModuleAnswers(db, c, list);
      for (const p of batch) p.resolve(saved.has(p.item.module));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };
  return {
    save: (m, answer) =>
      new Promise<boolean>((resolve, reject) => {
        if (pending.length === 0) setImmediate(flushPending);
        pending.push({ item: { module: m.module, dataset: m.dataset, answer }, resolve, reject });
      }),
    held: () => heldBack,
    flush: async () => {
      const list = heldBack;
      heldBack = [];
      if (list.length > 0) await saveModuleAnswers(db, c, list);
    },
  };
}
