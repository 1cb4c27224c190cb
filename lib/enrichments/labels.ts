// The enrichment pages' tones for the v3 states; the words are the contract's one set
// (lib/contract/labels.ts).
import type { Tone } from "@/lib/verifications/status";
import {
  ENRICHMENT_STATUS_LABELS,
  ENTITY_LABELS,
  LANE_LABELS,
  MODULE_LABELS,
  MODULE_STATE_LABELS,
  OUTCOME_LABELS,
  moduleLabel,
} from "@/lib/contract/labels";
import { V3_STATUSES } from "@/lib/contract/enum-values";

export { LANE_LABELS, MODULE_LABELS, OUTCOME_LABELS, moduleLabel };

const STATUS_TONES: Record<string, Tone> = { CREATED: "neutral", FETCHING: "progress", COMPLETED: "success", FAILED: "danger" };
export const ENRICHMENT_STATUS: Record<string, { label: string; tone: Tone }> = Object.fromEntries(
  V3_STATUSES.map((s) => [s, { label: ENRICHMENT_STATUS_LABELS[s]!, tone: STATUS_TONES[s]! }]),
);
export const ENRICHMENT_STATUSES = V3_STATUSES;

export const statusOf = (status: string) => ENRICHMENT_STATUS[status] ?? { label: status, tone: "neutral" as Tone };
export const isTerminalEnrichment = (status: string) => status === "COMPLETED" || status === "FAILED";

const MODULE_TONES: Record<string, Tone> = { pending: "neutral", retrying: "warning", ok: "success", failed: "danger" };
export const MODULE_STATUS: Record<string, { label: string; tone: Tone }> = Object.fromEntries(
  Object.entries(MODULE_STATE_LABELS).map(([s, label]) => [s, { label, tone: MODULE_TONES[s] ?? "neutral" }]),
);

export const FAILURE_LABELS: Record<string, string> = {
  retry_exhausted: "Tentativas esgotadas: as fontes de dados falharam em todas as rodadas.",
  deadline_exceeded: "Prazo esgotado antes do fim da coleta.",
  upstream_rejected_document: "A fonte de dados recusou o documento.",
  dataset_not_available: "O conjunto de dados pedido não está disponível.",
  source_not_configured: "Nenhuma fonte de dados está configurada para o cadastro deste documento (sandbox desligado).",
  registry_not_loaded: "A base da Receita Federal ainda não foi importada.",
};
export const failureLabel = (reason: string | null | undefined) => (reason ? (FAILURE_LABELS[reason] ?? reason) : null);

export const ENTITY_LABEL = ENTITY_LABELS;
