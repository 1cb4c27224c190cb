// Score bands, verdict and risk level of the AI summary (docs/decisions.md, "AI summary").
// The score runs from 0 to 1000, higher is more trustworthy (server/v2/verifications/scoring.ts).
//
//   score 700..1000  band "baixo risco"  -> riskLevel low,    verdict APPROVE
//   score 400..699   band "médio risco"  -> riskLevel medium, verdict REVIEW
//   score   0..399   band "alto risco"   -> riskLevel high,   verdict REJECT
//
// Overrides, applied after the band:
// - hard stops give REJECT / high whatever the score: no holder found (subject_not_found), a
//   deceased holder, the workspace's own restrictive list (blacklisted.client);
// - a mismatch between the declared case data and the data found on an identity attribute (name,
//   document, birth date, mother's name) never lets a case be approved: APPROVE becomes REVIEW
//   (low becomes medium). Mismatches on contacts (phone, e-mail, address) are highlighted only.
// The verdict is a recommendation for the analyst; the decision is the analyst's feedback.
import type { InputCheck, RiskLevel, Verdict } from "./types";

export interface ScoreBand {
  name: string;
  min: number;
  max: number;
  riskLevel: RiskLevel;
  verdict: Verdict;
}

export const SCORE_BANDS: readonly ScoreBand[] = [
  { name: "baixo risco", min: 700, max: 1000, riskLevel: "low", verdict: "APPROVE" },
  { name: "médio risco", min: 400, max: 699, riskLevel: "medium", verdict: "REVIEW" },
  { name: "alto risco", min: 0, max: 399, riskLevel: "high", verdict: "REJECT" },
];

export function bandOf(score: number | null): ScoreBand | null {
  if (score === null || !Number.isFinite(score)) return null;
  return SCORE_BANDS.find((b) => score >= b.min && score <= b.max) ?? (score > 1000 ? SCORE_BANDS[0]! : SCORE_BANDS[2]!);
}

export const IDENTITY_FIELDS = new Set(["profile.name", "profile.nationalId", "profile.birthDate", "profile.motherName"]);

export interface HardStop {
  reason: string;
}

export function decide(
  score: number | null,
  hardStops: HardStop[],
  checks: InputCheck[],
): { verdict: Verdict; riskLevel: RiskLevel; band: ScoreBand | null; reasons: string[] } {
  const band = bandOf(score);
  const reasons: string[] = [];
  if (hardStops.length > 0) {
    return { verdict: "REJECT", riskLevel: "high", band, reasons: hardStops.map((h) => h.reason) };
  }
  // no score (should not happen on a completed verification): never approve without one
  let verdict: Verdict = band?.verdict ?? "REVIEW";
  let riskLevel: RiskLevel = band?.riskLevel ?? "medium";
  if (band) reasons.push(`pontuação na faixa de ${band.name} (${band.min} a ${band.max})`);
  const identityMismatch = checks.some((c) => c.status === "mismatch" && c.field !== null && IDENTITY_FIELDS.has(c.field));
  if (identityMismatch && verdict === "APPROVE") {
    verdict = "REVIEW";
    riskLevel = "medium";
    reasons.push("divergência entre os dados de identificação declarados e os encontrados");
  }
  return { verdict, riskLevel, band, reasons };
}
