// GET /api/v2/blacklist/export's file (beyond the spec; docs/decisions.md "v2 restrictive list"):
// `labels` (default, issue 29) names the columns in pt-BR, writes dates as pt-BR spreadsheets read
// them (DD/MM/AAAA HH:MM, Brasília time) and the author by name beside the e-mail; `codes` is the
// shape before it (the API's field names, ISO 8601 instants in UTC). The import reads both back
// (columns.ts). Cells go through this folder's csvLine, whose formula guard the import undoes.
import type { ExportedEntry } from "./store";
import { COLUMN_NAMES } from "./columns";
import { csvLine, EXPORT_BOM } from "./csv";
import { formatDocument } from "../../../lib/contract/documents";
import { spreadsheetDateTime, type ExportFormat } from "../../../lib/contract/format/csv";

type Column = readonly [name: keyof typeof COLUMN_NAMES, cell: (e: ExportedEntry) => string | null];

const CODES: readonly Column[] = [
  ["nationalId", (e) => formatDocument(e.nationalId)],
  ["reason", (e) => e.reason],
  ["name", (e) => e.name],
  ["expiresAt", (e) => e.expiresAt],
  ["createdAt", (e) => e.createdAt],
  ["createdBy", (e) => e.createdByEmail],
];

const LABELS: readonly Column[] = [
  ["nationalId", (e) => formatDocument(e.nationalId)],
  ["reason", (e) => e.reason],
  ["name", (e) => e.name],
  ["expiresAt", (e) => spreadsheetDateTime(e.expiresAt)],
  ["createdAt", (e) => spreadsheetDateTime(e.createdAt)],
  ["createdBy", (e) => e.createdByName ?? e.createdByEmail],
  ["createdByEmail", (e) => e.createdByEmail],
];

/** The export's text for pages of entries. */
export async function exportText(pages: AsyncIterable<ExportedEntry[]>, format: ExportFormat): Promise<string> {
  const columns = format === "codes" ? CODES : LABELS;
  let csv = EXPORT_BOM + csvLine(columns.map(([name]) => COLUMN_NAMES[name][format]));
  for await (const page of pages) for (const entry of page) csv += csvLine(columns.map(([, cell]) => cell(entry)));
  return csv;
}
