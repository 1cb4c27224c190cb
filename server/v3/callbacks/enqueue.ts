// Arming and sending v3 callbacks (spec 6). The engine's terminal transaction calls
// armTerminalCallback (through the enrichment hooks): when the enrichment has a callback and the
// creation request stopped waiting (collections.callback_armed), a callback_deliveries row is written in that
// same transaction, so a terminal status and its callback exist together or not at all. After the
// commit, sendDeliveryJob queues the first attempt; a lost job is re-sent by the sweep (worker.ts).
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Services } from "../../context";
import type { Tx } from "../../db/client";
import { callbackDeliveries } from "../../db/schema";
import { QUEUES } from "../../jobs/queue";
import { toResource } from "../enrichments/serialize";
import { loadView } from "../enrichments/queries";

export function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

export type CallbackEventType = "enrichment.completed" | "enrichment.failed";

/**
 * Writes the callback delivery of an enrichment that just became terminal, in the terminal
 * transaction. Returns the delivery id (also the body's `id`), or null when no callback is due.
 */
export async function armTerminalCallback(tx: Tx, enrichmentId: string, workspaceId: string): Promise<string | null> {
  const loaded = await loadView(tx, workspaceId, enrichmentId);
  if (!loaded) return null;
  const { enrichment, collection, modules } = loaded;
  if (!enrichment.callback || !collection.callbackArmed) return null;
  if (collection.status !== "COMPLETED" && collection.status !== "FAILED") return null;
  // a terminal status happens once; this guard only makes a repeated call harmless
  const [existing] = await tx
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.ownerId, enrichmentId), eq(callbackDeliveries.workspaceId, workspaceId)));
  if (existing) return existing.id;

  const id = newEventId();
  const now = new Date();
  const type: CallbackEventType = collection.status === "COMPLETED" ? "enrichment.completed" : "enrichment.failed";
  const body = JSON.stringify({ id, type, createdAt: now.toISOString(), data: toResource({ enrichment, collection, modules }) });
  await tx.insert(callbackDeliveries).values({
    id,
    workspaceId,
    ownerId: enrichmentId,
    url: enrichment.callback.url,
    method: "POST",
    headers: enrichment.callback.headers ?? {},
    body,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}

/** Queues the delivery's next attempt (now, or at `startAfter`). Call after the row committed. */
export async function sendDeliveryJob(s: Services, deliveryId: string, startAfter?: Date): Promise<void> {
  await s.queue.send(QUEUES.callback, { id: deliveryId }, startAfter ? { startAfter } : {});
}
