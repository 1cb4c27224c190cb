// The exports read back as a spreadsheet would (issue 29), for the service, unit and e2e tests: a
// file split by the repository's CSV parser into its header, its rows and the rows as records keyed
// by the header; and an instant as a pt-BR spreadsheet shows it in Brasília time, written with Intl,
// an oracle apart from the writer's own arithmetic (lib/contract/format/csv.ts).
import { parseCsv } from "../../server/v2/blacklist/csv";

export function readSheet(text: string): { header: string[]; rows: string[][]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ""), { delimiter: ";" }).map((r) => r.fields);
  return { header, rows, records: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""]))) };
}

/** The audit log's columns in people's words (GET /api/review/v1/audit-events.csv, and /audit's download). */
export const AUDIT_HEADER = [
  "id",
  "criado_em",
  "tipo",
  "tipo_codigo",
  "ator",
  "ator_email",
  "ator_id",
  "caso_id",
  "entrada_id",
  "request_id",
  "request_id_cliente",
  "decisao",
  "decisao_codigo",
  "motivos",
  "sinalizadores_confirmados",
  "sinalizadores_confirmados_codigos",
  "documento",
  "motivo",
  "dados",
];

/** A batch's results before its metadata's columns ("Exportar resultados"). */
export const BATCH_HEADER = [
  "id",
  "documento",
  "nome",
  "situacao",
  "situacao_codigo",
  "resultado",
  "resultado_codigo",
  "motivo_falha",
  "motivo_falha_codigo",
  "criado_em",
  "concluido_em",
];

const brasilia = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 05/12/2026 20:38 */
export const inBrasilia = (instant: string | number | Date) => brasilia.format(new Date(instant)).replace(", ", " ");
