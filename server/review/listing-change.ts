// When the workspace's restrictive list changes for documents (an entry added, replaced, removed,
// imported), in the change's transaction (issues 18 and 19):
// - the cases of those documents get their restrictive_list flag again: set while the document is
//   listed (and not expired) or the service's list names it (the dossier's blacklisted.service),
//   cleared otherwise; their other flags and their dossier and score do not change;
// - their AI summaries are marked stale (verification_summaries.stale_at), until made again.
// One statement each, through the (workspace_id, national_id) index.
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

export async function listingChanged(tx: Tx, workspaceId: string, documents: string[]): Promise<void> {
  if (documents.length === 0) return;
  const docs = sql.param([...new Set(documents)]);
  await tx.execute(sql`
    update verifications v set risk_flags =
      case when exists (
          select 1 from blacklist_entries b
          where b.workspace_id = v.workspace_id and b.national_id = v.national_id and (b.expires_at is null or b.expires_at > now())
        ) or v.dossier->'profile'->'blacklisted'->>'service' = 'true'
      then case when 'restrictive_list' = any(v.risk_flags) then v.risk_flags else array_append(v.risk_flags, 'restrictive_list') end
      else array_remove(v.risk_flags, 'restrictive_list') end
    where v.workspace_id = ${workspaceId} and v.national_id = any(${docs}::text[]) and v.status in ('COMPLETED', 'ANALYZING')`);
  await tx.execute(sql`
    update verification_summaries s set stale_at = now()
    from verifications v
    where v.workspace_id = ${workspaceId} and v.national_id = any(${docs}::text[])
      and s.verification_id = v.id and s.summary is not null and s.stale_at is null`);
}
