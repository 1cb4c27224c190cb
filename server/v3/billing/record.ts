// Billing of a v3 enrichment (spec 3.3), written in the engine's terminal transaction:
//   COMPLETED ok                -> the profile's action + one per completed (ok) add-on module;
//   COMPLETED subject_not_found -> the profile's action only;
//   FAILED                      -> nothing.
// The unique (enrichment_id, action) index with ON CONFLICT DO NOTHING makes it exactly once.
// Decision: actions are read from the profile row at terminal time (by id, active or not); the
// contract was checked against the same actions at creation.
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { runPrepared } from "../../db/rows";
import type { Collection, ModuleRun } from "../../engine/types";

/**
 * Reads the enrichment and its profile (by id, active or not; none when it is gone) and writes the
 * billing entries those rules give, in one statement. Returns null when the enrichment is not
 * found, else whether its callback is due (it has one and the creation request stopped waiting).
 */
export async function recordBilling(
  tx: Tx,
  c: Pick<Collection, "id" | "workspaceId" | "status" | "outcome" | "completedAt">,
  modules: Pick<ModuleRun, "module" | "addon" | "status">[],
): Promise<{ callbackDue: boolean } | null> {
  const completed = c.status === "COMPLETED";
  // add-on modules bill only on a COMPLETED ok enrichment, each when it completed (ok)
  const addons = completed && c.outcome === "ok" ? modules.filter((m) => m.addon && m.status === "ok").map((m) => m.module) : [];
  const at = (c.completedAt ?? new Date()).toISOString();
  const rows = await runPrepared(
    tx,
    sql`
    with e as (
      select e.callback is not null and e.callback_armed as callback_due, p.billing_action, p.modules as profile_modules
      from enrichments e left join profiles p on p.id = e.profile_id
      where e.workspace_id = ${c.workspaceId} and e.id = ${c.id}
    ), actions as (
      select billing_action as action from e where ${completed} and billing_action is not null
      union
      select profile_modules -> a.module ->> 'billingAction' from e, jsonb_array_elements_text(${JSON.stringify(addons)}::jsonb) as a(module)
      where billing_action is not null and profile_modules -> a.module ->> 'billingAction' is not null
    ), billed as (
      insert into billing_entries (id, workspace_id, enrichment_id, action, created_at)
      select gen_random_uuid(), ${c.workspaceId}::uuid, ${c.id}, action, ${at}::timestamptz from actions
      on conflict do nothing
    )
    select callback_due from e`,
  );
  const [row] = rows;
  return row ? { callbackDue: row.callback_due === true } : null;
}
