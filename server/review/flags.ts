// Risk flags of a case (issue 18; docs/decisions.md "Risk flags"), computed from what the
// verification's completion writes: the dossier's profile, the rules that fired, the score, and
// the AI summary's verdict once one is made. The migration 0012's SQL function review_risk_flags
// computes the same for verifications completed before it (test/service/review-flags.test.ts).
import { RISK_FLAGS, type RiskFlag } from "../../lib/contract/review";

export const LOW_SCORE = 400;

type Json = Record<string, unknown> | null | undefined;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});
const risky = (indicators: Record<string, unknown>, name: string) => obj(indicators[name]).risky === true;

export interface FlagFacts {
  dossier: Json;
  result: Json;
  score: number | null;
  /** The AI summary's verdict (APPROVE, REVIEW, REJECT), when one is made. */
  verdict?: string | null;
}

export function riskFlags(f: FlagFacts): RiskFlag[] {
  const profile = obj(obj(f.dossier).profile);
  const blacklisted = obj(profile.blacklisted);
  const indicators = obj(profile.indicators);
  const rules = Array.isArray(obj(f.result).rules) ? (obj(f.result).rules as unknown[]) : [];
  const on: Record<RiskFlag, boolean> = {
    restrictive_list: blacklisted.client === true || blacklisted.service === true,
    deceased: profile.obitFlag === true || risky(indicators, "deathRecord"),
    irregular_status: risky(indicators, "irregularStatus") || risky(indicators, "inactiveStatus"),
    face_mismatch: rules.includes("face_mismatch"),
    cnh_divergence: rules.includes("cnh_data_mismatch"),
    low_score: f.score !== null && f.score < LOW_SCORE,
    ai_disagrees: f.verdict === "REJECT" || f.verdict === "REVIEW",
  };
  return RISK_FLAGS.filter((flag) => on[flag]);
}

/** Flags as stored (any order) in the contract's order, unknown values dropped. */
export function orderedFlags(stored: readonly string[] | null | undefined): RiskFlag[] {
  const set = new Set(stored ?? []);
  return RISK_FLAGS.filter((flag) => set.has(flag));
}

/** The flags with ai_disagrees set from a summary's verdict. */
export function withVerdict(stored: readonly string[] | null | undefined, verdict: string | null | undefined): RiskFlag[] {
  const rest = orderedFlags(stored).filter((f) => f !== "ai_disagrees");
  return verdict === "REJECT" || verdict === "REVIEW" ? orderedFlags([...rest, "ai_disagrees"]) : rest;
}
