// The v2 score: 0 to 1000, higher is more trustworthy. Every rule that fired in a module's data
// subtracts its weight (the scoring profile's weight, else DEFAULT_WEIGHT); scoreDistribution
// gives each module's share of the total deduction; scoreFactor is that total deduction.
import type { ScoringRule } from "../../db/schema";
import type { ModuleRun } from "../../engine/types";

export const DEFAULT_WEIGHT = 50;
export const MAX_SCORE = 1000;

export interface ScoreResult {
  score: number;
  scoreFactor: number;
  rules: string[];
  scoreDistribution: { module: string; percent: number }[];
}

function firedRules(run: ModuleRun): string[] {
  const rules = (run.data as { rules?: { rule: string; fired: boolean }[] } | null)?.rules ?? [];
  return rules.filter((r) => r.fired).map((r) => r.rule);
}

export function scoreModules(modules: ModuleRun[], weights: ScoringRule[]): ScoreResult {
  const weightOf = new Map(weights.map((w) => [`${w.module}:${w.rule}`, w.weight]));
  const byModule = new Map<string, number>();
  const fired: string[] = [];
  for (const run of modules) {
    for (const rule of firedRules(run)) {
      fired.push(rule);
      const weight = weightOf.get(`${run.module}:${rule}`) ?? DEFAULT_WEIGHT;
      byModule.set(run.module, (byModule.get(run.module) ?? 0) + weight);
    }
  }
  const deduction = [...byModule.values()].reduce((a, b) => a + b, 0);
  return {
    score: Math.max(0, MAX_SCORE - deduction),
    scoreFactor: deduction,
    rules: [...new Set(fired)],
    scoreDistribution: [...byModule.entries()].map(([module, points]) => ({
      module,
      percent: Math.round((points / deduction) * 1000) / 10,
    })),
  };
}
