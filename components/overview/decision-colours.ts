export const DECISION_LABELS = {
  NOTSTARTED: "Sem decisão",
  APPROVED: "Aprovada",
  REPROVED: "Reprovada",
  STANDBY: "Em espera",
  WAIVED: "Dispensada",
} as const;

export const DECISION_COLOURS = {
  NOTSTARTED: "#71717a",
  APPROVED: "#059669",
  REPROVED: "#e11d48",
  STANDBY: "#d97706",
  WAIVED: "#6366f1",
} as const;
