// A completed v2 verification built in memory from the sandbox provider, the way the engine builds
// it (same dossier mapping, same scoring): for unit tests of the summary and the PDF report.
import { createSandboxProvider } from "../../server/datasets/sandbox";
import type { Entity, ModuleName } from "../../server/datasets/types";
import type { ModuleRun } from "../../server/engine/types";
import { GLOBAL_PROFILES } from "../../server/tenancy/catalog";
import { dossierOf } from "../../server/v2/verifications/hooks";
import { scoreModules } from "../../server/v2/verifications/scoring";
import { relatedParties } from "../../server/datasets/related-parties";
import type { ModuleData } from "../../server/datasets/types";
import type { SummaryInput } from "../../server/ai/types";

const provider = createSandboxProvider();

export interface SandboxVerification extends SummaryInput {
  name: string | null;
  profileId: string;
}

/** One module's run on the sandbox, as the engine records it (a failed run when the sandbox does not answer ok). */
export async function sandboxRun(
  entity: Entity,
  module: ModuleName,
  version: string,
  document: string,
  addon = false,
): Promise<{ run: ModuleRun; kind: string }> {
  const r = await provider.fetch({ entity, module, version, document, attempt: 3, round: 3 });
  const run: ModuleRun = {
    collectionId: "x",
    module,
    dataset: `${entity}-${module}-${version}`,
    addon,
    status: r.kind === "ok" ? "ok" : "failed",
    attempts: 1,
    nextAttemptAt: null,
    data: r.kind === "ok" ? (r.data as unknown as Record<string, unknown>) : null,
    lastError: null,
    cachedAt: null,
    source: { provider: "sandbox" },
    permanent: false,
    completedAt: new Date(),
    updatedAt: new Date(),
  };
  return { run, kind: r.kind };
}

/** Runs every module of the profile (add-ons with `addons`) on the sandbox and scores it. */
export async function sandboxVerification(
  document: string,
  options: { profileId?: string; addons?: boolean; input?: { attribute: string; value: string }[] } = {},
): Promise<SandboxVerification> {
  const entity: Entity = document.length === 14 ? "company" : "person";
  const profileId = options.profileId ?? (entity === "company" ? "prf_kyb_company" : "prf_kyc_person");
  const profile = GLOBAL_PROFILES.find((p) => p.id === profileId)!;
  const runs: ModuleRun[] = [];
  let notFound = false;
  for (const [module, config] of Object.entries(profile.modules)) {
    if (config.addon && !options.addons) continue;
    if (config.enabled === false && !config.addon) continue; // like the engine's plan (biometrics: only with faceRecognition)
    const version = config.dataset.slice(config.dataset.lastIndexOf("-") + 1);
    const { run, kind } = await sandboxRun(entity, module as ModuleName, version, document, Boolean(config.addon));
    if (module === "profile" && kind === "not_found") notFound = true;
    runs.push(run);
  }
  const kept = notFound ? runs.filter((r) => r.module === "profile") : runs;
  const { dossier, name } = dossierOf(entity, kept);
  const scored = notFound
    ? { score: 0, scoreFactor: 1000, rules: ["subject_not_found"], scoreDistribution: [{ module: "profile", percent: 100 }] }
    : scoreModules(kept, profile.rules ?? []);
  const result = {
    ...scored,
    execution: { startedAt: "2026-01-10T12:00:00.000Z", endedAt: "2026-01-10T12:00:03.000Z", durationMs: 3000 },
    relatedCount: relatedParties(kept.find((m) => m.module === "related")?.data as ModuleData | null).length,
  };
  return {
    verificationId: "6f1c7a4e-2b1d-4c55-9a3e-0d2f5b8c9e01",
    entity,
    nationalId: document,
    status: "COMPLETED",
    score: scored.score,
    result,
    dossier,
    input: options.input ?? null,
    name,
    profileId,
  };
}
