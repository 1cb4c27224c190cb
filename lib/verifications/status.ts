import type { VerificationStatus } from "@/lib/api/types";

// Labels and tones of the v2 statuses (UI in pt-BR).

export type Tone = "neutral" | "info" | "progress" | "success" | "warning" | "danger";

export const STATUS_META: Record<VerificationStatus, { label: string; tone: Tone }> = {
  CREATED: { label: "Criada", tone: "neutral" },
  PROCESSING: { label: "Processando", tone: "info" },
  CNH_EXTRACT: { label: "Extraindo CNH", tone: "info" },
  ANALYZING: { label: "Analisando", tone: "progress" },
  COMPLETED: { label: "Concluída", tone: "success" },
  FAILED: { label: "Falhou", tone: "danger" },
};

export function statusMeta(status: string): { label: string; tone: Tone } {
  return STATUS_META[status as VerificationStatus] ?? { label: status, tone: "neutral" };
}

export function isTerminalStatus(status: string): boolean {
  return status === "COMPLETED" || status === "FAILED";
}

export const FEEDBACK_LABELS = {
  NOTSTARTED: "Sem decisão",
  APPROVED: "Aprovada",
  REPROVED: "Reprovada",
  STANDBY: "Em espera",
  WAIVED: "Dispensada",
} as const;

/** Score 0–1000, higher is more trustworthy. */
export function scoreBand(score: number): { label: string; tone: Tone } {
  if (score >= 700) return { label: "Risco baixo", tone: "success" };
  if (score >= 400) return { label: "Risco médio", tone: "warning" };
  return { label: "Risco alto", tone: "danger" };
}

export const ROLE_LABELS: Record<string, string> = {
  admin: "Administrador",
  analyst: "Analista",
  viewer: "Leitor",
  integration: "Integração",
};
