// Webhook endpoints (issue 35 item 1; docs/webhooks.md): create, read, change, delete, rotate the
// secret, send a ping. Admins only (the routes' permission). Every query takes the workspace id:
// another workspace's endpoint is not found, like a missing one.
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { webhookEndpoints, workspaces } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { callerEvent, recordEvent } from "../review/audit/record";
import { validateCallback } from "../callbacks/validate";
import type { AllowList } from "../callbacks/destination";
import { UUID } from "../review/cases/queries";
import {
  MAX_WEBHOOK_ENDPOINTS,
  MAX_WEBHOOK_URL_LENGTH,
  PING_EVENT,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookWithSecret,
} from "../../lib/contract/webhooks";
import { isWebhookEventType } from "./outbox";

type Row = typeof webhookEndpoints.$inferSelect;

/** After a rotation, the previous secret signs too for this long. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

export const newSecret = () => randomBytes(32).toString("hex");

export function endpointId(id: string): string {
  if (!UUID.test(id)) throw new ApiError("not_found", "webhook not found");
  return id.toLowerCase();
}

export function toWebhook(row: Row, now = new Date()): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    state: row.state === "paused" ? "paused" : "active",
    consecutiveFailures: row.consecutiveFailures,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    secretRotating: !!row.previousSecret && !!row.previousSecretUntil && row.previousSecretUntil > now,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The URL through the callbacks' rules (https, no credentials, no refused destination): 400 invalid_webhook_url. */
export function checkUrl(url: string, allowList: AllowList): string {
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    throw new ApiError("invalid_webhook_url", `url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  const checked = validateCallback({ url }, { allowList });
  if (!checked.ok) throw new ApiError("invalid_webhook_url", checked.message.replace(/^callback\.url/, "url"));
  return checked.value.url;
}

/** Catalogue names (duplicates dropped, in the catalogue's spelling), or ["*"] alone: 400 unknown_webhook_event. */
export function checkEvents(events: readonly string[]): string[] {
  if (events.includes("*")) {
    if (events.some((e) => e !== "*")) throw new ApiError("unknown_webhook_event", 'events: "*" stands alone (it means every event)');
    return ["*"];
  }
  const unknown = events.find((e) => !isWebhookEventType(e));
  if (unknown !== undefined) {
    const shown = /^[a-z_.]{1,64}$/.test(unknown) ? `"${unknown}"` : "(name not shown)";
    throw new ApiError("unknown_webhook_event", `events: ${shown} is not an event of the catalogue (docs/webhooks.md)`);
  }
  return [...new Set(events)];
}

const hostOf = (url: string) => new URL(url).host;

export async function listEndpoints(db: Db, workspaceId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((r) => toWebhook(r));
}

export async function endpointRow(db: Db | Tx, workspaceId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, endpointId(id))));
  if (!row) throw new ApiError("not_found", "webhook not found");
  return row;
}

export async function createEndpoint(
  db: Db,
  caller: TokenClaims,
  body: CreateWebhookBody,
  allowList: AllowList,
  requestId: string,
): Promise<WebhookWithSecret> {
  const url = checkUrl(body.url, allowList);
  const events = checkEvents(body.events);
  return db.transaction(async (tx) => {
    // the workspace's row lock serialises creations, so the limit holds under concurrent requests
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, caller.workspaceId)).for("update");
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, caller.workspaceId))) as [{ n: number }];
    if (n >= MAX_WEBHOOK_ENDPOINTS) {
      throw new ApiError("webhook_limit_reached", `a workspace has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    }
    const secret = newSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: randomUUID(),
        workspaceId: caller.workspaceId,
        url,
        description: body.description ?? "",
        events,
        secret,
        createdBy: caller.userId,
      })
      .returning();
    await recordEvent(
      tx,
      callerEvent(caller, { id: requestId }, "webhook.created", { data: { webhookId: row!.id, host: hostOf(url), events } }),
    );
    return { ...toWebhook(row!), secret };
  });
}

export async function updateEndpoint(
  db: Db,
  caller: TokenClaims,
  id: string,
  body: UpdateWebhookBody,
  allowList: AllowList,
  requestId: string,
): Promise<Webhook> {
  const set: Partial<Row> = { updatedAt: new Date() };
  if (body.url !== undefined) set.url = checkUrl(body.url, allowList);
  if (body.events !== undefined) set.events = checkEvents(body.events);
  if (body.description !== undefined) set.description = body.description;
  if (body.state === "active") Object.assign(set, { state: "active", pausedAt: null, consecutiveFailures: 0 });
  return db.transaction(async (tx) => {
    const before = await endpointRow(tx, caller.workspaceId, id);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(set)
      .where(and(eq(webhookEndpoints.workspaceId, caller.workspaceId), eq(webhookEndpoints.id, before.id)))
      .returning();
    const changed = Object.keys(body).filter((k) => k !== "state" || before.state !== "active");
    await recordEvent(tx, callerEvent(caller, { id: requestId }, "webhook.updated", { data: { webhookId: before.id, changed } }));
    return toWebhook(row!);
  });
}

export async function deleteEndpoint(db: Db, caller: TokenClaims, id: string, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await endpointRow(tx, caller.workspaceId, id);
    // its deliveries and their attempts go with it (ON DELETE CASCADE); the events stay for the other endpoints
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.workspaceId, caller.workspaceId), eq(webhookEndpoints.id, row.id)));
    await recordEvent(
      tx,
      callerEvent(caller, { id: requestId }, "webhook.deleted", { data: { webhookId: row.id, host: hostOf(row.url) } }),
    );
  });
}

/** A new secret; the current one keeps signing for 24 hours (a third secret never signs: the oldest is dropped). */
export async function rotateSecret(db: Db, caller: TokenClaims, id: string, requestId: string): Promise<WebhookWithSecret> {
  return db.transaction(async (tx) => {
    const before = await endpointRow(tx, caller.workspaceId, id);
    const secret = newSecret();
    const now = new Date();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: before.secret, previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS), updatedAt: now })
      .where(and(eq(webhookEndpoints.workspaceId, caller.workspaceId), eq(webhookEndpoints.id, before.id)))
      .returning();
    await recordEvent(tx, callerEvent(caller, { id: requestId }, "webhook.secret_rotated", { data: { webhookId: before.id } }));
    return { ...toWebhook(row!, now), secret };
  });
}

/** POST /webhooks/{id}/test: a ping event and its one delivery, sent by the worker like any other. */
export async function sendPing(db: Db, caller: TokenClaims, id: string): Promise<{ deliveryId: string; eventId: string }> {
  return db.transaction(async (tx) => {
    const row = await endpointRow(tx, caller.workspaceId, id);
    const eventId = `evt_${randomBytes(16).toString("hex")}`;
    await tx.execute(sql`insert into webhook_events (id, workspace_id, type, order_key, data)
      values (${eventId}, ${caller.workspaceId}, ${PING_EVENT}, null, ${JSON.stringify({ webhookId: row.id })}::jsonb)`);
    const result = await tx.execute(sql`insert into webhook_deliveries (workspace_id, endpoint_id, event_id, order_key)
      values (${caller.workspaceId}, ${row.id}, ${eventId}, null) returning id`);
    const [delivery] = (result as unknown as { rows: { id: string }[] }).rows;
    return { deliveryId: delivery!.id, eventId };
  });
}
