// The federal sanctions lists (Portal da Transparência): CEIS (companies and persons barred from
// contracting with the public administration) and CNEP (punished under the Clean Company Act).
// Each is a daily zip of one CSV: ISO-8859-1, `;`, a header row, dates DD/MM/YYYY. Columns are
// found by their header's name (the portal has reordered them before). An import replaces that
// list's rows in one transaction (table `sanctions`, migration 0011) and NOTIFYs lupa_registry.
//
// Matching: a full CPF or CNPJ matches exactly; a CPF published masked (***.456.789-**) matches a
// person with the same six digits and the same name (upper case, no accents): a likely match.
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, RawQuery } from "../db/client";
import { normalizeDocument } from "../../lib/contract/documents";
import { REGISTRY_CHANNEL } from "./release";
import { LongLineError } from "./records";
import { listZipEntries, openZipEntry, ZipError, type EntryLimits } from "./zip";

export const SANCTION_LISTS = ["CEIS", "CNEP"] as const;
export type SanctionList = (typeof SANCTION_LISTS)[number];

/** `code`: `long_line` or `entry_too_large` (nothing replaced); none for a file that is not a list. */
export class SanctionsImportError extends Error {
  constructor(
    message: string,
    readonly code?: "long_line" | "entry_too_large",
  ) {
    super(message);
  }
}

const COLUMNS = {
  list: "CADASTRO",
  kind: "TIPO DE PESSOA",
  document: "CPF OU CNPJ DO SANCIONADO",
  name: "NOME DO SANCIONADO",
  informedName: "NOME INFORMADO PELO ÓRGÃO SANCIONADOR",
  registryName: "RAZÃO SOCIAL - CADASTRO RECEITA",
  process: "NÚMERO DO PROCESSO",
  sanction: "CATEGORIA DA SANÇÃO",
  fine: "VALOR DA MULTA",
  startsOn: "DATA INÍCIO SANÇÃO",
  endsOn: "DATA FINAL SANÇÃO",
  publishedOn: "DATA PUBLICAÇÃO",
  agency: "ÓRGÃO SANCIONADOR",
  agencyState: "UF ÓRGÃO SANCIONADOR",
  legalBasis: "FUNDAMENTAÇÃO LEGAL",
} as const;
const REQUIRED = ["document", "name", "sanction", "startsOn", "endsOn", "agency"] as const;

/** Upper case, no accents, single spaces: how a masked CPF's name is compared. */
export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim();
}

const MASKED_CPF = /^\*{3}\d{6}\*{2}$/;

/** The masked form the Receita and the Portal publish for a CPF: digits 4 to 9. */
export const maskCpf = (cpf: string) => `***${cpf.slice(3, 9)}**`;

/** The longest sanctions record read, in bytes (its line breaks included, the last excluded). */
export const MAX_SANCTIONS_LINE = 64 * 1024;

/** The published CSV is a few MB inflated (CEIS about 15 MB): an entry past this is refused. */
export const SANCTIONS_LIMITS: EntryLimits = { maxBytes: 128 * 1024 * 1024, maxRatio: 50, ratioFloor: 64 * 1024 * 1024 };

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Splits one record (decoded, without its line break) into fields: `;` between them, quoted
 * fields may hold `;`, `""` (one quote) and line breaks. Slices, each position found once.
 */
