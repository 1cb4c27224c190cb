// What the engine's milestones mean for a v3 enrichment. In the terminal transaction (collection
// row locked): the billing entries, and the callback delivery when the creation request stopped
// waiting (callback_armed). After commit: the delivery's job.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { enrichments } from "../../db/schema";
import type { Collection, ModuleRun, OwnerHooks } from "../../engine/types";
import type { Services } from "../../context";
import { recordBilling } from "../billing/record";
import { armTerminalCallback, sendDeliveryJob } from "../callbacks/enqueue";

/** Delivery ids created by committed-or-not terminal transactions, sent after commit. */
const pendingDeliveries = new Map<string, string>();

async function onTerminal(tx: Tx, c: Collection, modules: ModuleRun[]): Promise<void> {
  const [e] = await tx.select({ profileId: enrichments.profileId, callback: enrichments.callback, callbackArmed: enrichments.callbackArmed })
    .from(enrichments).where(and(eq(enrichments.workspaceId, c.workspaceId), eq(enrichments.id, c.id)));
  if (!e) return;
  await recordBilling(tx, c, e.profileId, modules);
  if (e.callbackArmed && e.callback) {
    const deliveryId = await armTerminalCallback(tx, c.id, c.workspaceId);
    if (deliveryId) pendingDeliveries.set(c.id, deliveryId);
  }
}

async function afterTerminal(s: Services, c: Collection): Promise<void> {
  const deliveryId = pendingDeliveries.get(c.id);
  if (!deliveryId) return;
  pendingDeliveries.delete(c.id);
  try {
    await sendDeliveryJob(s, deliveryId);
  } catch (err) {
    // the delivery row is committed; the callback worker's sweep picks it up
    s.log.warn({ err, enrichment: c.id }, "callback delivery job not sent");
  }
}

export const enrichmentHooks: OwnerHooks = { onTerminal, afterTerminal };
