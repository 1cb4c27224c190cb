// A rule set version's meaning (docs/rules.md): validating its rules and thresholds (400
// invalid_ruleset naming the rule and the position in its condition; nothing is stored), scoring a
// case's facts with it, and version 1 of a profile, which reproduces the v2 scoring
// (server/v2/verifications/scoring.ts) exactly.
import { ApiError } from "../http/errors";
import { RULES as RULE_CATALOG } from "../../lib/contract/rule-catalog";
import {
  MAX_CONDITION,
  MAX_RULES,
  RuleDef,
  Thresholds,
  type FactValue,
  type Recommendation,
  type RuleDef as RuleDefType,
  type Thresholds as ThresholdsType,
} from "../../lib/contract/rules";
import type { ScoringRule } from "../db/schema";
import { DEFAULT_WEIGHT, MAX_SCORE, type ScoreResult } from "../v2/verifications/scoring";
import { celFacts, checkCondition, compileCondition, factsRead, type Compiled } from "./cel";
import type { Entity, Facts } from "./facts";

export interface RulesetBody {
  rules: RuleDefType[];
  thresholds: ThresholdsType;
}

const invalid = (message: string) => new ApiError("invalid_ruleset", message);
const ruleName = (i: number, code: unknown) => `rule ${i + 1}${typeof code === "string" && code ? ` (${code})` : ""}`;

/** Checks a rule set's rules and thresholds (every condition type-checked against the entity's facts). */
export function validateRuleset(entity: Entity, rules: unknown, thresholds: unknown): RulesetBody {
  if (!Array.isArray(rules)) throw invalid("rules: must be an array");
  if (rules.length > MAX_RULES) throw invalid(`rules: at most ${MAX_RULES} rules, got ${rules.length}`);
  const seen = new Map<string, number>();
  const out: RuleDefType[] = [];
  rules.forEach((raw, i) => {
    const code = (raw as { code?: unknown } | null)?.code;
    const name = ruleName(i, code);
    const weight = (raw as { weight?: unknown } | null)?.weight;
    if (typeof weight === "number" && (weight < 0 || weight > 1000)) throw invalid(`${name}: weight ${weight} is out of range 0..1000`);
    const condition = (raw as { condition?: unknown } | null)?.condition;
    if (typeof condition === "string" && condition.length > MAX_CONDITION)
      throw invalid(`${name}: condition is ${condition.length} characters, at most ${MAX_CONDITION}`);
    const parsed = RuleDef.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(`${name}: ${issue.path.join(".") || "rule"}: ${issue.message}`);
    }
    const rule = parsed.data;
    // a code names one rule per module: the datasets fire some codes in two modules, each weighed
    const before = seen.get(`${rule.module}:${rule.code}`);
    if (before !== undefined) throw invalid(`${name}: duplicate code in module ${rule.module} (also rule ${before + 1})`);
    seen.set(`${rule.module}:${rule.code}`, i);
    if (rule.condition.trim() === "") throw invalid(`${name}: condition at position 1: empty condition`);
    const failure = checkCondition(entity, rule.condition);
    if (failure) throw invalid(`${name}: condition at position ${failure.position ?? 1}: ${failure.message}`);
    out.push(rule);
  });
  const t = Thresholds.safeParse(thresholds);
  if (!t.success) {
    const issue = t.error.issues[0]!;
    throw invalid(`thresholds${issue.path.length ? `.${issue.path.join(".")}` : ""}: ${issue.message}`);
  }
  return { rules: out, thresholds: t.data };
}

export function recommend(score: number, t: ThresholdsType): Recommendation {
  if (score >= t.approveAtOrAbove) return "APPROVE";
  if (score < t.reproveBelow) return "REPROVE";
  return "REVIEW";
}

interface CompiledRule {
  def: RuleDefType;
  run: Compiled;
  reads: string[];
}

export interface CompiledRuleset {
  entity: Entity;
  rules: CompiledRule[];
  thresholds: ThresholdsType;
}

const compiledCache = new Map<string, CompiledRuleset>();

/** A stored version's conditions parsed once per process (a published version never changes; a draft's key has its update time). */
export function compileRuleset(entity: Entity, body: RulesetBody, cacheKey?: string): CompiledRuleset {
  const cached = cacheKey ? compiledCache.get(cacheKey) : undefined;
  if (cached) return cached;
  const compiled: CompiledRuleset = {
    entity,
    thresholds: body.thresholds,
    rules: body.rules.map((def) => ({ def, run: compileCondition(entity, def.condition), reads: factsRead(entity, def.condition) })),
  };
  if (cacheKey) {
    if (compiledCache.size >= 500) compiledCache.delete(compiledCache.keys().next().value!);
    compiledCache.set(cacheKey, compiled);
  }
  return compiled;
}

export interface RuleOutcome {
  def: RuleDefType;
  fired: boolean;
  facts: Record<string, FactValue>;
  error: string | null;
}

