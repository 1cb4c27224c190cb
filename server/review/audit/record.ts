// Recording audit events (table audit_events, append-only; docs/decisions.md "Audit trail"). Every
// action records its events with the statement or transaction that does it, so an action that
// rolls back leaves no event and an event never describes something that did not happen. `data`
// is small: ids, statuses, counts and masked documents, never a full document.
import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { TokenClaims } from "../../auth/tokens";
import type { AuditEventType } from "../../../lib/contract/review";
import { clientIdOfRequest } from "../../http/request-id";
import { eventsOfAudit, eventsRelation, outboxCtes } from "../../webhooks/outbox";

export interface Actor {
  id: string;
  email: string | null;
}

export interface AuditInput {
  workspaceId: string;
  type: AuditEventType;
  /** null: the service itself (a completion, the purge). */
  actor: Actor | null;
  caseId?: string | null;
  entryId?: string | null;
  /** The server's id of the request (request.id); the client's x-request-id is looked up from it. */
  requestId?: string | null;
  data?: Record<string, unknown>;
}

export function actorOf(caller: Pick<TokenClaims, "userId" | "email">): Actor {
  return { id: caller.userId, email: caller.email };
}

/** An event of the caller of a request: its workspace, itself as actor, the request id. */
export function callerEvent(
  caller: TokenClaims,
  request: FastifyRequest | { id: string } | null,
  type: AuditEventType,
  rest: Omit<AuditInput, "workspaceId" | "type" | "actor"> = {},
): AuditInput {
  return { workspaceId: caller.workspaceId, type, actor: actorOf(caller), requestId: request?.id ?? null, ...rest };
}

/** Inserts the events in one statement (rows as one JSON parameter). */
export async function recordEvents(db: Db | Tx, events: AuditInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    workspace_id: e.workspaceId,
    actor_id: e.actor?.id ?? null,
    actor_email: e.actor?.email ?? null,
    type: e.type,
    case_id: e.caseId ?? null,
    entry_id: e.entryId ?? null,
    request_id: e.requestId ?? null,
    client_request_id: clientIdOfRequest(e.requestId),
    data: e.data ?? {},
  }));
  const insert = sql`
    insert into audit_events (workspace_id, actor_id, actor_email, type, case_id, entry_id, request_id, client_request_id, data)
    select r.workspace_id, r.actor_id, r.actor_email, r.type, r.case_id, r.entry_id, r.request_id, r.client_request_id, coalesce(r.data, '{}'::jsonb)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(workspace_id uuid, actor_id uuid, actor_email text, type text, case_id uuid, entry_id uuid, request_id text, client_request_id text, data jsonb)`;
  // the webhooks' outbox (server/webhooks/outbox.ts): the acts that are webhook events are written
  // by the same statement, so they commit or roll back with the act and its audit events
  const webhookEvents = eventsOfAudit(events);
  if (webhookEvents.length === 0) await db.execute(insert);
  else await db.execute(sql`with ${outboxCtes(eventsRelation(webhookEvents))}, wh_audit as (${insert}) select 1`);
}

export const recordEvent = (db: Db | Tx, event: AuditInput) => recordEvents(db, [event]);
