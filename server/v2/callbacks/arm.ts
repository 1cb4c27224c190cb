// Arming and sending v2 callbacks. In the verification's terminal transaction (hooks.ts) a
// callback_deliveries row is written when the verification has a callback, so the terminal status
// and its callback exist together or not at all; after the commit its first attempt is queued.
// Delivery (signature, retries, refused destinations) is the v3 worker's (server/v3/callbacks).
// Body: { event, id, status, score, completedAt }, never a document or a name.
import type { Services } from "../../context";
import type { Tx } from "../../db/client";
import { callbackDeliveries } from "../../db/schema";
import type { Collection } from "../../engine/types";
import { newEventId, sendDeliveryJob } from "../../v3/callbacks/enqueue";
import { verificationEvents, writeOutbox } from "../../webhooks/outbox";

export type V2CallbackEvent = "verification.completed" | "verification.failed";

export function callbackBody(event: V2CallbackEvent, id: string, status: string, score: number | null, completedAt: Date): string {
  return JSON.stringify({ event, id, status, score, completedAt: completedAt.toISOString() });
}

export async function armVerificationCallback(
  tx: Tx,
  v: { id: string; workspaceId: string; callback: Record<string, unknown> | null; nationalId?: string; profileId?: string | null },
  status: "COMPLETED" | "FAILED",
  score: number | null,
  completedAt: Date,
): Promise<string | null> {
  // the webhooks' outbox (server/webhooks/outbox.ts): the verification is terminal and its case
  // reviewable in this transaction: verification.completed and case.created go with it
  await writeOutbox(tx, verificationEvents({ ...v, status, score, completedAt }));
  const callback = v.callback as { url?: unknown; method?: unknown; headers?: unknown } | null;
  if (!callback || typeof callback.url !== "string") return null;
  const id = newEventId();
  const event: V2CallbackEvent = status === "COMPLETED" ? "verification.completed" : "verification.failed";
  await tx.insert(callbackDeliveries).values({
    id,
    workspaceId: v.workspaceId,
    ownerId: v.id,
    url: callback.url,
    method: callback.method === "PUT" ? "PUT" : "POST",
    headers: (callback.headers as Record<string, string> | undefined) ?? {},
    body: callbackBody(event, v.id, status, score, completedAt),
    status: "pending",
    attempts: 0,
    nextAttemptAt: completedAt,
    createdAt: completedAt,
  });
  return id;
}

/**
 * After the transaction that armed it committed: queues the delivery's first attempt (a lost job
 * is re-sent by the callback sweep). The id comes from that transaction, so a rollback sends nothing.
 */
export async function sendVerificationCallback(s: Services, c: Pick<Collection, "id">, deliveryId: string | null): Promise<void> {
  if (!deliveryId) return;
  try {
    await sendDeliveryJob(s, deliveryId);
  } catch (err) {
    s.log.warn({ err, verification: c.id }, "callback delivery job not sent");
  }
}
