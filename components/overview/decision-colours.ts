export { DECISION_LABELS } from "@/lib/contract/labels";

export const DECISION_COLOURS = {
  NOTSTARTED: "#71717a",
  APPROVED: "#059669",
  REPROVED: "#e11d48",
  STANDBY: "#d97706",
  WAIVED: "#6366f1",
} as const;