export interface Scored extends ScoreResult {
  recommendation: Recommendation;
  outcomes: RuleOutcome[];
  /** The enabled rules that fired, in the order of `rules`. */
  fired: RuleOutcome[];
}

/**
 * Scores a case's facts: 1000 minus the weights of the enabled rules that fired, from 0 to 1000.
 * The fired codes are in the order the datasets reported them (dataset.moduleRules), then in the rule
 * set's order, and the distribution groups the deduction by the rules' modules in that order: so
 * version 1 answers what scoreModules answered, field by field.
 */
export function scoreFacts(rs: CompiledRuleset, facts: Facts): Scored {
  const values = celFacts(rs.entity, facts);
  const outcomes: RuleOutcome[] = rs.rules.map(({ def, run, reads }) => {
    const read = Object.fromEntries(reads.map((name) => [name, facts[name] ?? null]));
    if (!def.enabled) return { def, fired: false, facts: read, error: null };
    try {
      return { def, fired: run(values) === true, facts: read, error: null };
    } catch (error) {
      return { def, fired: false, facts: read, error: String((error as Error).message ?? error).split("\n")[0]! };
    }
  });
  const order = new Map<string, number>();
  const moduleRules = facts["dataset.moduleRules"];
  if (Array.isArray(moduleRules)) moduleRules.forEach((key, i) => order.has(key) || order.set(key, i));
  const rank = (def: RuleDefType) => order.get(`${def.module}.${def.code}`) ?? Infinity;
  const fired = outcomes
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.fired)
    .sort((a, b) => rank(a.o.def) - rank(b.o.def) || a.i - b.i)
    .map(({ o }) => o);
  const byModule = new Map<string, number>();
  for (const o of fired) byModule.set(o.def.module, (byModule.get(o.def.module) ?? 0) + o.def.weight);
  const deduction = [...byModule.values()].reduce((a, b) => a + b, 0);
  const score = Math.max(0, MAX_SCORE - deduction);
  return {
    score,
    scoreFactor: deduction,
    rules: [...new Set(fired.map((o) => o.def.code))],
    scoreDistribution:
      deduction === 0
        ? []
        : [...byModule.entries()].map(([module, points]) => ({ module, percent: Math.round((points / deduction) * 1000) / 10 })),
    recommendation: recommend(score, rs.thresholds),
    outcomes,
    fired,
  };
}

/** Today's thresholds (the console's bands, lib/verifications/status.ts; the low_score flag under 400). */
export const V1_THRESHOLDS: ThresholdsType = { approveAtOrAbove: 700, reproveBelow: 400 };

/** `subject_not_found` zeroes the score whatever the profile's weights (server/v2/verifications/hooks.ts did so). */
export const SUBJECT_NOT_FOUND = "subject_not_found";

/**
 * Codes the datasets fire in a module other than the catalog's (lib/contract/rule-catalog.ts):
 * the v2 scoring weighed them there too, so version 1 has a rule for each.
 */
export const DATASET_MODULE_RULES: readonly { module: string; code: string }[] = [
  { module: "financeAdvanced", code: "has_negative_credit_records" },
  { module: "profile", code: "related_on_service_restrictive_list" },
];

/**
 * Version 1 of a profile: one rule per code of the rule catalog (lib/contract/rule-catalog.ts) in
 * its module, per code a dataset fires in another module (DATASET_MODULE_RULES), and per code a
 * profile weighs that neither has; each fires when its module's dataset fired it
 * (`"module.code" in dataset.moduleRules`) and weighs the profile's weight for its module and
 * code, else DEFAULT_WEIGHT; subject_not_found weighs 1000.
 */
export function versionOne(weights: ScoringRule[]): RulesetBody {
  const weightOf = new Map(weights.map((w) => [`${w.module}:${w.rule}`, w.weight]));
  const rules: RuleDefType[] = [];
  const keys = new Set<string>();
  const add = (code: string, module: string) => {
    if (keys.has(`${module}:${code}`)) return;
    keys.add(`${module}:${code}`);
    const weight =
      code === SUBJECT_NOT_FOUND ? MAX_SCORE : Math.min(1000, Math.max(0, weightOf.get(`${module}:${code}`) ?? DEFAULT_WEIGHT));
    const title = RULE_CATALOG[code]?.title ?? code.replace(/_/g, " ");
    rules.push({ code, title, condition: `"${module}.${code}" in dataset.moduleRules`, weight, module, enabled: true });
  };
  add(SUBJECT_NOT_FOUND, "profile");
  for (const [code, info] of Object.entries(RULE_CATALOG)) add(code, info.module);
  for (const { code, module } of DATASET_MODULE_RULES) add(code, module);
  for (const w of weights) add(w.rule, w.module);
  return { rules, thresholds: V1_THRESHOLDS };
}
