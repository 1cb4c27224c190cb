// The webhooks' delivery worker (issue 35 item 3; docs/webhooks.md, docs/decisions.md "Webhook
// delivery: a polling loop with SKIP LOCKED"). Every worker process runs one loop:
// - claim: one statement takes up to BATCH due deliveries of active endpoints, FOR UPDATE SKIP
//   LOCKED (other processes skip them), leases them (locked_until) and counts the attempt. A
//   delivery is due only when no earlier delivery of the same endpoint and case (order_key) is
//   still pending: a case's next event waits for the previous one's delivery or failure;
// - send them at once (server/webhooks/send.ts), then write every outcome in one transaction: the
//   attempts (status, time, first 1 KB), the deliveries (delivered; pending at the schedule's next
//   delay; failed once the schedule is spent), the endpoints' consecutive failures (100 in a row
//   pause the endpoint);
// - a process that dies mid-attempt leaves the lease, which runs out: the delivery is sent again
//   (at least once; the Idempotency-Key header carries the event id so receivers deduplicate).
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Services } from "../context";
import { parseAllowList, type AllowList } from "../callbacks/destination";
import { rowsOf } from "../db/rows";
import { sendWebhook, webhookAgents, type SendResult, type WebhookAgents } from "./send";
import { signingSecrets } from "./sign";

/** How long a claimed delivery is this worker's (an attempt times out at 10 s). */
export const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 200;

interface Claimed {
  id: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  event_id: string;
  type: string;
  event_created_at: Date | string;
  workspace_id: string;
  data: Record<string, unknown>;
}

