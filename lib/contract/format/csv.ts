// CSV for spreadsheets set to pt-BR (the review API's exports and the console's own files): UTF-8
// with a BOM, `;` between cells (the decimal mark is the comma), CRLF between rows, RFC 4180
// quoting. No cell can run as a formula: a spreadsheet runs a cell starting with =, +, - or @ (and
// some a cell starting with tab or CR), and a cell is one cell only to a reader that splits it as it
// was written: opened with the other separator, or by a tool that splits lines, `Fraude;=cmd|...`
// or `fraude\n=1+2` is two cells, the second a formula. So every =, +, - or @ that starts the cell
// or follows a separator (, ;), a quote, a tab, a CR or an LF (spaces between allowed) gets a '
// before it, and so does a cell starting with tab or CR. Apostrophes already in those places get
// one more, so the restrictive list's import, which removes one, gives back what was exported. Dates are written as pt-BR spreadsheets read dates: `DD/MM/AAAA HH:MM` in
// Brasília time. Plain functions: the service and the console's browser code both import this file.
export const BOM = "\uFEFF";
export const SEPARATOR = ";";

const TRIGGER = /(^|[,;\t\r\n"])([ \t]*)('*[=+\-@])/g;

/** Free text of a cell with every formula start neutralised (the one guard of every CSV Lupa writes). */
export function neutralise(value: string): string {
  const out = value.replace(TRIGGER, "$1$2'$3");
  return /^'*[\t\r]/.test(out) ? `'${out}` : out;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralise(value instanceof Date ? value.toISOString() : String(value));
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return values.map(csvCell).join(SEPARATOR) + "\r\n";
}

const TIME_ZONE = "America/Sao_Paulo";
const HOUR = 3_600_000;
const zoned = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  hourCycle: "h23",
});

// Brasília's offset from UTC, per UTC hour (offsets change on the hour), asked of Intl once per
// hour seen: an export of 100,000 rows has five dates a row, and Intl's formatting cost 3.5 µs a
// date here against 1 µs for the arithmetic. Intl keeps it right if daylight saving returns (the
// years Brazil had it give the same text as Intl's own format).
const offsets = new Map<number, number>();
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  const parts = Object.fromEntries(zoned.formatToParts(new Date(hour * HOUR)).map((p) => [p.type, Number(p.value)]));
  const offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!) - hour * HOUR;
  if (offsets.size >= 50_000) offsets.clear();
  offsets.set(hour, offset);
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 05/12/2026 20:38 (Brasília time); "" for nothing or a value that is not a date. */
export function spreadsheetDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(ms)) return "";
  const local = new Date(ms + offsetAt(ms));
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** A calendar day, YYYY-MM-DD, as 05/12/2026; "" when it is not one. */
export function spreadsheetDate(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** "sim" / "não". */
export const yesNo = (value: boolean) => (value ? "sim" : "não");

/** The columns of a file as one list of [header, cell of a row]: header and rows cannot drift apart. */
export type CsvColumns<T> = ReadonlyArray<readonly [header: string, cell: (row: T) => unknown]>;

export const csvHeader = <T>(columns: CsvColumns<T>): string => csvRow(columns.map(([header]) => header));
export const csvLine = <T>(columns: CsvColumns<T>, row: T): string => csvRow(columns.map(([, cell]) => cell(row)));

/** Ways a review export may be written: `labels` (default, for people) or `codes` (the original shape, for integrations). */
export const EXPORT_FORMATS = ["labels", "codes"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
