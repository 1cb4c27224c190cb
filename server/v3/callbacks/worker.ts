// Callback delivery workers (spec 6; policy in docs/callbacks.md). One job per attempt on the
// queue callback-deliver. State lives in callback_deliveries, so the worker is idempotent and
// crash-safe:
// - an attempt starts by claiming the row (status pending and due): next_attempt_at moves a
//   lease into the future and attempts goes up, in one UPDATE, so a duplicate job does nothing;
// - the outcome is written with a guarded UPDATE, then the next attempt's job is sent;
// - a sweep re-sends a job for pending deliveries that are overdue (job lost in a crash between
//   commit and send, or a worker that died during an attempt once its lease ran out).
// The body (and its event id) is stored once, so every attempt sends the same bytes except for
// the timestamp and signature. Logs never carry the URL, header values or the body.
import { readFileSync } from "node:fs";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { callbackDeliveries, workspaces } from "../../db/schema";
import { QUEUES } from "../../jobs/queue";
import { deliverCallback } from "../../callbacks/deliver";
import { parseAllowList } from "../../callbacks/destination";
import { sendDeliveryJob } from "./enqueue";
import { sleep } from "../../support/sleep";
import { countCallbackAttempt } from "../../metrics/observe";

/** How long one attempt owns its delivery (the attempt itself times out at 10 s). */
export const ATTEMPT_LEASE_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;

type Delivery = typeof callbackDeliveries.$inferSelect;

function caOf(s: Services): string | undefined {
  if (!s.config.callbackCaFile) return undefined;
  try {
    return readFileSync(s.config.callbackCaFile, "utf8");
  } catch (err) {
    s.log.error({ err: { name: (err as Error).name, message: "cannot read LUPA_CALLBACK_CA_FILE" } }, "callback CA file unreadable");
    return undefined;
  }
}

const EARLY_JOB_WAIT_MS = 5_000;

/** Milliseconds until a pending delivery is due (by the database clock), or null when it is not pending. */
async function dueInMs(s: Services, id: string): Promise<number | null> {
  const [row] = await s.db
    .select({ ms: sql<number>`greatest(0, extract(epoch from (${callbackDeliveries.nextAttemptAt} - now())) * 1000)::float8` })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.id, id), eq(callbackDeliveries.status, "pending")));
  return row ? Number(row.ms) : null;
}

/** Claims a due pending delivery for one attempt, or null (not due, done, or taken). */
async function claim(s: Services, id: string): Promise<Delivery | null> {
  const [row] = await s.db
    .update(callbackDeliveries)
    .set({
      attempts: sql`${callbackDeliveries.attempts} + 1`,
      nextAttemptAt: sql`now() + ${ATTEMPT_LEASE_MS} * interval '1 millisecond'`,
    })
    .where(
      and(
        eq(callbackDeliveries.id, id),
        eq(callbackDeliveries.status, "pending"),
        sql`(${callbackDeliveries.nextAttemptAt} is null or ${callbackDeliveries.nextAttemptAt} <= now())`,
      ),
    )
    .returning();
  return row ?? null;
}

async function finish(s: Services, d: Delivery, set: Partial<Delivery>): Promise<boolean> {
  const rows = await s.db
    .update(callbackDeliveries)
    .set(set)
    .where(and(eq(callbackDeliveries.id, d.id), eq(callbackDeliveries.status, "pending"), eq(callbackDeliveries.attempts, d.attempts)))
    .returning({ id: callbackDeliveries.id });
  return rows.length > 0;
}

