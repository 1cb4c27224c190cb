// CSV of the restrictive list: reading an import (RFC 4180 quoting, comma or semicolon, CRLF or
// LF, optional header and BOM) and writing an export (quoted where needed, and protected against
// formula injection: a cell that a spreadsheet would run as a formula is prefixed with ').

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** Splits CSV text into records; blank lines are skipped. Throws on an unterminated quote. */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let sawAny = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "" || sawAny) records.push({ line: start, fields });
    fields = [];
    field = "";
    sawAny = false;
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field.trim() === "") {
      quoted = true;
      sawAny = true;
      field = "";
    } else if (ch === delimiter) {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += ch;
  }
  if (quoted) throw new Error(`unterminated quoted field starting on line ${start}`);
  if (field !== "" || fields.length > 0 || sawAny) endRecord();
  return records;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell of an export: formula-looking text is prefixed with ', then quoted if needed. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Undoes the export's formula protection on import ('=x -> =x), so an export imports unchanged. */
export function uncell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
