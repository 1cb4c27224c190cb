// "Exportar CSV" of /usage: the period's billed actions as a pt-BR spreadsheet file (issue 29), one
// row per day and action with a count (days without any left out): the day as DD/MM/AAAA, the action
// in words beside its code (acao;acao_codigo), the count.
import { BOM, csvHeader, csvLine, spreadsheetDate, type CsvColumns } from "@/lib/contract/format/csv";
import { billingActionLabel } from "@/lib/contract/labels";
import type { UsageReportView } from "@/lib/enrichments/usage";

interface UsageRow {
  day: string;
  action: string;
  count: number;
}

const COLUMNS: CsvColumns<UsageRow> = [
  ["dia", (r) => spreadsheetDate(r.day)],
  ["acao", (r) => billingActionLabel(r.action)],
  ["acao_codigo", (r) => r.action],
  ["quantidade", (r) => r.count],
];

export function usageCsv(usage: UsageReportView): string {
  const rows = usage.days.flatMap((d) =>
    usage.actions.filter((action) => (d.counts[action] ?? 0) > 0).map((action) => ({ day: d.day, action, count: d.counts[action]! })),
  );
  return BOM + csvHeader(COLUMNS) + rows.map((row) => csvLine(COLUMNS, row)).join("");
}

export const usageCsvName = (usage: UsageReportView) => `uso-${usage.from}-a-${usage.to}.csv`;
