// The webhooks' outbox (issue 35 item 2; docs/webhooks.md, "Guarantees"). An act writes its event
// and one delivery per subscribed endpoint IN ITS OWN TRANSACTION (or statement), so an act that
// rolls back sends nothing and a process that dies after the commit loses nothing: the delivery
// worker (worker.ts) finds the committed rows. Nothing is written for a workspace with no endpoint
// subscribed to the type (the statement's EXISTS reads the endpoints' small table).
//
// Every writer goes through outboxCtes: the audit recorder (server/review/audit/record.ts, every
// review act), the "next case" statement, the verification's completion (server/v2/callbacks/arm.ts)
// and the enrichment's terminal statement (server/v3/enrichments/hooks.ts).
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { maskDocument } from "../../lib/contract/documents";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../lib/contract/webhooks";

export interface OutboxEvent {
  workspaceId: string;
  type: WebhookEventType;
  /** The case (or enrichment) whose events go out in order; null: no order. */
  orderKey: string | null;
  /** ids, statuses and masked documents only. */
  data: Record<string, unknown>;
}

const CATALOGUE = new Set<string>(WEBHOOK_EVENT_TYPES);
export const isWebhookEventType = (type: string): type is WebhookEventType => CATALOGUE.has(type);

/** The endpoints of the workspace subscribed to the type (alias e; `ws` and `type` are SQL). */
export function subscribed(ws: SQL, type: SQL): SQL {
  return sql`e.workspace_id = ${ws} and (${type} = any(e.events) or '*' = any(e.events))`;
}

/**
 * CTEs (wh_src, wh_ev, wh_del) writing the events of `source`, a relation with the columns
 * workspace_id uuid, type text, order_key text, data jsonb, ord int (the order of the deliveries'
 * seq within the statement). Names start with wh_, clear of the engine's reserved ones.
 */
export function outboxCtes(source: SQL): SQL {
  return sql`wh_src as (
      select s.workspace_id, s.type, s.order_key, s.data, s.ord, 'evt_' || replace(gen_random_uuid()::text, '-', '') as event_id
      from ${source} s
      where exists (select 1 from webhook_endpoints e where ${subscribed(sql`s.workspace_id`, sql`s.type`)})
    ), wh_ev as (
      insert into webhook_events (id, workspace_id, type, order_key, data)
      select event_id, workspace_id, type, order_key, data from wh_src
      returning id
    ), wh_del as (
      insert into webhook_deliveries (workspace_id, endpoint_id, event_id, order_key)
      select s.workspace_id, e.id, s.event_id, s.order_key
      from wh_src s join webhook_endpoints e on ${subscribed(sql`s.workspace_id`, sql`s.type`)}
      order by s.ord, e.id
      returning id
    )`;
}

/** The events as a relation for outboxCtes (one JSON parameter). */
export function eventsRelation(events: OutboxEvent[]): SQL {
  const rows = events.map((e, ord) => ({ workspace_id: e.workspaceId, type: e.type, order_key: e.orderKey, data: e.data, ord }));
  return sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as r(workspace_id uuid, type text, order_key text, data jsonb, ord int))`;
}

/** Writes the events in the caller's transaction (one statement); nothing when none is subscribed. */
export async function writeOutbox(db: Db | Tx, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`with ${outboxCtes(eventsRelation(events))} select 1`);
}

/** SQL masking a document column the way maskDocument does (CPF 11 digits, CNPJ 14). */
export function maskedDocumentSql(column: SQL): SQL {
  return sql`case length(${column})
    when 11 then substr(${column}, 1, 3) || '.***.***-' || substr(${column}, 10)
    when 14 then substr(${column}, 1, 2) || '.' || substr(${column}, 3, 3) || '.***/****-' || substr(${column}, 13)
    else null end`;
}

/** The audit trail's acts that are webhook events too, with their names unchanged. */
export interface AuditLike {
  workspaceId: string;
  type: string;
  actor: { id: string } | null;
  caseId?: string | null;
  entryId?: string | null;
  data?: Record<string, unknown>;
}

export function eventsOfAudit(events: readonly AuditLike[]): OutboxEvent[] {
  const out: OutboxEvent[] = [];
  for (const e of events) {
    if (!isWebhookEventType(e.type)) continue;
    out.push({
      workspaceId: e.workspaceId,
      type: e.type,
      orderKey: e.caseId ?? null,
      data: {
        ...(e.caseId ? { caseId: e.caseId } : {}),
        ...(e.entryId ? { entryId: e.entryId } : {}),
        actorId: e.actor?.id ?? null,
        ...maskedData(e.data ?? {}),
      },
    });
  }
  return out;
}

/** Defence in depth: a field named like a document is masked again (masking is idempotent). */
function maskedData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] = typeof v === "string" && /^(document|nationalId)$/.test(k) ? maskDocument(v) : v;
  }
  return out;
}

/** verification.completed and, when the verification becomes a reviewable case, case.created. */
export function verificationEvents(v: {
  id: string;
  workspaceId: string;
  nationalId?: string | null;
  profileId?: string | null;
  status: "COMPLETED" | "FAILED";
  score: number | null;
  completedAt: Date;
}): OutboxEvent[] {
  const base = {
    verificationId: v.id,
    status: v.status,
    score: v.score,
    document: v.nationalId ? maskDocument(v.nationalId) : null,
    profileId: v.profileId ?? null,
    completedAt: v.completedAt.toISOString(),
  };
  return [
    { workspaceId: v.workspaceId, type: "verification.completed", orderKey: v.id, data: base },
    { workspaceId: v.workspaceId, type: "case.created", orderKey: v.id, data: { caseId: v.id, ...base } },
  ];
}

/**
 * enrichment.completed for the collections of `ended` that belong to enrichments (the engine's
 * terminal relation), as CTEs: the enrichment's terminal statement and its terminal transaction
 * both write it through this, so the two write the same.
 */
export function enrichmentOutboxCtes(ended: SQL): SQL {
  const src = sql`(select x.workspace_id, 'enrichment.completed'::text as type, x.id as order_key,
      jsonb_build_object('enrichmentId', x.id, 'status', x.status, 'outcome', x.outcome, 'entity', x.entity,
        'document', ${maskedDocumentSql(sql`x.document`)}, 'profileId', en.profile_id,
        'completedAt', to_char(coalesce(x.completed_at, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as data,
      0 as ord
    from ${ended} x join enrichments en on en.id = x.id and en.workspace_id = x.workspace_id
    where x.owner = 'enrichment')`;
  return outboxCtes(src);
}
