// The delivery log (issue 35 item 3): an endpoint's deliveries with each attempt, newest first;
// sending one again (redeliver) and a time range again (replay). Both write NEW deliveries of the
// same events (same event id, so receivers deduplicate), ordered after the case's others.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { ApiError } from "../http/errors";
import { UUID } from "../review/cases/queries";
import type { DeliveryState, WebhookDelivery, WebhookDeliveryList } from "../../lib/contract/webhooks";
import { endpointRow } from "./endpoints";

/** At most this many events per replay. */
export const MAX_REPLAY_EVENTS = 10_000;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!/^s\d{1,18}$/.test(text)) throw new ApiError("invalid_cursor", "cursor is not one this service issued");
  return Number(text.slice(1));
}
const encodeCursor = (seq: number) => Buffer.from(`s${seq}`).toString("base64url");

export async function listDeliveries(
  db: Db,
  workspaceId: string,
  id: string,
  q: { state?: DeliveryState; cursor?: string; limit: number },
): Promise<WebhookDeliveryList> {
  const endpoint = await endpointRow(db, workspaceId, id);
  const before = q.cursor ? decodeCursor(q.cursor) : null;
  const result = await db.execute(sql`
    select d.id, d.seq, d.endpoint_id, d.event_id, ev.type, d.state, d.next_attempt_at, d.delivered_at, d.created_at,
      coalesce((select jsonb_agg(jsonb_build_object('at', a.at, 'status', a.status, 'error', a.error,
        'durationMs', a.duration_ms, 'response', a.response) order by a.id)
        from webhook_attempts a where a.delivery_id = d.id), '[]'::jsonb) as attempts
    from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
    where d.workspace_id = ${workspaceId} and d.endpoint_id = ${endpoint.id}
      ${q.state ? sql`and d.state = ${q.state}` : sql``}
      ${before !== null ? sql`and d.seq < ${before}` : sql``}
    order by d.seq desc
    limit ${q.limit + 1}`);
  const rows = rowsOf(result);
  const page = rows.slice(0, q.limit);
  return {
    deliveries: page.map(toDelivery),
    nextCursor: rows.length > q.limit ? encodeCursor(Number(page[page.length - 1]!.seq)) : null,
  };
}

function toDelivery(r: Record<string, unknown>): WebhookDelivery {
  const attempts = (typeof r.attempts === "string" ? JSON.parse(r.attempts) : r.attempts) as Record<string, unknown>[];
  return {
    id: r.id as string,
    endpointId: r.endpoint_id as string,
    eventId: r.event_id as string,
    eventType: r.type as string,
    state: r.state as DeliveryState,
    attempts: attempts.map((a) => ({
      at: iso(a.at)!,
      status: (a.status as number | null) ?? null,
      error: (a.error as string | null) ?? null,
      durationMs: Number(a.durationMs ?? 0),
      response: (a.response as string | null) ?? null,
    })),
    nextAttemptAt: r.state === "pending" ? iso(r.next_attempt_at) : null,
    deliveredAt: iso(r.delivered_at),
    createdAt: iso(r.created_at)!,
  };
}

/** POST /deliveries/{id}/redeliver: a new delivery of the same event; 409 delivery_pending while this one is pending. */
export async function redeliver(db: Db, workspaceId: string, id: string): Promise<WebhookDelivery> {
  if (!UUID.test(id)) throw new ApiError("not_found", "delivery not found");
  return db.transaction(async (tx) => {
    const [old] = rowsOf(
      await tx.execute(sql`select id, endpoint_id, event_id, order_key, state from webhook_deliveries
        where workspace_id = ${workspaceId} and id = ${id.toLowerCase()} for update`),
    );
    if (!old) throw new ApiError("not_found", "delivery not found");
    if (old.state === "pending") throw new ApiError("delivery_pending", "the delivery is still pending: it will be sent");
    const [row] = rowsOf(
      await tx.execute(sql`insert into webhook_deliveries (workspace_id, endpoint_id, event_id, order_key)
        values (${workspaceId}, ${old.endpoint_id as string}, ${old.event_id as string}, ${(old.order_key as string | null) ?? null})
        returning id, seq, endpoint_id, event_id, state, next_attempt_at, delivered_at, created_at,
          (select type from webhook_events where id = ${old.event_id as string}) as type, '[]'::jsonb as attempts`),
    );
    return toDelivery(row!);
  });
}

/** POST /webhooks/{id}/replay {from, to}: the endpoint's events of [from, to) again, oldest first. */
export async function replay(db: Db, workspaceId: string, id: string, from: Date, to: Date): Promise<{ queued: number }> {
  if (from.getTime() >= to.getTime()) throw new ApiError("invalid_date_range", "from must be before to");
  return db.transaction(async (tx) => {
    const endpoint = await endpointRow(tx, workspaceId, id);
    const events = sql`select ev.id, ev.order_key, ev.created_at from webhook_events ev
      where ev.workspace_id = ${workspaceId} and ev.created_at >= ${from.toISOString()} and ev.created_at < ${to.toISOString()}
        and ev.type <> 'ping' and (ev.type = any(${sql.param(endpoint.events)}::text[]) or '*' = any(${sql.param(endpoint.events)}::text[]))`;
    const [count] = rowsOf(await tx.execute(sql`select count(*)::int as n from (${events} limit ${MAX_REPLAY_EVENTS + 1}) x`));
    if (Number(count!.n) > MAX_REPLAY_EVENTS) {
      throw new ApiError("replay_too_large", `a replay sends at most ${MAX_REPLAY_EVENTS} events: choose a shorter range`);
    }
    const inserted = await tx.execute(sql`insert into webhook_deliveries (workspace_id, endpoint_id, event_id, order_key)
      select ${workspaceId}, ${endpoint.id}, x.id, x.order_key from (${events}) x order by x.created_at, x.id returning id`);
    return { queued: rowsOf(inserted).length };
  });
}
