// What the engine's milestones mean for a v2 verification: FETCHING is PROCESSING; a terminal
// collection builds the dossier from the module data and scores it (COMPLETED), or records the
// failure (FAILED). Written in the engine's transaction, so status and dossier change together.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { profiles, verifications } from "../../db/schema";
import type { Collection, ModuleRun, OwnerHooks } from "../../engine/types";
import type { ModuleData } from "../../datasets/types";
import { toBusinessProfile, toPersonFinance, toPersonProfile } from "../../datasets/dossier";
import { scoreModules } from "./scoring";
import { relatedParties } from "../../datasets/related-parties";

export function dossierOf(entity: string, modules: ModuleRun[]): { dossier: Record<string, unknown>; name: string | null } {
  const section: Record<string, unknown> = {};
  let name: string | null = null;
  for (const run of modules) {
    const data = run.data as ModuleData | null;
    if (run.status !== "ok" || !data) continue;
    if (run.module === "profile") {
      const block = (data as Record<string, unknown>).profile;
      if (!block) {
        section.profile = null;
        continue;
      }
      const listing = { clientListed: false }; // the workspace restrictive list arrives with its issue
      const profile = entity === "company" ? toBusinessProfile(data, listing) : toPersonProfile(data, listing);
      section.profile = profile;
      name = (profile as { name?: string }).name ?? null;
    } else if (run.module === "finance" && entity === "person") {
      section.finance = toPersonFinance(data);
    } else {
      section[run.module] = (data as Record<string, unknown>)[run.module] ?? null;
    }
  }
  return { dossier: section, name };
}

async function onTerminal(tx: Tx, c: Collection, modules: ModuleRun[]): Promise<void> {
  const [row] = await tx.select().from(verifications).where(and(eq(verifications.workspaceId, c.workspaceId), eq(verifications.id, c.id)));
  if (!row) return;
  const now = new Date();
  if (c.status === "FAILED") {
    await tx.update(verifications).set({ status: "FAILED", failureReason: c.failureReason, updatedAt: now }).where(eq(verifications.id, c.id));
    return;
  }
  const weights = row.profileId
    ? (await tx.select({ rules: profiles.rules }).from(profiles).where(eq(profiles.id, row.profileId)))[0]?.rules ?? []
    : [];
  const { dossier, name } = dossierOf(c.entity, modules);
  const scored = c.outcome === "subject_not_found"
    ? { score: 0, scoreFactor: 1000, rules: ["subject_not_found"], scoreDistribution: [{ module: "profile", percent: 100 }] }
    : scoreModules(modules, weights);
  const relatedCount = relatedParties(modules.find((m) => m.module === "related")?.data as ModuleData | null).length;
  const result = {
    ...scored,
    execution: {
      startedAt: (c.startedAt ?? c.createdAt).toISOString(),
      endedAt: (c.completedAt ?? now).toISOString(),
      durationMs: (c.completedAt ?? now).getTime() - (c.startedAt ?? c.createdAt).getTime(),
    },
    relatedCount,
  };
  await tx.update(verifications).set({
    status: "COMPLETED", name, dossier,
    result, score: scored.score, updatedAt: now,
  }).where(eq(verifications.id, c.id));
}

export const verificationHooks: OwnerHooks = {
  async onFetching(tx, c) {
    await tx.update(verifications).set({ status: "PROCESSING", updatedAt: new Date() })
      .where(and(eq(verifications.workspaceId, c.workspaceId), eq(verifications.id, c.id)));
  },
  onTerminal,
};
