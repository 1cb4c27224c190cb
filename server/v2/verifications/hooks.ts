// What the engine's milestones mean for a v2 verification: FETCHING is PROCESSING; a terminal
// collection builds the dossier from the module data and scores it (COMPLETED), or records the
// failure (FAILED). Written in the engine's transaction, so status and dossier change together.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { verifications } from "../../db/schema";
import type { Collection, ModuleRun, OwnerHooks } from "../../engine/types";
import type { ModuleData } from "../../datasets/types";
import { toBusinessProfile, toPersonFinance, toPersonProfile } from "../../datasets/dossier";
import { scoreModules } from "./scoring";
import { relatedParties } from "../../datasets/related-parties";
import { armVerificationCallback, sendVerificationCallback } from "../callbacks/arm";
import { applyRelatedListing, NOT_LISTED, withListingRules, workspaceListing, type WorkspaceListing } from "../blacklist/listing";
import { afterVerificationTerminal, finishStaleAnalyses, markSummaryPending, summaryOnCompletion } from "../summary/generate";
import { VISION_STEPS } from "../../vision/steps";
import { deleteImages } from "../../vision/intake";
import { riskFlags } from "../../review/flags";
import { datasetRules, scoreAtCompletion, SUBJECT_NOT_FOUND_RULES, sweepBackfill } from "../../rules/scoring";
import { routeCase } from "../../routing/route";

export function dossierOf(
  entity: string,
  modules: ModuleRun[],
  listing: WorkspaceListing = NOT_LISTED,
): { dossier: Record<string, unknown>; name: string | null } {
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
      const profile = entity === "company" ? toBusinessProfile(data, listing) : toPersonProfile(data, listing);
      applyRelatedListing(profile, listing);
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

/** Returns the id of the callback delivery it armed, sent once the transaction committed. */
async function onTerminal(tx: Tx, c: Collection, modules: ModuleRun[]): Promise<string | null> {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(and(eq(verifications.workspaceId, c.workspaceId), eq(verifications.id, c.id)));
  if (!row) return null;
  const now = new Date();
  await deleteImages(tx, c.id); // vision: images are kept only while the verification runs
  if (c.status === "FAILED") {
    await tx
      .update(verifications)
      // review (server/review): a failed case is decidable, so its SLA starts now; it has no flags
      .set({ status: "FAILED", failureReason: c.failureReason, updatedAt: now, reviewStartedAt: now })
      .where(eq(verifications.id, c.id));
    await routeCase(tx, c.workspaceId, c.id); // routing (server/routing): a decidable case finds its analyst here
    return armVerificationCallback(tx, row, "FAILED", null, c.completedAt ?? now);
  }
  // the workspace's restrictive list (server/v2/blacklist/listing.ts)
  const listing = c.outcome === "subject_not_found" ? NOT_LISTED : await workspaceListing(tx, c.workspaceId, c.document, modules);
  const { dossier, name } = dossierOf(c.entity, modules, listing);
  const scoredModules = c.outcome === "subject_not_found" ? null : withListingRules(modules, listing);
  // the rules room (server/rules/): the profile's active rule set version scores the facts, and
  // the scoring is recorded with that version; its version 1 answers what scoreModules answered
  const scored = row.profileId
    ? await scoreAtCompletion(tx, {
        workspaceId: c.workspaceId,
        verificationId: c.id,
        profileId: row.profileId,
        entity: c.entity === "company" ? "company" : "person",
        createdAt: row.createdAt,
        completedAt: c.completedAt ?? now,
        dossier,
        rules: scoredModules ? datasetRules(scoredModules) : SUBJECT_NOT_FOUND_RULES,
      })
    : c.outcome === "subject_not_found"
      ? { score: 0, scoreFactor: 1000, rules: ["subject_not_found"], scoreDistribution: [{ module: "profile", percent: 100 }] }
      : scoreModules(scoredModules!, []); // no profile: no weights;
  const relatedCount = relatedParties(modules.find((m) => m.module === "related")?.data as ModuleData | null).length;
  const result = {
    ...scored,
    execution: {
      startedAt: (c.startedAt ?? c.createdAt).toISOString(),
      endedAt: (c.completedAt ?? now).toISOString(),
      durationMs: (c.completedAt ?? now).getTime() - (c.startedAt ?? c.createdAt).getTime(),
      // modules answered by the dataset cache (server/datasets/cache.ts) and how old the answer was
      cachedModules: cachedModules(modules),
    },
    relatedCount,
  };
  // AI summary due at completion (spec 3.1): ANALYZING until afterTerminal has made it
  const analyze = c.outcome === "ok" && (await summaryOnCompletion(tx, row));
  await tx
    .update(verifications)
    .set({
      status: analyze ? "ANALYZING" : "COMPLETED",
      name,
      dossier,
      result,
      score: scored.score,
      updatedAt: now,
      // review: the risk flags, in the same statement (no statement added to the completion);
      // the SLA starts when the case is decidable (COMPLETED now, or once the summary is made)
      riskFlags: riskFlags({ dossier, result, score: scored.score }),
      ...(analyze ? {} : { reviewStartedAt: now }),
    })
    .where(eq(verifications.id, c.id));
  // with a summary due, the callback is armed when the summary completes it (summary/generate.ts)
  if (analyze) {
    await markSummaryPending(tx, row);
    return null;
  }
  await routeCase(tx, c.workspaceId, c.id); // routing (server/routing), in the transaction that makes it reviewable
  return armVerificationCallback(tx, row, "COMPLETED", scored.score, c.completedAt ?? now);
}

export function cachedModules(modules: ModuleRun[]): { module: string; dataset: string; fetchedAt: string; ageSeconds: number }[] {
  return modules
    .filter((m) => m.status === "ok" && m.cachedAt)
    .map((m) => ({
      module: m.module,
      dataset: m.dataset,
      fetchedAt: m.cachedAt!.toISOString(),
      ageSeconds: Math.max(0, Math.round(((m.completedAt ?? m.cachedAt!).getTime() - m.cachedAt!.getTime()) / 1000)),
    }));
}

export const verificationHooks: OwnerHooks<string | null> = {
  async onFetching(tx, c) {
    await tx
      .update(verifications)
      .set({ status: "PROCESSING", updatedAt: new Date() })
      .where(and(eq(verifications.workspaceId, c.workspaceId), eq(verifications.id, c.id)));
  },
  onTerminal,
  async afterTerminal(s, c, deliveryId) {
    await sendVerificationCallback(s, c, deliveryId);
    await afterVerificationTerminal(s, c);
  },
  steps: VISION_STEPS, // face match and CNH reading, after the dataset modules
  sweep: async (s) => {
    await finishStaleAnalyses(s); // summaries whose process died before making them
    await sweepBackfill(s.db); // the facts of verifications completed before rule sets (server/rules/scoring.ts)
  },
};
