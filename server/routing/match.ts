// The pure half of routing: what a case shows the rules (its facts), the first rule that takes it,
// and whom a rule gives it to among the analysts who may receive one now. Shared by the routing
// in the completion's transaction (route.ts) and the dry run (dry-run.ts), so both decide alike.
import type { RoutingMode, RoutingRule } from "../../lib/contract/routing";

export interface CaseFacts {
  profileId: string | null;
  score: number | null;
  flags: readonly string[];
  recommendation: string | null;
  /** cpf (11 digits) or cnpj (14). */
  documentKind: "cpf" | "cnpj";
}

export function documentKindOf(nationalId: string): "cpf" | "cnpj" {
  return nationalId.replace(/\D/g, "").length === 14 ? "cnpj" : "cpf";
}

/** Every condition given holds; a score condition needs a score. */
export function matches(rule: RoutingRule, f: CaseFacts): boolean {
  const w = rule.when;
  if (w.profiles && (f.profileId === null || !w.profiles.includes(f.profileId))) return false;
  if (w.scoreMin !== undefined && (f.score === null || f.score < w.scoreMin)) return false;
  if (w.scoreMax !== undefined && (f.score === null || f.score > w.scoreMax)) return false;
  if (w.flags && !w.flags.some((flag) => f.flags.includes(flag))) return false;
  if (w.recommendations && (f.recommendation === null || !(w.recommendations as readonly string[]).includes(f.recommendation)))
    return false;
  if (w.documentKind && w.documentKind !== f.documentKind) return false;
  return true;
}

export function firstRule(rules: readonly RoutingRule[], f: CaseFacts): RoutingRule | null {
  return rules.find((rule) => matches(rule, f)) ?? null;
}

/** An analyst of a rule as routing sees them now. */
export interface Candidate {
  userId: string;
  /** null: no cap. */
  cap: number | null;
  away: boolean;
  /** Undecided cases assigned to them. */
  open: number;
}

export const available = (c: Candidate): boolean => !c.away && (c.cap === null || c.open < c.cap);

/**
 * Whom the rule gives the case to, or null when none of its analysts may receive one (absent,
 * at their cap, disabled: a disabled user is not among `candidates`).
 * round_robin: the first available analyst after `lastUserId` in the rule's order, wrapping;
 * least_loaded: the available analyst with the fewest open cases, the rule's order breaking ties.
 */
export function pick(
  mode: RoutingMode,
  analysts: readonly string[],
  candidates: readonly Candidate[],
  lastUserId: string | null,
): string | null {
  const byId = new Map(candidates.map((c) => [c.userId, c]));
  const ordered = analysts.map((id) => byId.get(id)).filter((c): c is Candidate => c !== undefined && available(c));
  if (ordered.length === 0) return null;
  if (mode === "least_loaded") {
    let best = ordered[0]!;
    for (const c of ordered) if (c.open < best.open) best = c;
    return best.userId;
  }
  const start = lastUserId === null ? -1 : analysts.indexOf(lastUserId);
  for (let step = 1; step <= analysts.length; step++) {
    const c = byId.get(analysts[(start + step + analysts.length) % analysts.length]!);
    if (c && available(c)) return c.userId;
  }
  return null;
}
