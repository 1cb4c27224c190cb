// CEIS and CNEP files as the Portal da Transparência publishes them: a daily zip
// (YYYYMMDD_CEIS.zip) of one CSV with a header row, ISO-8859-1, `;`, every field quoted, dates
// DD/MM/YYYY.
import path from "node:path";
import { latin1, line } from "./receita-fixture";
import { writeZip } from "./zip-write";

export const CEIS_HEADER = [
  "CADASTRO",
  "CÓDIGO DA SANÇÃO",
  "TIPO DE PESSOA",
  "CPF OU CNPJ DO SANCIONADO",
  "NOME DO SANCIONADO",
  "NOME INFORMADO PELO ÓRGÃO SANCIONADOR",
  "RAZÃO SOCIAL - CADASTRO RECEITA",
  "NOME FANTASIA - CADASTRO RECEITA",
  "NÚMERO DO PROCESSO",
  "CATEGORIA DA SANÇÃO",
  "DATA INÍCIO SANÇÃO",
  "DATA FINAL SANÇÃO",
  "DATA PUBLICAÇÃO",
  "PUBLICAÇÃO",
  "DETALHAMENTO DO MEIO DE PUBLICAÇÃO",
  "DATA DO TRÂNSITO EM JULGADO",
  "ABRANGÊNCIA DA SANÇÃO",
  "ÓRGÃO SANCIONADOR",
  "UF ÓRGÃO SANCIONADOR",
  "ESFERA ÓRGÃO SANCIONADOR",
  "FUNDAMENTAÇÃO LEGAL",
  "DATA ORIGEM INFORMAÇÃO",
  "ORIGEM INFORMAÇÕES",
  "OBSERVAÇÕES",
];
/** CNEP: CEIS's columns plus the fine, after the category. */
export const CNEP_HEADER = [...CEIS_HEADER.slice(0, 10), "VALOR DA MULTA", ...CEIS_HEADER.slice(10)];

export interface SanctionFixture {
  kind: "F" | "J";
  document: string;
  name: string;
  category: string;
  start: string;
  end: string;
  agency: string;
  uf: string;
  process?: string;
  fine?: string;
  observations?: string;
}

export function sanctionRow(list: "CEIS" | "CNEP", s: SanctionFixture, code: number): string[] {
  const row = [
    list,
    String(code),
    s.kind,
    s.document,
    s.name,
    s.name,
    s.kind === "J" ? s.name : "",
    "",
    s.process ?? "00190.000001/2024-11",
    s.category,
    s.start,
    s.end,
    s.start,
    "Diário Oficial da União",
    "Seção 3, página 12",
    "",
    "Todas as Esferas em todos os Poderes",
    s.agency,
    s.uf,
    "FEDERAL",
    "Lei nº 14.133/2021, art. 156",
    s.start,
    "Controladoria-Geral da União",
    s.observations ?? "",
  ];
  return list === "CNEP" ? [...row.slice(0, 10), s.fine ?? "", ...row.slice(10)] : row;
}

/** Writes <dir>/<date>_<list>.zip holding <date>_<list>.csv; `raw` lines are written as given. */
export async function writeSanctionsZip(dir: string, list: "CEIS" | "CNEP", date: string, rows: SanctionFixture[], raw: string[] = []) {
  const file = path.join(dir, `${date}_${list}.zip`);
  const header = line(list === "CNEP" ? CNEP_HEADER : CEIS_HEADER);
  const body = rows.map((r, i) => line(sanctionRow(list, r, 1000 + i)));
  await writeZip(file, `${date}_${list}.csv`, latin1([header, ...body, ...raw], "\r\n"));
  return file;
}
