// What the engine's milestones mean for a v3 enrichment. In the terminal transaction (collection
// row locked): the billing entries, and the callback delivery when the creation request stopped
// waiting (collections.callback_armed); without a callback armed, the billing entries as CTEs of
// the terminal statement. After commit: the delivery's job, for the delivery id the terminal
// transaction returned (the engine hands it over only once that transaction committed; when it
// rolls back there is nothing to send, and nothing kept aside).
import type { Tx } from "../../db/client";
import type { Collection, OwnerHooks } from "../../engine/types";
import type { Services } from "../../context";
import { billingCtes, recordBilling } from "../billing/record";
import { armTerminalCallback, sendDeliveryJob } from "../callbacks/enqueue";
import { sql } from "drizzle-orm";
import { enrichmentOutboxCtes } from "../../webhooks/outbox";

/** The id of the callback delivery written in the terminal transaction, or null. */
async function onTerminal(tx: Tx, c: Collection): Promise<string | null> {
  // the enrichment, its profile's billing fields and the billing entries: one statement
  const billed = await recordBilling(tx, c.id);
  // the webhooks' outbox: enrichment.completed, the same CTEs as the one-statement terminal's
  await tx.execute(sql`with ${enrichmentOutboxCtes(sql`(select * from collections where id = ${c.id})`)} select 1`);
  if (!billed?.callbackDue) return null;
  return armTerminalCallback(tx, c.id, c.workspaceId);
}

async function afterTerminal(s: Services, c: Collection, deliveryId: string | null): Promise<void> {
  if (!deliveryId) return;
  try {
    await sendDeliveryJob(s, deliveryId);
  } catch (err) {
    // the delivery row is committed; the callback worker's sweep picks it up
    s.log.warn({ err, enrichment: c.id }, "callback delivery job not sent");
  }
}

// billing reads the modules' states in its own SQL, and the callback's body is read by
// armTerminalCallback itself: the engine reads no modules for it. The common end (completed, no
// callback armed) is the billing alone, written by the engine's terminal statement.
export const enrichmentHooks: OwnerHooks<string | null> = {
  onTerminal,
  afterTerminal,
  terminalModules: false,
  terminalCtes: (ended, okModules) => sql`${billingCtes(ended, okModules)}, ${enrichmentOutboxCtes(ended)}`,
};
