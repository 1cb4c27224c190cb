// The restrictive list's CSV columns, one set for the export and the import so that each reads
// what the other writes (issue 29; issue 28, item 8): the export names them in pt-BR (`documento;
// motivo;nome;expira_em;...`) or, with `format=codes`, as the API's fields (`nationalId;reason;
// name;expiresAt;...`), and the import takes either, case, accents, spaces and underscores
// ignored ("Expira em" is expira_em), in any order. A file without a header is read by position.
import { ApiError } from "../../http/errors";
import { normalizeDocument } from "../../../lib/contract/documents";

export type ImportField = "nationalId" | "reason" | "name" | "expiresAt";
export const IMPORT_FIELDS: readonly ImportField[] = ["nationalId", "reason", "name", "expiresAt"];

/** Each column's name in the two export formats; the import knows both. */
export const COLUMN_NAMES = {
  nationalId: { labels: "documento", codes: "nationalId" },
  reason: { labels: "motivo", codes: "reason" },
  name: { labels: "nome", codes: "name" },
  expiresAt: { labels: "expira_em", codes: "expiresAt" },
  createdAt: { labels: "criado_em", codes: "createdAt" },
  createdBy: { labels: "criado_por", codes: "createdBy" },
  createdByEmail: { labels: "criado_por_email", codes: "createdByEmail" },
} as const;

/** "Expira em", "EXPIRA_EM", "expiraEm" -> "expiraem". */
export const foldName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

const FIELD_OF = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => [
    [foldName(COLUMN_NAMES[field].labels), field],
    [foldName(COLUMN_NAMES[field].codes), field],
  ]),
);
/** Names the export writes that the import reads past. */
const OTHER_NAMES = new Set(
  Object.entries(COLUMN_NAMES)
    .filter(([field]) => !(IMPORT_FIELDS as readonly string[]).includes(field))
    .flatMap(([, names]) => [foldName(names.labels), foldName(names.codes)]),
);

/** Where each field is in a record: by position without a header, by name with one. */
export type ColumnIndex = Readonly<Record<ImportField, number | null>>;
export const BY_POSITION: ColumnIndex = { nationalId: 0, reason: 1, name: 2, expiresAt: 3 };

/**
 * Whether the first record of a file is a header: one of its cells names a column and none is a
 * document (a reason may well be "nome").
 */
export function isHeader(fields: string[]): boolean {
  const named = fields.some((cell) => FIELD_OF.has(foldName(cell)) || OTHER_NAMES.has(foldName(cell)));
  return named && !fields.some((cell) => normalizeDocument(cell.trim()) !== null);
}

/**
 * The columns a header names; 400 when it has no document column or names a field twice. A header
 * whose names all sit at their positions (`nationalId` alone, `documento;motivo`) leaves the fields
 * it does not name at theirs, as a file read by position (what such a header meant before names
 * were read); a header in another order has only the fields it names.
 */
export function columnsOf(header: string[]): ColumnIndex {
  const index: Record<ImportField, number | null> = { nationalId: null, reason: null, name: null, expiresAt: null };
  header.forEach((cell, i) => {
    const field = FIELD_OF.get(foldName(cell));
    if (!field) return;
    if (index[field] !== null)
      throw new ApiError("invalid_request", `CSV header has two columns for ${field} (${COLUMN_NAMES[field].labels} or ${field})`);
    index[field] = i;
  });
  if (index.nationalId === null) throw new ApiError("invalid_request", "CSV header has no document column (documento or nationalId)");
  const inPlace = IMPORT_FIELDS.every((field) => index[field] === null || index[field] === BY_POSITION[field]);
  return inPlace ? { ...BY_POSITION } : index;
}
