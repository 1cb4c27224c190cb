// Scoring a verification with its profile's active version (docs/rules.md, "Scoring"): at
// completion, in the engine's transaction, the facts are extracted from the dossier and stored
// once, the active version scores them, each shadow version scores them too, and the scoring is
// recorded beside the verification (verification_scorings), never rewritten afterwards. The v2
// record keeps its shape: score, scoreFactor, rules (the codes that fired), scoreDistribution.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { moduleRuns, verificationFacts, verificationScorings, verifications } from "../db/schema";
import type { ModuleRun } from "../engine/types";
import type { ScoreResult } from "../v2/verifications/scoring";
import type { CaseScoring } from "../../lib/contract/rules";
import { EXTRACTOR_VERSION, extractFacts, factLabel, type Entity, type Facts, type FiredDatasetRules } from "./facts";
import { compileRuleset, scoreFacts, SUBJECT_NOT_FOUND, type CompiledRuleset } from "./ruleset";
import { RULES as RULE_CATALOG } from "../../lib/contract/rule-catalog";
import { scoringVersions, type RulesetRow } from "./store";

/** The rules the datasets fired, in the modules' order (what scoreModules reads). */
export function datasetRules(modules: Pick<ModuleRun, "module" | "data">[]): FiredDatasetRules {
  const codes: string[] = [];
  const moduleRules: string[] = [];
  for (const run of modules) {
    const rules = (run.data as { rules?: { rule: string; fired: boolean }[] } | null)?.rules ?? [];
    for (const r of rules) {
      if (!r.fired) continue;
      codes.push(r.rule);
      moduleRules.push(`${run.module}.${r.rule}`);
    }
  }
  return { codes: [...new Set(codes)], moduleRules: [...new Set(moduleRules)] };
}

/** What a verification that found no subject fired: subject_not_found, in the profile module. */
export const SUBJECT_NOT_FOUND_RULES: FiredDatasetRules = { codes: [SUBJECT_NOT_FOUND], moduleRules: [`profile.${SUBJECT_NOT_FOUND}`] };

export function compiledVersion(entity: Entity, row: RulesetRow): CompiledRuleset {
  // a published version never changes (activation and shadow change its row, not its rules)
  const key = row.state === "published" ? row.id : `${row.id}:${row.updatedAt.getTime()}`;
  return compileRuleset(entity, { rules: row.rules, thresholds: row.thresholds }, key);
}

export interface Completion {
  workspaceId: string;
  verificationId: string;
  profileId: string;
  entity: Entity;
  createdAt: Date;
  completedAt: Date;
  dossier: Record<string, unknown>;
  /** The dataset rules that fired (datasetRules, with the restrictive list's), or SUBJECT_NOT_FOUND_RULES. */
  rules: FiredDatasetRules;
}

/** Stores the facts and the scoring of a completing verification; answers what the v2 record holds. */
export async function scoreAtCompletion(tx: Tx, c: Completion): Promise<ScoreResult> {
  const facts = extractFacts(c.entity, c.dossier, c.rules, c.completedAt);
  await storeFacts(tx, c, facts);
  const { active, shadows } = await scoringVersions(tx, c.workspaceId, c.profileId);
  if (!active) throw new Error(`no active rule set for profile ${c.profileId}`);
  const scored = scoreFacts(compiledVersion(c.entity, active), facts);
  const shadow = shadows.map((row) => {
    const s = scoreFacts(compiledVersion(c.entity, row), facts);
    return { rulesetId: row.id, version: row.version, score: s.score, recommendation: s.recommendation };
  });
  await tx
    .insert(verificationScorings)
    .values({
      verificationId: c.verificationId,
      workspaceId: c.workspaceId,
      rulesetId: active.id,
      version: active.version,
      score: scored.score,
      recommendation: scored.recommendation,
      fired: scored.fired.map((o) => ({
        code: o.def.code,
        title: o.def.title,
        weight: o.def.weight,
        module: o.def.module,
        facts: o.facts,
      })),
      shadow,
    })
    .onConflictDoNothing();
  return { score: scored.score, scoreFactor: scored.scoreFactor, rules: scored.rules, scoreDistribution: scored.scoreDistribution };
}

interface FactsOwner {
  workspaceId: string;
  verificationId: string;
  profileId: string | null;
  entity: Entity;
  createdAt: Date;
}

async function storeFacts(db: Db | Tx, c: FactsOwner, facts: Facts): Promise<void> {
  await db
    .insert(verificationFacts)
    .values({
      verificationId: c.verificationId,
      workspaceId: c.workspaceId,
      entity: c.entity,
      profileId: c.profileId,
      extractorVersion: EXTRACTOR_VERSION,
      facts,
      verificationCreatedAt: c.createdAt,
    })
    .onConflictDoUpdate({
      target: verificationFacts.verificationId,
      set: { facts, extractorVersion: EXTRACTOR_VERSION, extractedAt: sql`now()` },
      // a stored extraction is kept unless it is of an older extractor
      setWhere: lt(verificationFacts.extractorVersion, EXTRACTOR_VERSION),
    });
}

/** The stored facts of a verification of the workspace (null: not completed, or not yet backfilled). */
export async function storedFacts(db: Db | Tx, workspaceId: string, verificationId: string) {
  const [row] = await db
    .select({ facts: verificationFacts.facts, entity: verificationFacts.entity, profileId: verificationFacts.profileId })
    .from(verificationFacts)
    .where(and(eq(verificationFacts.workspaceId, workspaceId), eq(verificationFacts.verificationId, verificationId)));
  return row ?? null;
}

