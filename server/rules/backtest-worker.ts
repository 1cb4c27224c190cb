// The backtest job (server/rules/backtest.ts): pg-boss queue rules-backtest, one at a time per
// worker process (a backtest is CPU work that yields often; two at once would only share the
// core). A job runs a queued backtest, or again one whose process died while running it (pg-boss
// hands the job out again once its active time expires): the result is computed whole from the
// stored facts, so running it again gives the same numbers. A failure is stored on the backtest
// (state failed, its message), not retried.
import { eq } from "drizzle-orm";
import type { Services } from "../context";
import { backtests } from "../db/schema";
import { QUEUES } from "../jobs/queue";
import { inBackground } from "../jobs/queue";
import { inBatchLane } from "../db/client";
import { PAGE_ROWS, runCases } from "./backtest";
import { scoringProfile } from "./store";

export async function sendBacktest(s: Services, id: string): Promise<void> {
  await s.queue.send(QUEUES.backtest, { id });
}

export async function runBacktest(s: Services, id: string): Promise<void> {
  const [row] = await s.db.select().from(backtests).where(eq(backtests.id, id));
  if (!row || row.state === "done" || row.state === "failed") return;
  const startedAt = new Date();
  await s.db.update(backtests).set({ state: "running", startedAt, progress: 0 }).where(eq(backtests.id, id));
  try {
    const { entity } = await scoringProfile(s.db, row.workspaceId, row.profileId);
    const result = await runCases(
      s.db,
      row,
      entity,
      async (progress) => {
        await s.db.update(backtests).set({ progress }).where(eq(backtests.id, id));
      },
      PAGE_ROWS[s.database.kind],
      () => s.database.poolStats().ahead > 0,
    );
    await s.db
      .update(backtests)
      .set({ state: "done", progress: 1, result: result as unknown as Record<string, unknown>, finishedAt: new Date() })
      .where(eq(backtests.id, id));
    s.log.info({ backtest: id, cases: result.cases, ms: Date.now() - startedAt.getTime() }, "backtest done");
  } catch (err) {
    s.log.warn({ err, backtest: id }, "backtest failed");
    await s.db
      .update(backtests)
      .set({
        state: "failed",
        error: String((err as Error)?.message ?? err)
          .split("\n")[0]!
          .slice(0, 500),
        finishedAt: new Date(),
      })
      .where(eq(backtests.id, id));
  }
}

/** Registers the backtest worker of this process (startWorkers' extra work, server/start.ts). */
export async function backtestWorkers(s: Services): Promise<() => Promise<void>> {
  await s.queue.work(QUEUES.backtest, 1, async (data) => {
    const id = typeof data.id === "string" && data.id.length < 100 ? data.id : null;
    if (!id) return void s.log.error({ data: Object.keys(data) }, "invalid backtest job payload dropped");
    // background work in the batch lane: the user's collections come first, and on PGlite each of
    // its statements waits until no other statement waits (server/db/client.ts, trackLocks)
    await inBackground(() => inBatchLane(() => runBacktest(s, id)));
  });
  return async () => {};
}
