// pt-BR labels of the lawsuit network: relation types and roles (the contract's one set,
// lib/contract/labels.ts), risk levels and indicators.
import { RELATION_LABELS as CONTRACT_RELATION_LABELS, RELATION_TYPE_LABELS } from "@/lib/contract/labels";

export const RELATION_LABELS = RELATION_TYPE_LABELS;

export const RELATION_TYPES = ["partnership", "kinship", "employment", "representation"] as const;

export const ROLE_LABELS = CONTRACT_RELATION_LABELS;

export const relationLabel = (type: string | null | undefined) => (type ? (RELATION_LABELS[type] ?? type) : "Outro vínculo");
export const roleLabel = (role: string | null | undefined) => (role ? (ROLE_LABELS[role] ?? role) : null);

export type RiskLevel = "restrictive" | "defendant" | "lawsuits" | "clear" | "unknown";

/** Colour and wording of each risk level, from the most to the least serious. */
export const RISK_META: Record<RiskLevel, { label: string; description: string; color: string; text: string }> = {
  restrictive: { label: "Lista restritiva", description: "Consta na lista restritiva do serviço", color: "#7c3aed", text: "#ffffff" },
  defendant: { label: "Réu em processo ativo", description: "Tem processos em andamento como réu", color: "#dc2626", text: "#ffffff" },
  lawsuits: { label: "Com processos", description: "Tem processos, nenhum ativo como réu", color: "#d97706", text: "#ffffff" },
  clear: { label: "Sem processos", description: "Nenhum processo encontrado", color: "#059669", text: "#ffffff" },
  unknown: { label: "Consulta falhou", description: "Não foi possível consultar os processos", color: "#71717a", text: "#ffffff" },
};

export const RISK_ORDER: RiskLevel[] = ["restrictive", "defendant", "lawsuits", "clear", "unknown"];

export const INDICATOR_LABELS: Record<string, string> = {
  activeAsDefendant: "Réu em processos ativos",
  criminal: "Processos criminais",
  labourAsDefendant: "Réu em processos trabalhistas",
  taxEnforcement: "Execuções fiscais",
  recentFilings: "Processos nos últimos 12 meses",
  highClaimValue: "Causas de alto valor como réu",
};

export const SKIP_MESSAGES: Record<string, string> = {
  related_disabled: "O perfil usado não consulta vínculos (módulo de relacionados desligado).",
  lawsuits_disabled: "O perfil usado não consulta processos (módulo de processos desligado).",
  network_not_configured: "O conjunto de dados de processos deste perfil (versão 1.0) não tem os contadores da rede.",
  subject_not_found: "O documento não tem titular conhecido: não há vínculos para mostrar.",
  not_run: "A coleta não terminou com os módulos de vínculos e processos concluídos.",
};

export const ENTITY_LABELS: Record<string, string> = { person: "Pessoa", company: "Empresa" };
