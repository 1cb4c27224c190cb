// Decisions as the case page shows them (view model of a feedback) and what an analyst may send.

export const DECISIONS = ["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_ACTIONS: Record<Decision, { verb: string; done: string; key: string }> = {
  APPROVED: { verb: "Aprovar", done: "Aprovada", key: "a" },
  REPROVED: { verb: "Reprovar", done: "Reprovada", key: "r" },
  STANDBY: { verb: "Em espera", done: "Em espera", key: "e" },
  WAIVED: { verb: "Dispensar", done: "Dispensada", key: "d" },
};

/**
 * The console's own reasons, for a deployment without the review API. With it, the dialog offers
 * the workspace's catalog (GET /api/review/v1/settings), which the service enforces.
 */
export const DECISION_REASONS = [
  "Dados conferidos",
  "Divergência cadastral",
  "Restrição financeira",
  "Processo relevante",
  "Lista restritiva",
  "Documento ilegível",
  "Aguardando documentos",
  "Suspeita de fraude",
] as const;

export interface DecisionView {
  id: string;
  status: Decision;
  comment: string | null;
  reasons: string[];
  /** "Você" or a short label of the author (the e-mail): where no directory of names is at hand. */
  author: string;
  /** The author, shown by name (components/review/person-name.tsx); null on an optimistic entry. */
  authorId: string | null;
  authorEmail: string | null;
  mine: boolean;
  createdAt: string;
  /** Optimistic entry not yet confirmed by the service. */
  pending?: boolean;
  /** Four-eyes: recorded as a proposal that awaits a second review (not a decision yet). */
  proposed?: boolean;
}

export function isDecision(value: unknown): value is Decision {
  return typeof value === "string" && (DECISIONS as readonly string[]).includes(value);
}
