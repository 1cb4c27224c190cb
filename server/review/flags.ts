// Risk flags of a case (issue 18; docs/decisions.md "Risk flags"), computed from what the
// verification's completion writes: the dossier's profile, the rules that fired, the score, and
// the AI summary's verdict once one is made. The migration 0012's SQL function review_risk_flags
// computes the same for verifications completed before it (test/service/review-flags.test.ts).
// The dossier and the result are read through their typed view (lib/contract/dossier-read.ts).
import { RISK_FLAGS, type RiskFlag } from "../../lib/contract/review";
import { readDossier, readResult } from "../../lib/contract/dossier-read";

export const LOW_SCORE = 400;

type Json = Record<string, unknown> | null | undefined;

export interface FlagFacts {
  dossier: Json;
  result: Json;
  score: number | null;
  /** The AI summary's verdict (APPROVE, REVIEW, REJECT), when one is made. */
  verdict?: string | null;
}

export function riskFlags(f: FlagFacts): RiskFlag[] {
  const profile = readDossier(f.dossier).profile;
  const risky = (name: string) => profile?.indicators.some((i) => i.key === name && i.risky) ?? false;
  const rules = readResult(f.result).rules;
  const on: Record<RiskFlag, boolean> = {
    restrictive_list: profile?.blacklisted.client === true || profile?.blacklisted.service === true,
    deceased: (profile?.kind === "person" && profile.obitFlag === true) || risky("deathRecord"),
    irregular_status: risky("irregularStatus") || risky("inactiveStatus"),
    face_mismatch: rules.includes("face_mismatch"),
    cnh_divergence: rules.includes("cnh_data_mismatch"),
    low_score: f.score !== null && f.score < LOW_SCORE,
    ai_disagrees: f.verdict === "REJECT" || f.verdict === "REVIEW",
    // set by a confirmed monitoring alert only (server/monitoring/alerts.ts), never by a completion
    alert_confirmed: false,
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
