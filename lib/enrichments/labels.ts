// pt-BR wording of the v3 enrichment states, modules, lanes and failure reasons.
import type { Tone } from "@/lib/verifications/status";

export const ENRICHMENT_STATUS: Record<string, { label: string; tone: Tone }> = {
  CREATED: { label: "Recebido", tone: "neutral" },
  FETCHING: { label: "Coletando", tone: "progress" },
  COMPLETED: { label: "Concluído", tone: "success" },
  FAILED: { label: "Falhou", tone: "danger" },
};
export const ENRICHMENT_STATUSES = ["CREATED", "FETCHING", "COMPLETED", "FAILED"] as const;

export const statusOf = (status: string) => ENRICHMENT_STATUS[status] ?? { label: status, tone: "neutral" as Tone };
export const isTerminalEnrichment = (status: string) => status === "COMPLETED" || status === "FAILED";

export const OUTCOME_LABELS: Record<string, string> = { ok: "Titular encontrado", subject_not_found: "Titular não encontrado" };

export const MODULE_STATUS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: "Pendente", tone: "neutral" },
  retrying: { label: "Nova tentativa", tone: "warning" },
  ok: { label: "Concluído", tone: "success" },
  failed: { label: "Falhou", tone: "danger" },
};

export const MODULE_LABELS: Record<string, string> = {
  profile: "Cadastro",
  finance: "Finanças",
  financeAdvanced: "Restrições de crédito",
  lawsuits: "Processos",
  ownersLawsuits: "Processos dos sócios",
  related: "Vínculos",
};
export const moduleLabel = (module: string) => MODULE_LABELS[module] ?? module;

export const LANE_LABELS: Record<string, string> = { interactive: "Unitária", batch: "Lote" };

export const FAILURE_LABELS: Record<string, string> = {
  retry_exhausted: "Tentativas esgotadas: as fontes de dados falharam em todas as rodadas.",
  deadline_exceeded: "Prazo esgotado antes do fim da coleta.",
  upstream_rejected_document: "A fonte de dados recusou o documento.",
  dataset_not_available: "O conjunto de dados pedido não está disponível.",
};
export const failureLabel = (reason: string | null | undefined) => (reason ? (FAILURE_LABELS[reason] ?? reason) : null);

export const ENTITY_LABEL: Record<string, string> = { person: "Pessoa física", company: "Pessoa jurídica" };