function splitFields(s: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  let p = 0;
  let nextQuote = -2;
  let nextSemi = -2;
  for (;;) {
    if (nextQuote !== -1 && nextQuote < p) nextQuote = s.indexOf('"', p);
    if (quoted) {
      if (nextQuote < 0) {
        out.push(field + s.slice(p)); // unterminated: the rest of the record
        return out;
      }
      field += s.slice(p, nextQuote);
      if (s.charCodeAt(nextQuote + 1) === QUOTE) {
        field += '"';
        p = nextQuote + 2;
      } else {
        quoted = false;
        p = nextQuote + 1;
      }
      continue;
    }
    if (nextSemi !== -1 && nextSemi < p) nextSemi = s.indexOf(";", p);
    if (nextQuote >= 0 && (nextSemi < 0 || nextQuote < nextSemi)) {
      field += s.slice(p, nextQuote);
      quoted = true;
      p = nextQuote + 1;
      continue;
    }
    if (nextSemi < 0) {
      out.push(field + s.slice(p));
      return out;
    }
    out.push(field + s.slice(p, nextSemi));
    field = "";
    p = nextSemi + 1;
  }
}

/**
 * The records of a sanctions CSV as its bytes stream in (Latin-1): a record ends at a line break
 * outside quotes. Only the record being read is kept, at most `maxLine` bytes: a longer one is
 * refused with LongLineError as soon as the cap is passed. `line` is the record's number, empty
 * lines not counted (the header is 1).
 */
export class CsvRecords {
  private parts: Buffer[] = [];
  private partsLength = 0;
  private quoted = false;
  private records = 0;

  constructor(
    private readonly onRecord: (fields: string[], line: number) => void,
    private readonly maxLine = MAX_SANCTIONS_LINE,
  ) {}

  push(chunk: Buffer): void {
    const n = chunk.length;
    let start = 0;
    let p = 0;
    let nextQuote = -2;
    let nextLf = -2;
    while (p < n) {
      if (nextQuote !== -1 && nextQuote < p) nextQuote = chunk.indexOf(QUOTE, p);
      if (this.quoted) {
        if (nextQuote < 0) break;
        // a quote ends the quoted part; `""` ends it and opens it again: the same for finding the end
        this.quoted = false;
        p = nextQuote + 1;
        continue;
      }
      if (nextLf !== -1 && nextLf < p) nextLf = chunk.indexOf(LF, p);
      if (nextQuote >= 0 && (nextLf < 0 || nextQuote < nextLf)) {
        this.quoted = true;
        p = nextQuote + 1;
        continue;
      }
      if (nextLf < 0) break;
      if (nextLf > start || this.partsLength > 0) this.finish(chunk.subarray(start, nextLf)); // an empty line is no record
      start = p = nextLf + 1;
    }
    if (start < n) {
      if (this.partsLength + n - start > this.maxLine) throw new LongLineError(this.records + 1, this.maxLine);
      this.parts.push(Buffer.from(chunk.subarray(start)));
      this.partsLength += n - start;
    }
  }

  /** The last record, when the file does not end with a line break. */
  end(): void {
    if (this.partsLength > 0) this.finish(Buffer.alloc(0));
  }

