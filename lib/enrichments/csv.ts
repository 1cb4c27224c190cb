// The batch CSV: one document per line, optional metadata columns. The first line is a header
// when it names a document column (documento, document, cpf, cnpj, cpf_cnpj); the other columns
// are metadata keys. Comma or semicolon separated (spreadsheets in pt-BR use semicolons), quotes
// as in RFC 4180. Every line is checked before anything is sent; with the profile known, a
// document of the other kind (a CNPJ for a person's profile) is refused by name, as the API would
// refuse it (profile_entity_mismatch, issue 28 item 2).
import { normalizeDocument } from "@/lib/contract/documents";

export const MAX_ITEMS = 500;
const DOCUMENT_COLUMNS = ["documento", "document", "cpf", "cnpj", "cpf_cnpj", "cpf/cnpj", "nationalid"];

export interface BatchLine {
  line: number;
  document: string;
  metadata: Record<string, string>;
}

export interface BatchLineError {
  line: number;
  message: string;
}

export interface ParsedBatch {
  items: BatchLine[];
  errors: BatchLineError[];
  columns: string[];
}

function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/** The profile the lines are checked against: what it serves, and its name for the message. */
export interface BatchProfile {
  name: string;
  entity: "person" | "company";
}

const KIND = { person: "CPF", company: "CNPJ" } as const;

/** "Linha 5: CNPJ não serve ao perfil “Pessoa: cadastro”, que aceita só CPF." */
export function entityMismatch(profile: BatchProfile): string {
  const other = profile.entity === "person" ? "company" : "person";
  return `${KIND[other]} não serve ao perfil “${profile.name}”, que aceita só ${KIND[profile.entity]}.`;
}

export function parseBatchCsv(text: string, profile?: BatchProfile): ParsedBatch {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const firstContent = lines.find((l) => l.trim()) ?? "";
  const separator = (firstContent.match(/;/g)?.length ?? 0) > (firstContent.match(/,/g)?.length ?? 0) ? ";" : ",";
  const errors: BatchLineError[] = [];
  const items: BatchLine[] = [];
  let header: string[] | null = null;
  let documentColumn = 0;
  const seen = new Map<string, number>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const cells = splitLine(raw, separator);
    if (header === null && items.length === 0 && errors.length === 0) {
      const lower = cells.map((c) => c.toLowerCase());
      const found = lower.findIndex((c) => DOCUMENT_COLUMNS.includes(c));
      if (found >= 0) {
        header = cells;
        documentColumn = found;
        const keys = cells.filter((_, i) => i !== found);
        for (const key of keys)
          if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key))
            errors.push({ line, message: `Nome de coluna inválido para metadado: "${key.slice(0, 40)}".` });
        return;
      }
      header = [];
    }
    const document = cells[documentColumn] ?? "";
    const normalized = normalizeDocument(document);
    if (!document) {
      errors.push({ line, message: "Linha sem documento." });
      return;
    }
    if (!normalized) {
      errors.push({ line, message: "CPF ou CNPJ inválido." });
      return;
    }
    if (profile && normalized.entity !== profile.entity) {
      errors.push({ line, message: entityMismatch(profile) });
      return;
    }
    const earlier = seen.get(normalized.value);
    if (earlier) {
      errors.push({ line, message: `Documento repetido (já na linha ${earlier}).` });
      return;
    }
    seen.set(normalized.value, line);
    const metadata: Record<string, string> = {};
    (header ?? []).forEach((key, i) => {
      if (i !== documentColumn && cells[i]) metadata[key] = cells[i]!.slice(0, 1000);
    });
    if (header?.length === 0 && cells.length > 1)
      errors.push({ line, message: "Colunas extras sem cabeçalho: inclua uma linha de cabeçalho com a coluna documento." });
    else items.push({ line, document: normalized.value, metadata });
  });
  if (items.length + errors.length === 0) errors.push({ line: 0, message: "O arquivo não tem linhas." });
  if (items.length > MAX_ITEMS) errors.push({ line: 0, message: `O lote tem ${items.length} documentos; o máximo é ${MAX_ITEMS}.` });
  const columns = header ? (header as string[]).filter((_, i) => i !== documentColumn) : [];
  return { items, errors, columns };
}
