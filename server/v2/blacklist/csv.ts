// CSV of the restrictive list: reading an import (RFC 4180 quoting, comma or semicolon, CRLF or
// LF, optional header and BOM) and writing an export (`;`-separated with a BOM, quoted where
// needed, and protected against formula injection).
//
// The reader takes the text in pieces as it arrives (CsvReader.push) and holds only the records
// it keeps: a record with more than CSV_MAX_FIELDS fields, a field longer than
// CSV_MAX_FIELD_LENGTH characters, or whatever `accept` refuses (the import's 10,001st entry)
// stops it at once with a CsvRefused, however much of the file is left. The whole file was once
// parsed before it was counted: 8 MiB of ",\n" cost 6 s and 1 GB (issue 21).

import { neutralise } from "../../../lib/contract/format/csv";

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

/** Fields one record may have: the import reads four, an export has six. */
export const CSV_MAX_FIELDS = 32;
/** Characters one field may have (the longest the import keeps is a 500-character reason). */
export const CSV_MAX_FIELD_LENGTH = 2000;

/** The file cannot be read; the message is safe to answer (400) as is. */
export class CsvRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvRefused";
  }
}

export interface CsvReaderOptions {
  /** The separator; by default "," unless the first line has ";" and no ",". */
  delimiter?: "," | ";";
  maxFields?: number;
  maxFieldLength?: number;
  /** Called with each record as it ends; false drops it, a throw stops the reading. */
  accept?: (record: CsvRecord) => boolean;
}

/** Longest first line looked at to choose the delimiter before the first line break arrives. */
const FIRST_LINE_LIMIT = CSV_MAX_FIELDS * CSV_MAX_FIELD_LENGTH;

export class CsvReader {
  readonly records: CsvRecord[] = [];
  private readonly maxFields: number;
  private readonly maxFieldLength: number;
  private readonly accept: (record: CsvRecord) => boolean;
  private delimiter: string | null = null;
  private pending = ""; // text before the delimiter is known
  private started = false; // the first character was seen (a BOM is dropped)
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  private quoteSeen = false; // a quote ended, a doubled quote may follow in the next piece
  private skipLf = false; // a CR ended a record, an LF may follow in the next piece
  private line = 1;
  private start = 1;
  private sawAny = false;

  constructor(options: CsvReaderOptions = {}) {
    this.maxFields = options.maxFields ?? CSV_MAX_FIELDS;
    this.maxFieldLength = options.maxFieldLength ?? CSV_MAX_FIELD_LENGTH;
    this.accept = options.accept ?? (() => true);
    this.delimiter = options.delimiter ?? null;
  }

  /** Reads the next piece of the text. */
  push(text: string): void {
    if (!this.started) {
      // the BOM, when the text starts with one
      if (text.length === 0) return;
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.delimiter === null) {
      this.pending += text;
      const end = this.pending.search(/[\r\n]/);
      if (end < 0 && this.pending.length < FIRST_LINE_LIMIT) return;
      const firstLine = end < 0 ? this.pending : this.pending.slice(0, end);
      this.delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
      text = this.pending;
      this.pending = "";
    }
    this.scan(text);
  }

  /** The records kept; throws a CsvRefused on an unterminated quote. */
  end(): CsvRecord[] {
    if (this.delimiter === null) {
      const firstLine = this.pending;
      this.delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
      this.pending = "";
      this.scan(firstLine);
    }
    if (this.quoted) throw new CsvRefused(`unterminated quoted field starting on line ${this.start}`);
    if (this.field !== "" || this.fields.length > 0 || this.sawAny) this.endRecord();
    return this.records;
  }

  private scan(input: string): void {
    const delimiter = this.delimiter!;
    for (let i = 0; i < input.length; i++) {
      const ch = input[i]!;
      if (this.skipLf) {
        this.skipLf = false;
        if (ch === "\n") continue;
      }
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (ch === '"') {
          this.append('"');
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (ch === '"') this.quoteSeen = true;
        else {
          if (ch === "\n") this.line++;
          this.append(ch);
        }
        continue;
      }
      if (ch === '"' && this.field.trim() === "") {
        this.quoted = true;
        this.sawAny = true;
        this.field = "";
      } else if (ch === delimiter) {
        this.pushField();
      } else if (ch === "\n" || ch === "\r") {
        this.endRecord();
        this.line++;
        this.start = this.line;
        this.skipLf = ch === "\r";
      } else this.append(ch);
    }
  }

  private append(ch: string): void {
    if (this.field.length >= this.maxFieldLength)
      throw new CsvRefused(`a field longer than ${this.maxFieldLength} characters on line ${this.start}`);
    this.field += ch;
  }

  private pushField(): void {
    if (this.fields.length >= this.maxFields - 1) throw new CsvRefused(`more than ${this.maxFields} fields on line ${this.start}`);
    this.fields.push(this.field);
    this.field = "";
  }

  private endRecord(): void {
    if (this.fields.length === 0 && !this.sawAny && this.field.trim() === "") {
      this.field = ""; // a blank line: skipped
      return;
    }
    this.fields.push(this.field);
    const fields = this.fields;
    this.fields = [];
    this.field = "";
    this.sawAny = false;
    const record = { line: this.start, fields };
    if (this.accept(record)) this.records.push(record);
  }
}

/** Splits CSV text into records; blank lines are skipped. Throws a CsvRefused when it cannot. */
export function parseCsv(text: string, options: CsvReaderOptions = {}): CsvRecord[] {
  const reader = new CsvReader(options);
  reader.push(text);
  return reader.end();
}

// Formula injection: the export's cells go through the one guard of every CSV Lupa writes
// (lib/contract/format/csv.ts `neutralise`), which puts a ' before every =, +, -, @ that starts a
// cell or follows a separator, quote, tab, CR or LF, and one more before apostrophes already there.
// The import removes one, so an export imports unchanged.
const GUARDED = /(^|[,;\t\r\n"])([ \t]*)'('*[=+\-@])/g;

/** Free text of an export cell with every formula start neutralised. */
export const neutralize = neutralise;

/** Undoes neutralize() on import, so an export imports unchanged. */
export function uncell(value: string): string {
  const out = /^'+[\t\r]/.test(value) ? value.slice(1) : value;
  return out.replace(GUARDED, "$1$2$3");
}

/** The export's separator: pt-BR spreadsheets split on ";" (their decimal mark is ","). */
export const EXPORT_DELIMITER = ";";
/** The export starts with a UTF-8 BOM, so spreadsheets read its accents as UTF-8. */
export const EXPORT_BOM = "\uFEFF";

/** One cell of an export: neutralised, then quoted if needed. */
export function csvCell(value: string | null | undefined): string {
  const text = neutralize(value ?? "");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(EXPORT_DELIMITER)}\r\n`;
}
