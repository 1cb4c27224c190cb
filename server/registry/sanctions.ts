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
import { listZipEntries, openZipEntry } from "./zip";

export const SANCTION_LISTS = ["CEIS", "CNEP"] as const;
export type SanctionList = (typeof SANCTION_LISTS)[number];

export class SanctionsImportError extends Error {}

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

/** CSV with quoted fields that may hold `;`, `""` and line breaks (OBSERVAÇÕES does). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      if (record.length > 1 || record[0] !== "") records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
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

/** Reads one list's CSV (text already decoded from ISO-8859-1). */
export function readSanctions(text: string, fileName: string): SanctionsRead {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new SanctionsImportError(`${fileName}: empty file`);
  const names = header.map((h) => h.trim().toUpperCase());
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, title]) => [key, names.indexOf(title)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  const missing = REQUIRED.filter((key) => at[key] < 0).map((key) => COLUMNS[key]);
  if (missing.length) throw new SanctionsImportError(`${fileName}: not a CEIS or CNEP file (no column ${missing.join(", ")})`);
  const fromName = SANCTION_LISTS.find((l) => path.basename(fileName).toUpperCase().includes(l));
  const listed =
    at.list >= 0
      ? rows
          .find((r) => r[at.list])
          ?.[at.list]?.trim()
          .toUpperCase()
      : undefined;
  const list = (SANCTION_LISTS as readonly string[]).includes(listed ?? "") ? (listed as SanctionList) : fromName;
  if (!list) throw new SanctionsImportError(`${fileName}: neither CEIS nor CNEP (by its CADASTRO column or its name)`);
  const records: SanctionRecord[] = [];
  const refused: SanctionsRead["refused"] = [];
  const get = (row: string[], key: keyof typeof COLUMNS) => (at[key] >= 0 ? (row[at[key]] ?? "").trim() : "");
  rows.forEach((row, i) => {
    const line = i + 2;
    if (row.length < header.length) return refused.push({ line, reason: "short_line" });
    const doc = documentOf(get(row, "document"));
    if (!doc) return refused.push({ line, reason: "bad_document" });
    const startsOn = brDate(get(row, "startsOn"));
    const endsOn = brDate(get(row, "endsOn"));
    const publishedOn = brDate(get(row, "publishedOn"));
    if (startsOn === undefined || endsOn === undefined || publishedOn === undefined) return refused.push({ line, reason: "bad_date" });
    const name = get(row, "name") || get(row, "registryName") || get(row, "informedName");
    records.push({
      list,
      entity: doc.entity,
      document: doc.document,
      name,
      name_key: nameKey(name),
      sanction: get(row, "sanction"),
      agency: get(row, "agency"),
      agency_state: get(row, "agencyState") || null,
      process: get(row, "process") || null,
      legal_basis: get(row, "legalBasis") || null,
      fine: money(get(row, "fine")),
      starts_on: startsOn,
      ends_on: endsOn,
      published_on: publishedOn,
    });
  });
  return { list, records, refused };
}

const BATCH = 2000;

/** `npm run admin -- import-sanctions <zip>`: replaces the list's rows with the zip's. */
export async function importSanctions(database: Database, zipPath: string, log: (line: string) => void = console.log) {
  const entries = (await listZipEntries(zipPath)).filter((e) => e.name.toLowerCase().endsWith(".csv"));
  if (entries.length !== 1) throw new SanctionsImportError(`${zipPath}: expected one CSV inside, found ${entries.length}`);
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(zipPath, entries[0]!)) chunks.push(chunk as Buffer);
  const read = readSanctions(Buffer.concat(chunks).toString("latin1"), entries[0]!.name);
  await replaceList(database, read, path.basename(zipPath));
  log(
    `${read.list}: ${read.records.length.toLocaleString("en-US")} sanctions loaded from ${path.basename(zipPath)}, ${read.refused.length} refused`,
  );
  for (const r of read.refused.slice(0, 10)) log(`  line ${r.line}: ${r.reason}`);
  return { list: read.list, rows: read.records.length, refused: read.refused.length };
}

async function replaceList(database: Database, read: SanctionsRead, file: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from sanctions where list = ${read.list}`);
    for (let i = 0; i < read.records.length; i += BATCH) {
      const batch = JSON.stringify(read.records.slice(i, i + BATCH));
      await tx.execute(sql`insert into sanctions (list, entity, document, name, name_key, sanction, agency, agency_state, process,
          legal_basis, fine, starts_on, ends_on, published_on)
        select list, entity, document, name, name_key, sanction, agency, agency_state, process, legal_basis, fine, starts_on,
          ends_on, published_on
        from jsonb_to_recordset(${batch}::jsonb) as r(list text, entity text, document text, name text, name_key text,
          sanction text, agency text, agency_state text, process text, legal_basis text, fine numeric, starts_on date,
          ends_on date, published_on date)`);
    }
    await tx.execute(sql`insert into sanction_imports (list, file, rows, refused, imported_at)
        values (${read.list}, ${file}, ${read.records.length}, ${read.refused.length}, now())
        on conflict (list) do update set file = excluded.file, rows = excluded.rows, refused = excluded.refused,
          imported_at = excluded.imported_at`);
    await tx.execute(sql`select pg_notify(${REGISTRY_CHANNEL}, 'sanctions')`);
  });
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