/** One attempt of one delivery. Safe to call twice or concurrently. */
export async function attemptDelivery(
  s: Services,
  id: string,
  options: { allowList?: ReturnType<typeof parseAllowList>; ca?: string } = {},
): Promise<void> {
  let d = await claim(s, id);
  if (!d) {
    // a job that starts a little before its due time (queue and database clocks) waits for it
    const early = await dueInMs(s, id);
    if (early === null || early > EARLY_JOB_WAIT_MS) return;
    await sleep(early + 5);
    d = await claim(s, id);
    if (!d) return;
  }
  const [ws] = await s.db.select({ secret: workspaces.callbackSecret }).from(workspaces).where(eq(workspaces.id, d.workspaceId));
  if (!ws) {
    await finish(s, d, { status: "failed", nextAttemptAt: null, lastError: "workspace_missing" });
    return;
  }
  let result;
  try {
    result = await deliverCallback({
      url: d.url,
      method: d.method === "PUT" ? "PUT" : "POST",
      headers: d.headers,
      body: d.body,
      secretHex: ws.secret,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      allowList: options.allowList ?? parseAllowList(s.config.callbackAllowList),
      ca: options.ca ?? caOf(s),
    });
  } catch (err) {
    // a bad secret: a configuration error, retried by the schedule like a failed attempt
    result = { outcome: "retry" as const, error: (err as Error).name === "Error" ? "delivery_error" : (err as Error).name };
  }
  const log = {
    deliveryId: d.id,
    enrichmentId: d.ownerId,
    attempt: d.attempts,
    outcome: result.outcome,
    status: result.status,
    error: result.error,
  };
  const now = new Date();
  const exhausted = result.outcome === "retry" && s.config.schedules.callbackRetryMs[d.attempts - 1] === undefined;
  countCallbackAttempt(exhausted ? "abandoned" : result.outcome);
  switch (result.outcome) {
    case "delivered":
      await finish(s, d, {
        status: "delivered",
        deliveredAt: now,
        nextAttemptAt: null,
        lastStatusCode: result.status ?? null,
        lastError: null,
      });
      s.log.info(log, "callback delivered");
      return;
    case "gone":
      await finish(s, d, { status: "gone", nextAttemptAt: null, lastStatusCode: result.status ?? null, lastError: "gone" });
      s.log.info(log, "callback receiver answered 410: deliveries stopped");
      return;
    case "refused":
      await finish(s, d, { status: "refused", nextAttemptAt: null, lastStatusCode: null, lastError: result.error ?? "refused" });
      s.log.warn(log, "callback destination refused");
      return;
    case "retry": {
      const delay = s.config.schedules.callbackRetryMs[d.attempts - 1];
      if (delay === undefined) {
        await finish(s, d, {
          status: "failed",
          nextAttemptAt: null,
          lastStatusCode: result.status ?? null,
          lastError: result.error ?? "failed",
        });
        s.log.warn(log, "callback abandoned: retry schedule exhausted");
        return;
      }
      const next = new Date(now.getTime() + delay);
      const ok = await finish(s, d, { nextAttemptAt: next, lastStatusCode: result.status ?? null, lastError: result.error ?? "failed" });
      if (ok) await sendDeliveryJob(s, d.id, next);
      s.log.info({ ...log, nextAttemptAt: next.toISOString() }, "callback attempt failed: retry scheduled");
      return;
    }
  }
}

/** Pending deliveries overdue by more than `graceMs`: their job was lost; send it again. */
export async function sweepDeliveries(s: Services, graceMs: number, limit = 100): Promise<number> {
  const rows = await s.db
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.status, "pending"),
        lt(callbackDeliveries.nextAttemptAt, sql`now() - ${graceMs} * interval '1 millisecond'`),
      ),
    )
    .orderBy(asc(callbackDeliveries.nextAttemptAt))
    .limit(limit);
  for (const row of rows) await sendDeliveryJob(s, row.id);
  return rows.length;
}

/** Registers the delivery workers and the sweep; returns the function that stops the sweep. */
export async function callbackWorkers(s: Services, concurrency = 4): Promise<() => Promise<void>> {
  const allowList = parseAllowList(s.config.callbackAllowList);
  const ca = caOf(s);
  await s.queue.work(QUEUES.callback, concurrency, async (data) => {
    const id = typeof data.id === "string" && data.id.startsWith("evt_") && data.id.length < 100 ? data.id : null;
    if (!id) return void s.log.error({ data: Object.keys(data) }, "invalid callback job payload dropped");
    await attemptDelivery(s, id, { allowList, ca });
  });

  // Overdue by a few sweep intervals (at most 30 s): a job normally runs well before that.
  const graceMs = Math.min(30_000, Math.max(1_000, 5 * s.config.schedules.sweepIntervalMs));
  let current: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = sweepDeliveries(s, graceMs)
      .then(() => {})
      .catch((err) => {
        if (!stopped) s.log.warn({ err }, "callback sweep failed");
      })
      .finally(() => {
        current = null;
      });
  }, s.config.schedules.sweepIntervalMs);
  timer.unref();
  // stopping waits for a sweep under way: its statements must not outlive the database
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
