// alert.opened and alert.resolved to the workspace's `monitoring.callbackUrl` (issue 32, item 5;
// docs/monitoring.md, "Callbacks"). They ride the v3 callbacks' outbox (callback_deliveries,
// server/v3/callbacks/worker.ts): the delivery row is written in the transaction that opens or
// resolves the alert, so an alert and its callback exist together or not at all; after the commit
// a job (queue callback-deliver) makes the first attempt, retried on the callbacks' schedule, and a
// lost job is sent again by the callbacks' sweep. Signed as v3 callbacks are (docs/callbacks.md:
// X-Service-Signature over "<timestamp>.<body>" with the workspace's callback secret).
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { newEventId, sendDeliveryJob } from "../v3/callbacks/enqueue";
import type { Services } from "../context";
import type { Alert } from "../../lib/contract/monitoring";
import { readSettings } from "../review/settings/store";

export type AlertEvent = "alert.opened" | "alert.resolved";

/** Writes one delivery per alert when the workspace has a callback URL; answers their ids. */
export async function armAlertCallbacks(tx: Tx, workspaceId: string, type: AlertEvent, alerts: Alert[]): Promise<string[]> {
  if (alerts.length === 0) return [];
  const { monitoring } = await readSettings(tx, workspaceId);
  const url = monitoring.callbackUrl;
  if (!url) return [];
  const now = new Date().toISOString();
  const rows = alerts.map((alert) => {
    const id = newEventId();
    return { id, owner_id: alert.id, body: JSON.stringify({ id, type, createdAt: now, data: alert }) };
  });
  await tx.execute(sql`
    insert into callback_deliveries (id, workspace_id, owner_id, url, method, headers, body, status, attempts, next_attempt_at, created_at)
    select r.id, ${workspaceId}, r.owner_id, ${url}, 'POST', '{}'::jsonb, r.body, 'pending', 0, now(), now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, owner_id text, body text)`);
  return rows.map((r) => r.id);
}

/** After the commit: the first attempt of each delivery (a failure here is the sweep's to recover). */
export async function sendAlertCallbacks(s: Pick<Services, "queue" | "log">, ids: string[]): Promise<void> {
  for (const id of ids)
    await sendDeliveryJob(s as Services, id).catch((err: unknown) =>
      s.log.warn({ err, deliveryId: id }, "monitoring callback job not sent: the sweep sends it"),
    );
}
