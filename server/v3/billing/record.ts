// Billing of a v3 enrichment (spec 3.3), written in the engine's terminal transaction:
//   COMPLETED ok                -> the profile's action + one per completed (ok) add-on module;
//   COMPLETED subject_not_found -> the profile's action only;
//   FAILED                      -> nothing.
// The unique (enrichment_id, action) index with ON CONFLICT DO NOTHING makes it exactly once.
// Decision: actions are read from the profile row at terminal time (by id, active or not); the
// contract was checked against the same actions at creation.
import { randomUUID } from "node:crypto";
import type { Tx } from "../../db/client";
import { billingEntries } from "../../db/schema";
import type { Collection, ModuleRun } from "../../engine/types";

export function billableActions(
  profile: { billingAction: string | null; modules: Record<string, { billingAction?: string }> },
  c: Pick<Collection, "status" | "outcome">,
  modules: ModuleRun[],
): string[] {
  if (c.status !== "COMPLETED" || !profile.billingAction) return [];
  const actions = [profile.billingAction];
  if (c.outcome === "ok") {
    for (const m of modules) {
      const action = profile.modules[m.module]?.billingAction;
      if (m.addon && m.status === "ok" && action) actions.push(action);
    }
  }
  return [...new Set(actions)];
}

export type BillingProfile = Parameters<typeof billableActions>[0];

/** `profile`: the enrichment's profile as it is now (by id, active or not), null when it is gone. */
export async function recordBilling(tx: Tx, c: Collection, profile: BillingProfile | null, modules: ModuleRun[]): Promise<string[]> {
  if (!profile) return [];
  const actions = billableActions(profile, c, modules);
  if (actions.length === 0) return [];
  const at = c.completedAt ?? new Date();
  await tx
    .insert(billingEntries)
    .values(actions.map((action) => ({ id: randomUUID(), workspaceId: c.workspaceId, enrichmentId: c.id, action, createdAt: at })))
    .onConflictDoNothing();
  return actions;
}
