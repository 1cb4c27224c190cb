// Billing of a v3 enrichment (spec 3.3), written with its terminal state:
//   COMPLETED ok                -> the profile's action + one per completed (ok) add-on module;
//   COMPLETED subject_not_found -> the profile's action only;
//   FAILED                      -> nothing.
// The unique (enrichment_id, action) index with ON CONFLICT DO NOTHING makes it exactly once.
// Decision: actions are read from the profile row at terminal time (by id, active or not); the
// contract was checked against the same actions at creation.
//
// One SQL for both ways an enrichment ends: as CTEs of the engine's terminal statement (the common
// end, OwnerHooks.terminalCtes) or as a statement of the terminal transaction (recordBilling).
import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { runPrepared } from "../../db/rows";

/**
 * CTEs `bill_e`, `bill_actions` and `billed`: the billing entries of the enrichments whose
 * collection rows are in `ended` (a relation with the collections columns; one row, many, or none),
 * each from its profile (by id, active or not; none when it is gone) and its add-on modules ok in
 * `okModules` (a relation of `collection_id`, `module`, `addon`). `bill_e.callback_due`: the
 * enrichment has a callback and it is armed.
 */
export function billingCtes(ended: SQL, okModules: SQL): SQL {
  return sql`bill_e as (
      select x.id, x.workspace_id, x.status, x.outcome, x.completed_at, x.callback_armed and e.callback is not null as callback_due,
        p.billing_action, p.modules as profile_modules
      from ${ended} x join enrichments e on e.id = x.id and e.workspace_id = x.workspace_id
        left join profiles p on p.id = e.profile_id
    ), bill_actions as (
      select id, billing_action as action from bill_e where status = 'COMPLETED' and billing_action is not null
      union
      select b.id, b.profile_modules -> a.module ->> 'billingAction' from bill_e b join ${okModules} a on a.collection_id = b.id
      where b.status = 'COMPLETED' and b.outcome = 'ok' and a.addon and b.billing_action is not null
        and b.profile_modules -> a.module ->> 'billingAction' is not null
    ), billed as (
      insert into billing_entries (id, workspace_id, enrichment_id, action, created_at)
      select gen_random_uuid(), b.workspace_id, b.id, a.action, coalesce(b.completed_at, now()) from bill_e b join bill_actions a on a.id = b.id
      on conflict do nothing
    )`;
}

/**
 * In the terminal transaction, after the collection row was made terminal: writes the billing
 * entries of the enrichment `id`, in one statement. Returns null when the enrichment is not
 * found, else whether its callback is due (it has one and the creation request stopped waiting).
 */
export async function recordBilling(tx: Tx, id: string): Promise<{ callbackDue: boolean } | null> {
  const rows = await runPrepared(
    tx,
    sql`with ${billingCtes(
      sql`(select * from collections where id = ${id})`,
      sql`(select collection_id, module, addon from module_runs where collection_id = ${id} and status = 'ok')`,
    )}
    select callback_due from bill_e`,
  );
  const [row] = rows;
  return row ? { callbackDue: row.callback_due === true } : null;
}