/** The scoring a case was given (GET /cases/{id} `scoring`); null for one scored before rule sets. */
export async function caseScoring(db: Db, workspaceId: string, verificationId: string): Promise<CaseScoring | null> {
  const [row] = await db
    .select()
    .from(verificationScorings)
    .where(and(eq(verificationScorings.workspaceId, workspaceId), eq(verificationScorings.verificationId, verificationId)));
  if (!row) return null;
  return {
    rulesetId: row.rulesetId,
    version: row.version,
    score: row.score,
    recommendation: row.recommendation as CaseScoring["recommendation"],
    fired: row.fired.map((f) => ({ ...f, module: f.module ?? "" })),
    shadow: row.shadow as CaseScoring["shadow"],
    factLabels: Object.fromEntries(row.fired.flatMap((f) => Object.keys(f.facts)).map((name) => [name, factLabel(name)])),
  };
}

type CompletedRow = {
  id: string;
  workspaceId: string;
  profileId: string | null;
  entity: string;
  createdAt: Date;
  completedAt: Date;
  dossier: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
};

const completedColumns = {
  id: verifications.id,
  workspaceId: verifications.workspaceId,
  profileId: verifications.profileId,
  entity: verifications.entity,
  createdAt: verifications.createdAt,
  completedAt: sql<Date>`coalesce(${verifications.reviewStartedAt}, ${verifications.updatedAt})`.mapWith((v: string | Date) => new Date(v)),
  dossier: verifications.dossier,
  result: verifications.result,
};

/**
 * The facts of completed verifications that have none stored: from their dossier, the rules each
 * module run fired and the rules their record lists (the restrictive list's, in the catalog's module).
 */
async function factsOfCompleted(
  db: Db,
  rows: CompletedRow[],
): Promise<Map<string, { row: CompletedRow & { entity: Entity }; facts: Facts }>> {
  const out = new Map<string, { row: CompletedRow & { entity: Entity }; facts: Facts }>();
  if (rows.length === 0) return out;
  const runs = await db
    .select({ id: moduleRuns.collectionId, module: moduleRuns.module, rules: sql<unknown>`${moduleRuns.data}->'rules'` })
    .from(moduleRuns)
    .where(
      inArray(
        moduleRuns.collectionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(moduleRuns.collectionId, moduleRuns.module);
  const runsOf = new Map<string, { module: string; data: Record<string, unknown> }[]>();
  for (const run of runs) {
    const list = runsOf.get(run.id) ?? [];
    list.push({ module: run.module, data: { rules: Array.isArray(run.rules) ? run.rules : [] } });
    runsOf.set(run.id, list);
  }
  for (const r of rows) {
    if (r.entity !== "person" && r.entity !== "company") continue;
    const recorded = r.result?.rules;
    const codes = Array.isArray(recorded) ? (recorded as string[]) : [];
    const fired = codes.includes(SUBJECT_NOT_FOUND)
      ? { codes: [...SUBJECT_NOT_FOUND_RULES.codes], moduleRules: [...SUBJECT_NOT_FOUND_RULES.moduleRules] }
      : datasetRules(runsOf.get(r.id) ?? []);
    for (const code of codes) {
      if (fired.codes.includes(code)) continue;
      fired.codes.push(code);
      fired.moduleRules.push(`${RULE_CATALOG[code]?.module ?? "profile"}.${code}`);
    }
    const row = r as CompletedRow & { entity: Entity };
    out.set(r.id, { row, facts: extractFacts(row.entity, r.dossier ?? {}, fired, r.completedAt) });
  }
  return out;
}

/** The facts of one completed verification of the workspace, extracted now when none are stored (nothing is written). */
export async function factsNow(
  db: Db,
  workspaceId: string,
  verificationId: string,
): Promise<{ entity: Entity; facts: Facts } | "not_found" | "not_completed"> {
  const stored = await storedFacts(db, workspaceId, verificationId);
  if (stored) return { entity: stored.entity as Entity, facts: stored.facts };
  const [row] = await db
    .select({ ...completedColumns, status: verifications.status })
    .from(verifications)
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, verificationId)));
  if (!row) return "not_found";
  if (row.status !== "COMPLETED") return "not_completed";
  const found = (await factsOfCompleted(db, [row])).get(row.id);
  return found ? { entity: found.row.entity, facts: found.facts } : "not_completed";
}

const backfilled = new WeakSet<object>();

/**
 * The sweep's backfill: batches of backfillFacts until one comes back short, then never again in
 * this process (every verification completing afterwards stores its facts at completion), so a
 * finished backfill costs the sweep nothing, not an anti-join over the verifications every few seconds.
 */
export async function sweepBackfill(db: Db, limit = 200): Promise<void> {
  if (backfilled.has(db)) return;
  if ((await backfillFacts(db, limit)) < limit) backfilled.add(db);
}

/**
 * The backfill (the verification owner's sweep, server/v2/verifications/hooks.ts): the facts of up
 * to `limit` completed verifications that have none, or of an older extractor. Their score is not
 * touched. Answers how many it read.
 */
export async function backfillFacts(db: Db, limit = 200): Promise<number> {
  const rows = await db
    .select(completedColumns)
    .from(verifications)
    .leftJoin(verificationFacts, eq(verificationFacts.verificationId, verifications.id))
    .where(
      and(
        eq(verifications.status, "COMPLETED"),
        or(isNull(verificationFacts.verificationId), lt(verificationFacts.extractorVersion, EXTRACTOR_VERSION)),
      ),
    )
    .limit(limit);
  for (const { row, facts } of (await factsOfCompleted(db, rows)).values()) {
    await storeFacts(
      db,
      { workspaceId: row.workspaceId, verificationId: row.id, profileId: row.profileId, entity: row.entity, createdAt: row.createdAt },
      facts,
    );
  }
  return rows.length;
}
