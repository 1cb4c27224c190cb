// POST /api/review/v1/rulesets/evaluate: a version, stored or not, on one completed case's facts
// (the stored ones; for a case completed before the backfill reached it, extracted from its
// dossier now, without storing them: a read never writes). Nothing is stored.
import type { Db } from "../db/client";
import { ApiError, notFound } from "../http/errors";
import type { FactValue, Recommendation } from "../../lib/contract/rules";
import type { Entity, Facts } from "./facts";
import { compileRuleset, scoreFacts, validateRuleset, type CompiledRuleset } from "./ruleset";
import { findRuleset, scoringProfile } from "./store";
import { compiledVersion, factsNow } from "./scoring";

type Body = { ruleset: { id: string } | { rules: unknown[]; thresholds?: unknown }; verificationId: string };

export interface EvaluationResult {
  verificationId: string;
  score: number;
  recommendation: Recommendation;
  rules: {
    code: string;
    title: string;
    weight: number;
    module: string;
    enabled: boolean;
    fired: boolean;
    facts: Record<string, FactValue>;
    error: string | null;
  }[];
  elapsedMs: number;
}

async function caseFacts(db: Db, workspaceId: string, verificationId: string): Promise<{ entity: Entity; facts: Facts }> {
  const found = await factsNow(db, workspaceId, verificationId);
  if (found === "not_found") throw notFound("verification");
  if (found === "not_completed") throw new ApiError("conflict", "The verification has not completed: it has no facts yet");
  return found;
}

export async function evaluateOnCase(db: Db, workspaceId: string, body: Body): Promise<EvaluationResult> {
  const started = performance.now();
  const { entity, facts } = await caseFacts(db, workspaceId, body.verificationId);
  let compiled: CompiledRuleset;
  if ("id" in body.ruleset) {
    const row = await findRuleset(db, workspaceId, body.ruleset.id);
    const profile = await scoringProfile(db, workspaceId, row.profileId);
    if (profile.entity !== entity)
      throw new ApiError(
        "profile_entity_mismatch",
        `Version ${row.version} scores ${profile.entity} verifications; this one is of a ${entity}`,
      );
    compiled = compiledVersion(entity, row);
  } else {
    compiled = compileRuleset(entity, validateRuleset(entity, body.ruleset.rules, body.ruleset.thresholds));
  }
  const scored = scoreFacts(compiled, facts);
  return {
    verificationId: body.verificationId,
    score: scored.score,
    recommendation: scored.recommendation,
    rules: scored.outcomes.map((o) => ({
      code: o.def.code,
      title: o.def.title,
      weight: o.def.weight,
      module: o.def.module,
      enabled: o.def.enabled,
      fired: o.fired,
      facts: o.facts,
      error: o.error,
    })),
    elapsedMs: Math.round((performance.now() - started) * 100) / 100,
  };
}
