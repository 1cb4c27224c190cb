// The published files of the Receita Federal's CNPJ open data, as this importer reads them: which
// zip holds which file, how many fields its records have, and the table each loads (per release,
// in that release's schema: server/registry/release.ts). Field order is the Receita's layout.
//
// Tables keep typed, compact columns (dates as date, codes as smallint, empty as NULL) rather
// than one document per CNPJ: about a fifth of the disk (docs/operations.md, figures).

import { ADDRESS_KEY, EMAIL_KEY, PHONE1_KEY, PHONE2_KEY } from "./contact-keys";

export type FileKind =
  "cnaes" | "motivos" | "municipios" | "naturezas" | "paises" | "qualificacoes" | "empresas" | "estabelecimentos" | "socios" | "simples";

export interface TableLayout {
  kind: FileKind;
  /** Zip file names of this kind: Empresas0.zip ... Empresas9.zip, Simples.zip, Cnaes.zip. */
  file: RegExp;
  table: string;
  /** Fields per record in the published layout. */
  fields: number;
  /** The table's columns, fixed-width types first (less padding per row). */
  columns: [string, string][];
  /** The COPY column list, in the order rows.ts writes them. */
  copyColumns: string[];
  /**
   * Indexes built once the release is loaded: [name suffix, definition, "unique" when the layout
   * allows each key once: a repeated key refuses the release, import-cnpj.ts].
   */
  indexes: [string, string, "unique"?][];
  /**
   * Statistics on expressions, built with the indexes ([name suffix, expression]): the planner
   * ignores the statistics of a partial expression index, and without them it guesses that a
   * contact key matches 0.5% of the rows (then walks the CNPJ index instead of the key's).
   */
  statistics?: [string, string][];
}

const lookup = (kind: FileKind, file: RegExp, table: string, codeType: string): TableLayout => ({
  kind,
  file,
  table,
  fields: 2,
  columns: [
    ["code", `${codeType} not null`],
    ["description", "text"],
  ],
  copyColumns: ["code", "description"],
  indexes: [["code", "(code)"]],
});