/** The body a receiver gets: the same bytes on every attempt. */
export function eventBody(e: { id: string; type: string; createdAt: Date; workspaceId: string; data: Record<string, unknown> }): string {
  return JSON.stringify({ id: e.id, type: e.type, createdAt: e.createdAt.toISOString(), workspaceId: e.workspaceId, data: e.data });
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

/**
 * The oldest due deliveries (by seq, from the pending rows' seq index) are the candidates; of
 * those, the ones no earlier pending delivery of the same endpoint and case holds back are taken.
 * Looking at CANDIDATES_PER_CLAIM × limit candidates bounds the statement's work by the batch, not
 * by the backlog (a receiver down for long leaves tens of thousands pending).
 */
const CANDIDATES_PER_CLAIM = 10;

async function claim(s: Services, limit: number): Promise<Claimed[]> {
  const result = await s.db.execute(sql`
    with cand as (
      select d.id, d.seq, d.endpoint_id, d.order_key from webhook_deliveries d
      where d.state = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until <= now())
      order by d.seq
      limit ${limit * CANDIDATES_PER_CLAIM}
    ), heads as (
      select c.id, c.seq from cand c
      join webhook_endpoints e on e.id = c.endpoint_id and e.state = 'active'
      where c.order_key is null or not exists (
        select 1 from webhook_deliveries p
        where p.endpoint_id = c.endpoint_id and p.order_key = c.order_key and p.state = 'pending' and p.seq < c.seq)
      order by c.seq
      limit ${limit}
    ), due as (
      select d.id from webhook_deliveries d where d.id in (select id from heads)
      for update of d skip locked
    )
    update webhook_deliveries d
    set locked_until = now() + ${WEBHOOK_LEASE_MS} * interval '1 millisecond', attempts = d.attempts + 1
    from due, webhook_events ev, webhook_endpoints e
    where d.id = due.id and ev.id = d.event_id and e.id = d.endpoint_id
      and d.state = 'pending' and (d.locked_until is null or d.locked_until <= now())
    returning d.id, d.attempts, d.endpoint_id, e.url, e.secret, e.previous_secret, e.previous_secret_until,
      ev.id as event_id, ev.type, ev.created_at as event_created_at, ev.workspace_id, ev.data`);
  return rowsOf(result) as unknown as Claimed[];
}

interface Outcome {
  d: Claimed;
  r: SendResult;
  at: Date;
}

async function record(s: Services, outcomes: Outcome[], pauseAfter: number): Promise<void> {
  const schedule = s.config.schedules.webhookRetryMs;
  const rows = outcomes.map(({ d, r, at }) => {
    const delay = schedule[d.attempts - 1];
    const final = !r.ok && (r.permanent === true || delay === undefined);
    return {
      id: d.id,
      attempts: d.attempts,
      workspace_id: d.workspace_id,
      at: at.toISOString(),
      ok: r.ok,
      final,
      status: r.status,
      error: r.error,
      response: r.response,
      duration_ms: r.durationMs,
      next_at: r.ok || final ? null : new Date(at.getTime() + delay!).toISOString(),
    };
  });
  // per endpoint, in the order the attempts ended: whether one succeeded, and the failures after the last success
  const endpoints = new Map<string, { reset: boolean; failures: number }>();
  for (const { d, r } of [...outcomes].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const e = endpoints.get(d.endpoint_id) ?? { reset: false, failures: 0 };
    if (r.ok) endpoints.set(d.endpoint_id, { reset: true, failures: 0 });
    else endpoints.set(d.endpoint_id, { ...e, failures: e.failures + 1 });
  }
  const counts = [...endpoints].map(([id, e]) => ({ id, reset: e.reset, failures: e.failures }));
  await s.db.transaction(async (tx) => {
    await tx.execute(sql`
      with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, attempts int, workspace_id uuid, at timestamptz,
          ok boolean, final boolean, status int, error text, response text, duration_ms int, next_at timestamptz)
      ), upd as (
        update webhook_deliveries d
        set state = case when r.ok then 'delivered' when r.final then 'failed' else 'pending' end,
          delivered_at = case when r.ok then r.at else null end,
          next_attempt_at = coalesce(r.next_at, d.next_attempt_at),
          locked_until = null, last_status = r.status, last_error = r.error
        from r where d.id = r.id and d.attempts = r.attempts and d.state = 'pending'
        returning d.id
      )
      insert into webhook_attempts (delivery_id, workspace_id, at, status, error, duration_ms, response)
      select r.id, r.workspace_id, r.at, r.status, r.error, r.duration_ms, r.response from r
      where exists (select 1 from webhook_deliveries d where d.id = r.id)`);
    if (counts.length === 0) return;
    await tx.execute(sql`
      with c as (select * from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as c(id uuid, reset boolean, failures int))
      update webhook_endpoints e
      set consecutive_failures = case when c.reset then c.failures else e.consecutive_failures + c.failures end,
        state = case when e.state = 'active' and (case when c.reset then c.failures else e.consecutive_failures + c.failures end) >= ${pauseAfter}
          then 'paused' else e.state end,
        paused_at = case when e.state = 'active' and (case when c.reset then c.failures else e.consecutive_failures + c.failures end) >= ${pauseAfter}
          then now() else e.paused_at end
      from c where e.id = c.id and (c.failures > 0 or e.consecutive_failures <> 0)`);
  });
}

export interface WebhookWorkerOptions {
  allowList?: AllowList;
  /** The extra trusted CA (PEM), or how to read it: read at each round that sends, so a file written after start counts. */
  ca?: string | (() => string | undefined);
  batch?: number;
  /** Keep-alive agents for this CA (the loop keeps them; a one-off round makes none). */
  agentsFor?: (ca: string | undefined) => WebhookAgents;
}

/** One round: claims, sends and records up to `batch` deliveries; returns how many it claimed. */
export async function deliverDue(s: Services, options: WebhookWorkerOptions = {}): Promise<number> {
  const allowList = options.allowList ?? parseAllowList(s.config.callbackAllowList);
  const claimed = await claim(s, options.batch ?? BATCH);
  if (claimed.length === 0) return 0;
  const ca = typeof options.ca === "function" ? options.ca() : options.ca;
  const agents = options.agentsFor?.(ca);
  const outcomes = await Promise.all(
    claimed.map(async (d): Promise<Outcome> => {
      const body = eventBody({
        id: d.event_id,
        type: d.type,
        createdAt: asDate(d.event_created_at)!,
        workspaceId: d.workspace_id,
        data: d.data,
      });
      const secrets = signingSecrets({
        secret: d.secret,
        previousSecret: d.previous_secret,
        previousSecretUntil: asDate(d.previous_secret_until),
      });
      let r: SendResult;
      try {
        r = await sendWebhook({ url: d.url, eventId: d.event_id, body, secrets, allowList, ca, agents });
      } catch {
        r = { ok: false, status: null, error: "delivery_error", response: null, durationMs: 0 };
      }
      return { d, r, at: new Date() };
    }),
  );
  await record(s, outcomes, s.config.webhookPauseAfter);
  for (const { d, r } of outcomes) {
    s.log.debug({ deliveryId: d.id, eventId: d.event_id, attempt: d.attempts, status: r.status, error: r.error }, "webhook attempt");
  }
  return claimed.length;
}

function caOf(s: Services): string | undefined {
  if (!s.config.callbackCaFile) return undefined;
  try {
    return readFileSync(s.config.callbackCaFile, "utf8");
  } catch {
    s.log.error("cannot read LUPA_CALLBACK_CA_FILE for webhook deliveries");
    return undefined;
  }
}

/** Starts the loop; returns the function that stops it (waiting for the round under way). */
export function webhookWorker(s: Services): () => Promise<void> {
  const allowList = parseAllowList(s.config.callbackAllowList);
  // one pair of keep-alive agents, made again when the CA file changes
  let held: { ca: string | undefined; agents: WebhookAgents } | null = null;
  const release = () => {
    held?.agents.guarded.destroy();
    held?.agents.allowListed.destroy();
  };
  const agentsFor = (ca: string | undefined) => {
    if (!held || held.ca !== ca) {
      release();
      held = { ca, agents: webhookAgents(allowList, ca) };
    }
    return held.agents;
  };
  const options = { allowList, ca: () => caOf(s), agentsFor };
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let n = 0;
      try {
        n = await deliverDue(s, options);
      } catch (err) {
        if (!stopped) s.log.warn({ err }, "webhook delivery round failed");
      }
      // a full batch: more is due at once; otherwise wait for the next look
      if (n < BATCH && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, s.config.schedules.webhookPollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  return async () => {
    stopped = true;
    (wake as (() => void) | null)?.();
    await loop;
    release();
  };
}
