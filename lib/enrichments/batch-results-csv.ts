// "Exportar resultados" of a batch (/enrichments/batch?batchId=): the items as the results table
// shows them, as a pt-BR spreadsheet file (issue 29): words beside the codes a machine may need
// (situacao;situacao_codigo, resultado, motivo da falha), dates DD/MM/AAAA HH:MM in Brasília time,
// then one column per metadata key of the batch's CSV. Documents come masked from the BFF.
import { BOM, csvHeader, csvLine, spreadsheetDateTime, type CsvColumns } from "@/lib/contract/format/csv";
import { ENRICHMENT_STATUS_LABELS, OUTCOME_LABELS } from "@/lib/contract/labels";
import { failureLabel } from "@/lib/enrichments/labels";

export interface BatchItemView {
  id: string;
  /** Masked: the browser never gets a full document. */
  document: string;
  name: string | null;
  status: string;
  outcome: string | null;
  failureReason: string | null;
  failure: string | null;
  createdAt: string;
  completedAt: string | null;
  metadata: Record<string, string>;
}

const COLUMNS: CsvColumns<BatchItemView> = [
  ["id", (i) => i.id],
  ["documento", (i) => i.document],
  ["nome", (i) => i.name],
  ["situacao", (i) => (i.status === "REFUSED" ? "Recusado" : (ENRICHMENT_STATUS_LABELS[i.status] ?? i.status))],
  ["situacao_codigo", (i) => i.status],
  ["resultado", (i) => (i.outcome ? (OUTCOME_LABELS[i.outcome] ?? i.outcome) : "")],
  ["resultado_codigo", (i) => i.outcome],
  ["motivo_falha", (i) => (i.status === "REFUSED" ? i.failure : failureLabel(i.failureReason))],
  ["motivo_falha_codigo", (i) => i.failureReason],
  ["criado_em", (i) => spreadsheetDateTime(i.createdAt)],
  ["concluido_em", (i) => spreadsheetDateTime(i.completedAt)],
];

/** A line the API refused at the batch's creation (issue 28, item 2): it has no enrichment. */
export interface BatchRefusalView {
  document: string | null;
  message: string;
}

/** A refused line as a row of the file: "Recusado", the reason in words, no id and no dates. */
const refusedRow = (r: BatchRefusalView): BatchItemView => ({
  id: "",
  document: r.document ?? "",
  name: null,
  status: "REFUSED",
  outcome: null,
  failureReason: null,
  failure: r.message,
  createdAt: "",
  completedAt: null,
  metadata: {},
});

/**
 * The file's text: the items in the order given, then the lines the API refused, each metadata key
 * of the batch in a column of its own.
 */
export function batchResultsCsv(items: BatchItemView[], refused: BatchRefusalView[] = []): string {
  const keys = [...new Set(items.flatMap((i) => Object.keys(i.metadata)))];
  const taken = new Set(COLUMNS.map(([header]) => header));
  // a key named like one of ours ("nome") keeps its own column, marked as metadata
  const columns: CsvColumns<BatchItemView> = [
    ...COLUMNS,
    ...keys.map((key) => [taken.has(key) ? `metadado_${key}` : key, (i: BatchItemView) => i.metadata[key] ?? ""] as const),
  ];
  const rows = [...items, ...refused.map(refusedRow)];
  return BOM + csvHeader(columns) + rows.map((item) => csvLine(columns, item)).join("");
}