  private finish(tail: Buffer): void {
    if (this.partsLength + tail.length > this.maxLine) throw new LongLineError(this.records + 1, this.maxLine);
    let bytes = this.partsLength ? Buffer.concat([...this.parts, tail]) : tail;
    this.parts = [];
    this.partsLength = 0;
    this.quoted = false;
    if (bytes.length && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    const fields = splitFields(bytes.toString("latin1"));
    if (fields.length === 1 && fields[0] === "") return; // an empty line is no record
    this.onRecord(fields, ++this.records);
  }
}

/** CSV with quoted fields that may hold `;`, `""` and line breaks (OBSERVAÇÕES does). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const reader = new CsvRecords((fields) => records.push(fields), Infinity);
  reader.push(Buffer.from(text, "latin1"));
  reader.end();
  return records;
}

/** DD/MM/YYYY -> YYYY-MM-DD; empty or "Sem informação" is null; anything else is invalid. */
function brDate(text: string): string | null | undefined {
  const t = text.trim();
  if (t === "" || /^sem informa/i.test(t)) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** "1.234.567,89" -> "1234567.89" */
function money(text: string): string | null {
  const t = text.trim().replace(/^R\$\s*/, "");
  if (!/^\d{1,3}(\.?\d{3})*(,\d{1,2})?$/.test(t)) return null;
  return t.replace(/\./g, "").replace(",", ".");
}

export interface SanctionRecord {
  list: string;
  entity: "person" | "company";
  document: string;
  name: string;
  name_key: string;
  sanction: string;
  agency: string;
  agency_state: string | null;
  process: string | null;
  legal_basis: string | null;
  fine: string | null;
  starts_on: string | null;
  ends_on: string | null;
  published_on: string | null;
}

export interface SanctionsRead {
  list: SanctionList;
  records: SanctionRecord[];
  refused: { line: number; reason: string }[];
}

/** The document as published, normalized: a valid CPF or CNPJ, or a masked CPF. */
function documentOf(raw: string): { document: string; entity: "person" | "company" } | null {
  const stripped = raw.replace(/[.\-/\s]/g, "").toUpperCase();
  if (MASKED_CPF.test(stripped)) return { document: stripped, entity: "person" };
  const normalized = normalizeDocument(stripped);
  return normalized ? { document: normalized.value, entity: normalized.entity } : null;
}

/** Rows held until a CADASTRO value names the list; past them, the file's name decides. */
const UNDECIDED_ROWS = 100;

/**
 * One list's CSV, record by record (CsvRecords): the header first, then each row becomes a
 * SanctionRecord or a refusal. The list is the first CADASTRO value (rows before it are held, at
 * most UNDECIDED_ROWS), else the file's name.
 */
export class SanctionsReader {
  list: SanctionList | undefined;
  private header: string[] | null = null;
  private at = {} as Record<keyof typeof COLUMNS, number>;
  private fromName: SanctionList | undefined;
  private held: SanctionRecord[] = [];
  private decided = false;

  constructor(
    private readonly fileName: string,
    private readonly onRecord: (record: SanctionRecord) => void,
    private readonly onRefused: (line: number, reason: string) => void,
  ) {
    this.fromName = SANCTION_LISTS.find((l) => path.basename(fileName).toUpperCase().includes(l));
  }

  row(row: string[], line: number): void {
    if (!this.header) return this.readHeader(row);
    const header = this.header;
    if (!this.decided) {
      const listed = this.at.list >= 0 && row[this.at.list] ? row[this.at.list]!.trim().toUpperCase() : undefined;
      if (listed !== undefined) this.decide((SANCTION_LISTS as readonly string[]).includes(listed) ? (listed as SanctionList) : undefined);
      else if (this.held.length >= UNDECIDED_ROWS) this.decide(undefined);
    }
    const get = (key: keyof typeof COLUMNS) => (this.at[key] >= 0 ? (row[this.at[key]] ?? "").trim() : "");
    if (row.length < header.length) return this.onRefused(line, "short_line");
    const doc = documentOf(get("document"));
    if (!doc) return this.onRefused(line, "bad_document");
    const startsOn = brDate(get("startsOn"));
    const endsOn = brDate(get("endsOn"));
    const publishedOn = brDate(get("publishedOn"));
    if (startsOn === undefined || endsOn === undefined || publishedOn === undefined) return this.onRefused(line, "bad_date");
    const name = get("name") || get("registryName") || get("informedName");
    const record: SanctionRecord = {
      list: this.list ?? "",
      entity: doc.entity,
      document: doc.document,
      name,
      name_key: nameKey(name),
      sanction: get("sanction"),
      agency: get("agency"),
      agency_state: get("agencyState") || null,
      process: get("process") || null,
      legal_basis: get("legalBasis") || null,
      fine: money(get("fine")),
      starts_on: startsOn,
      ends_on: endsOn,
      published_on: publishedOn,
    };
    if (this.decided) this.onRecord(record);
    else this.held.push(record);
  }

  /** The end of the file: the list decided (by the file's name if no row named it). */
  end(): SanctionList {
    if (!this.header) throw new SanctionsImportError(`${this.fileName}: empty file`);
    if (!this.decided) this.decide(undefined);
    return this.list!;
  }

  private readHeader(row: string[]): void {
    this.header = row;
    const names = row.map((h) => h.trim().toUpperCase());
    this.at = Object.fromEntries(Object.entries(COLUMNS).map(([key, title]) => [key, names.indexOf(title)])) as Record<
      keyof typeof COLUMNS,
      number
    >;
    const missing = REQUIRED.filter((key) => this.at[key] < 0).map((key) => COLUMNS[key]);
    if (missing.length) throw new SanctionsImportError(`${this.fileName}: not a CEIS or CNEP file (no column ${missing.join(", ")})`);
    if (this.at.list < 0) this.decide(undefined);
  }

  private decide(listed: SanctionList | undefined): void {
    const list = listed ?? this.fromName;
    if (!list) throw new SanctionsImportError(`${this.fileName}: neither CEIS nor CNEP (by its CADASTRO column or its name)`);
    this.list = list;
    this.decided = true;
    for (const record of this.held) this.onRecord({ ...record, list });
    this.held = [];
  }
}

/** Reads one list's CSV (text already decoded from ISO-8859-1), whole: small files and tests. */
export function readSanctions(text: string, fileName: string): SanctionsRead {
  const records: SanctionRecord[] = [];
  const refused: SanctionsRead["refused"] = [];
  const reader = new SanctionsReader(
    fileName,
    (record) => records.push(record),
    (line, reason) => refused.push({ line, reason }),
  );
  const csv = new CsvRecords((fields, line) => reader.row(fields, line), Infinity);
  csv.push(Buffer.from(text, "latin1"));
  csv.end();
  const list = reader.end();
  return { list, records, refused };
}

const BATCH = 2000;
const EXAMPLES = 10;

/**
 * `npm run admin -- import-sanctions <zip>`: replaces the list's rows with the zip's, streamed:
 * the CSV is read record by record and inserted in batches inside one transaction, so a refusal
 * (`long_line`, `entry_too_large`, a damaged zip) leaves the list as it was.
 */
export async function importSanctions(database: Database, zipPath: string, log: (line: string) => void = console.log) {
  const entries = (await listZipEntries(zipPath)).filter((e) => e.name.toLowerCase().endsWith(".csv"));
  if (entries.length !== 1) throw new SanctionsImportError(`${zipPath}: expected one CSV inside, found ${entries.length}`);
  const entry = entries[0]!;
  const file = path.basename(zipPath);
  let rows = 0;
  let refused = 0;
  const examples: { line: number; reason: string }[] = [];
  const list = await database.db.transaction(async (tx) => {
    let batch: SanctionRecord[] = [];
    let cleared = false;
    const reader = new SanctionsReader(
      entry.name,
      (record) => batch.push(record),
      (line, reason) => {
        refused++;
        if (examples.length < EXAMPLES) examples.push({ line, reason });
      },
    );
    const csv = new CsvRecords((fields, line) => reader.row(fields, line));
    const flush = async (list: SanctionList) => {
      if (!cleared) await tx.execute(sql`delete from sanctions where list = ${list}`);
      cleared = true;
      if (batch.length === 0) return;
      const json = JSON.stringify(batch);
      rows += batch.length;
      batch = [];
      await tx.execute(sql`insert into sanctions (list, entity, document, name, name_key, sanction, agency, agency_state, process,
          legal_basis, fine, starts_on, ends_on, published_on)
        select list, entity, document, name, name_key, sanction, agency, agency_state, process, legal_basis, fine, starts_on,
          ends_on, published_on
        from jsonb_to_recordset(${json}::jsonb) as r(list text, entity text, document text, name text, name_key text,
          sanction text, agency text, agency_state text, process text, legal_basis text, fine numeric, starts_on date,
          ends_on date, published_on date)`);
    };
    try {
      for await (const chunk of await openZipEntry(zipPath, entry, SANCTIONS_LIMITS)) {
        csv.push(chunk as Buffer);
        if (batch.length >= BATCH) await flush(reader.list!);
      }
      csv.end();
    } catch (error) {
      if (error instanceof LongLineError)
        throw new SanctionsImportError(
          `long_line: ${file} (${entry.name}) line ${error.line.toLocaleString("en-US")} is longer than ${error.max.toLocaleString("en-US")} bytes (a damaged or hostile file; the list was left as it was)`,
          "long_line",
        );
      if (error instanceof ZipError && error.code === "entry_too_large")
        throw new SanctionsImportError(`${error.message}, in ${file} (the list was left as it was)`, "entry_too_large");
      throw error;
    }
    const list = reader.end();
    await flush(list);
    await tx.execute(sql`insert into sanction_imports (list, file, rows, refused, imported_at)
        values (${list}, ${file}, ${rows}, ${refused}, now())
        on conflict (list) do update set file = excluded.file, rows = excluded.rows, refused = excluded.refused,
          imported_at = excluded.imported_at`);
    await tx.execute(sql`select pg_notify(${REGISTRY_CHANNEL}, 'sanctions')`);
    return list;
  });
  log(`${list}: ${rows.toLocaleString("en-US")} sanctions loaded from ${file}, ${refused} refused`);
  for (const r of examples) log(`  line ${r.line}: ${r.reason}`);
  return { list, rows, refused };
}

/** One sanction as the datasets publish it (2.0 format: restrictiveLists.service.sanctions[]). */
export interface Sanction {
  list: string;
  sanction: string;
  agency: string;
  agencyState: string | null;
  startedAt: string | null;
  endsAt: string | null;
  process: string | null;
  legalBasis: string | null;
}

export interface SanctionQuery {
  /** A normalized CPF or CNPJ, or a masked CPF as the Receita publishes it. */
  document: string;
  name: string | null;
}

/**
 * The sanctions in force today for each asked party (by the index of the question): those not
 * yet ended (no end date, or an end date from today on) and already started.
 */
export async function sanctionsInForce(query: RawQuery, parties: SanctionQuery[], today = new Date()): Promise<Map<number, Sanction[]>> {
  const out = new Map<number, Sanction[]>();
  if (parties.length === 0) return out;
  const keys = new Set<string>();
  for (const p of parties) {
    keys.add(p.document);
    if (/^\d{11}$/.test(p.document)) keys.add(maskCpf(p.document));
  }
  const day = today.toISOString().slice(0, 10);
  const { rows } = await query(
    `select list, document, name_key, sanction, agency, agency_state, process, legal_basis, starts_on::text, ends_on::text
       from sanctions
      where document = any($1::text[]) and (ends_on is null or ends_on >= $2::date) and (starts_on is null or starts_on <= $2::date)
      order by starts_on nulls last, list`,
    [[...keys], day],
  );
  parties.forEach((p, i) => {
    const masked = /^\d{11}$/.test(p.document) ? maskCpf(p.document) : MASKED_CPF.test(p.document) ? p.document : null;
    const key = p.name ? nameKey(p.name) : null;
    const found = rows
      .filter((r) => r.document === p.document || (masked !== null && r.document === masked && key !== null && r.name_key === key))
      .filter((r) => !MASKED_CPF.test(String(r.document)) || (key !== null && r.name_key === key))
      .map((r) => ({
        list: String(r.list),
        sanction: String(r.sanction),
        agency: String(r.agency),
        agencyState: (r.agency_state as string | null) ?? null,
        startedAt: (r.starts_on as string | null) ?? null,
        endsAt: (r.ends_on as string | null) ?? null,
        process: (r.process as string | null) ?? null,
        legalBasis: (r.legal_basis as string | null) ?? null,
      }));
    if (found.length) out.set(i, found);
  });
  return out;
}
