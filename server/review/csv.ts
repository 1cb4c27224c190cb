// CSV for spreadsheets set to pt-BR (the review API's exports): UTF-8 with a BOM, `;` between
// cells, CRLF between rows, RFC 4180 quoting. No cell can run as a formula: a cell starting with
// =, +, -, @, tab or carriage return is prefixed with ', and so is any of =, +, -, @ that follows a
// separator, a tab, a carriage return or a line feed inside a cell (a spreadsheet that splits a
// cell there would otherwise start a new cell with a formula).
export const BOM = "\uFEFF";
export const SEPARATOR = ";";

export function neutralise(value: string): string {
  const inside = value.replace(/([;,\t\r\n])([=+\-@])/g, "$1'$2");
  return /^[=+\-@\t\r]/.test(inside) ? `'${inside}` : inside;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralise(value instanceof Date ? value.toISOString() : String(value));
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return values.map(csvCell).join(SEPARATOR) + "\r\n";
}