export const LAYOUTS: readonly TableLayout[] = [
  lookup("cnaes", /^cnaes\.zip$/i, "cnaes", "integer"),
  lookup("motivos", /^motivos\.zip$/i, "motives", "smallint"),
  lookup("municipios", /^municipios\.zip$/i, "municipalities", "smallint"),
  lookup("naturezas", /^naturezas\.zip$/i, "legal_natures", "smallint"),
  lookup("paises", /^paises\.zip$/i, "countries", "smallint"),
  lookup("qualificacoes", /^qualificacoes\.zip$/i, "qualifications", "smallint"),
  {
    kind: "empresas",
    file: /^empresas\d*\.zip$/i,
    table: "companies",
    fields: 7,
    columns: [
      ["share_capital", "numeric(17,2)"],
      ["legal_nature", "smallint"],
      ["responsible_qualification", "smallint"],
      ["size", "smallint"],
      ["base", 'text collate "C" not null'],
      ["name", "text"],
      ["federative_entity", "text"],
    ],
    copyColumns: ["base", "name", "legal_nature", "responsible_qualification", "share_capital", "size", "federative_entity"],
    indexes: [["base", "(base)"]],
  },
  {
    kind: "estabelecimentos",
    file: /^estabelecimentos\d*\.zip$/i,
    table: "establishments",
    fields: 30,
    columns: [
      ["status_date", "date"],
      ["opened_at", "date"],
      ["special_status_date", "date"],
      ["cnae", "integer"],
      ["status", "smallint"],
      ["status_reason", "smallint"],
      ["country", "smallint"],
      ["municipality", "smallint"],
      ["head_office", "boolean"],
      ["cnpj", 'text collate "C" not null'],
      ["trade_name", "text"],
      ["foreign_city", "text"],
      ["cnaes_secondary", "text"],
      ["street_type", "text"],
      ["street", "text"],
      ["number", "text"],
      ["complement", "text"],
      ["neighborhood", "text"],
      ["cep", "text"],
      ["uf", "text"],
      ["ddd1", "text"],
      ["phone1", "text"],
      ["ddd2", "text"],
      ["phone2", "text"],
      ["fax_ddd", "text"],
      ["fax", "text"],
      ["email", "text"],
      ["special_status", "text"],
    ],
    copyColumns: [
      "cnpj",
      "head_office",
      "trade_name",
      "status",
      "status_date",
      "status_reason",
      "foreign_city",
      "country",
      "opened_at",
      "cnae",
      "cnaes_secondary",
      "street_type",
      "street",
      "number",
      "complement",
      "neighborhood",
      "cep",
      "uf",
      "municipality",
      "ddd1",
      "phone1",
      "ddd2",
      "phone2",
      "fax_ddd",
      "fax",
      "email",
      "special_status",
      "special_status_date",
    ],
    // by CNPJ, and by CNPJ base as a range of the same index (collation "C"); one row per CNPJ;
    // the investigation graph's shared address, phone and e-mail (contact-keys.ts; issue 33)
    indexes: [
      ["cnpj", "(cnpj)", "unique"],
      ["address_key", `(${ADDRESS_KEY}) where street is not null and street <> ''`],
      ["phone1_key", `(${PHONE1_KEY}) where phone1 is not null and phone1 <> ''`],
      ["phone2_key", `(${PHONE2_KEY}) where phone2 is not null and phone2 <> ''`],
      ["email_key", `(${EMAIL_KEY}) where email is not null and btrim(email) <> ''`],
    ],
    statistics: [
      ["address_key", ADDRESS_KEY],
      ["phone1_key", PHONE1_KEY],
      ["phone2_key", PHONE2_KEY],
      ["email_key", EMAIL_KEY],
    ],
  },
  {
    kind: "socios",
    file: /^socios\d*\.zip$/i,
    table: "partners",
    fields: 11,
    columns: [
      ["since", "date"],
      ["kind", "smallint"],
      ["qualification", "smallint"],
      ["country", "smallint"],
      ["representative_qualification", "smallint"],
      ["age_band", "smallint"],
      ["base", 'text collate "C" not null'],
      ["name", "text"],
      ["document", 'text collate "C"'],
      ["representative_document", "text"],
      ["representative_name", "text"],
    ],
    copyColumns: [
      "base",
      "kind",
      "name",
      "document",
      "qualification",
      "since",
      "country",
      "representative_document",
      "representative_name",
      "representative_qualification",
      "age_band",
    ],
    // the QSA of a company; the companies of one partner (name plus masked CPF, or CNPJ)
    indexes: [
      ["base", "(base)"],
      ["document_name", "(document, name)"],
    ],
  },
  {
    kind: "simples",
    file: /^simples\.zip$/i,
    table: "simples",
    fields: 7,
    columns: [
      ["simples_since", "date"],
      ["simples_until", "date"],
      ["mei_since", "date"],
      ["mei_until", "date"],
      ["simples", "boolean"],
      ["mei", "boolean"],
      ["base", 'text collate "C" not null'],
    ],
    copyColumns: ["base", "simples", "simples_since", "simples_until", "mei", "mei_since", "mei_until"],
    indexes: [["base", "(base)"]],
  },
];

/** Load order: the lookup tables, then companies, establishments, partners, Simples. */
export const LOAD_ORDER: readonly FileKind[] = LAYOUTS.map((l) => l.kind);

export function layoutOf(kind: FileKind): TableLayout {
  return LAYOUTS.find((l) => l.kind === kind)!;
}

/** The kind of a published zip, by its name (null: not part of the CNPJ open data we load). */
export function kindOfFile(fileName: string): FileKind | null {
  return LAYOUTS.find((l) => l.file.test(fileName))?.kind ?? null;
}
