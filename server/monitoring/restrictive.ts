// The restrictive source (issue 32, item 2): a document added to the workspace's restrictive list
// (one by the API, or by an import) that a watched case holds opens restrictive_added at once, in
// the transaction that lists it. The insert's unique key (document, kind, value after, release '')
// keeps a second listing from opening a second alert, and a dismissed pair never alerts again.
// Called by the v2 restrictive-list routes (server/v2/blacklist) after listingChanged.
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { Actor } from "../review/audit/record";
import { recordEvents } from "../review/audit/record";
import { readSettings } from "../review/settings/store";
import { maskDocument } from "../../lib/contract/documents";
import { watchedSql } from "./watch";
import { rowMapper, rowsOf } from "../db/rows";
import { monitoringAlerts } from "../db/schema";
import { toAlerts } from "./alerts";
import { armAlertCallbacks } from "./callbacks";

const toAlertRow = rowMapper<typeof monitoringAlerts.$inferSelect>(monitoringAlerts);
import { routeAlert } from "../routing/route";

/** Opens the alerts of documents just listed; answers how many it opened. */
export async function restrictiveAdded(
  tx: Tx,
  workspaceId: string,
  documents: string[],
  actor: Actor | null,
  requestId: string | null,
): Promise<number> {
  if (documents.length === 0) return 0;
  const { monitoring } = await readSettings(tx, workspaceId);
  if (!monitoring.enabled || !monitoring.sources.includes("restrictive")) return 0;
  const docs = sql.param([...new Set(documents)]);
  // one alert per document: its most recent watched case
  const result = await tx.execute(sql`
    insert into monitoring_alerts (id, workspace_id, verification_id, national_id, source, kind, before, after, after_key, release, confidence)
    select distinct on (v.national_id) gen_random_uuid(), v.workspace_id, v.id, v.national_id, 'restrictive', 'restrictive_added',
      '{"listed": false}'::jsonb, jsonb_build_object('listed', true, 'reason', b.reason), 'listed', '', 'exact'
    from verifications v
    join blacklist_entries b on b.workspace_id = v.workspace_id and b.national_id = v.national_id
      and (b.expires_at is null or b.expires_at > now())
    left join monitoring_cases mc on mc.verification_id = v.id
    where v.workspace_id = ${workspaceId} and v.national_id = any(${docs}::text[])
      and ${watchedSql(monitoring, "restrictive")}
      and not exists (select 1 from monitoring_dismissals d where d.workspace_id = v.workspace_id
        and d.national_id = v.national_id and d.kind = 'restrictive_added' and d.after_key = 'listed')
    order by v.national_id, v.created_at desc, v.id desc
    on conflict (workspace_id, national_id, kind, after_key, release) do nothing
    returning *`);
  const rows = rowsOf(result).map(toAlertRow);
  await recordEvents(
    tx,
    rows.map((r) => ({
      workspaceId,
      type: "alert.opened" as const,
      actor,
      caseId: r.verificationId,
      requestId,
      data: { alertId: r.id, source: "restrictive", kind: "restrictive_added", document: maskDocument(r.nationalId) },
    })),
  );
  // alert.opened to the workspace's callback URL: the first attempt is the callbacks' sweep's
  // (this transaction belongs to the restrictive list's routes, which hold no queue)
  await armAlertCallbacks(tx, workspaceId, "alert.opened", await toAlerts(tx, rows));
  // routing (server/routing): each new alert finds its analyst by the workspace's rules
  for (const r of rows) await routeAlert(tx, workspaceId, r.id, r.verificationId);
  return rows.length;
}
