// A small month of the Receita's CNPJ open data, written exactly as published: one zip per file
// (Empresas0.zip, Estabelecimentos0.zip and 1, Socios0.zip, Simples.zip, the six lookup tables),
// each holding one file named as the Receita names them, no header, `;`-separated, every field
// quoted, Latin-1, dates YYYYMMDD with 00000000 for none, decimal comma. Socios0 has CRLF line
// ends, the others LF. It carries the cases the importer must handle: accents, a quote inside a
// field, empty fields, 00000000 dates, a short line, a bad date, a bad check digit.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { makeCnpj } from "../../lib/contract/documents";
import { writeZip } from "./zip-write";

/** One published record: every field quoted, `;` between them. */
export const line = (fields: string[]) => fields.map((f) => `"${f}"`).join(";");
export const latin1 = (lines: string[], eol = "\n") => Buffer.from(lines.map((l) => l + eol).join(""), "latin1");

export const ACME = makeCnpj("112223330001"); // head office
export const ACME_BRANCH = makeCnpj("112223330002");
export const HOLDING = makeCnpj("445556660001"); // a partner of ACME, and of nothing else
export const OTHER = makeCnpj("778889990001"); // where ACME's partner Maria also appears
export const MEI = makeCnpj("121212120001");
export const ABSENT = makeCnpj("999888770001"); // valid, not in the release

/** Maria's masked CPF as the Receita publishes it, and her name: in ACME and in OTHER. */
export const MARIA = { name: "MARIA DA CONCEIÇÃO D'ÁVILA", masked: "***220050**" };

export const LOOKUPS = {
  Cnaes: [
    ["4711302", "Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados"],
    ["6204000", "Consultoria em tecnologia da informação"],
    [
      "4712100",
      "Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - minimercados, mercearias e armazéns",
    ],
    ["9602501", "Cabeleireiros, manicure e pedicure"],
  ],
  Motivos: [
    ["00", "SEM MOTIVO"],
    ["01", "EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA"],
  ],
  Municipios: [
    ["7107", "SAO PAULO"],
    ["9701", "BRASILIA"],
  ],
  Naturezas: [
    ["2062", "Sociedade Empresária Limitada"],
    ["2135", "Empresário (Individual)"],
  ],
  Paises: [["105", "BRASIL"]],
  Qualificacoes: [
    ["00", "Não informada"],
    ["22", "Sócio"],
    ["49", "Sócio-Administrador"],
    ["05", "Administrador"],
    ["17", "Procurador"],
  ],
} as const;

const INNER: Record<string, string> = {
  Cnaes: "F.K03200$Z.D50111.CNAECSV",
  Motivos: "F.K03200$Z.D50111.MOTICSV",
  Municipios: "F.K03200$Z.D50111.MUNICCSV",
  Naturezas: "F.K03200$Z.D50111.NATJUCSV",
  Paises: "F.K03200$Z.D50111.PAISCSV",
  Qualificacoes: "F.K03200$Z.D50111.QUALSCSV",
};

const split = (cnpj: string) => [cnpj.slice(0, 8), cnpj.slice(8, 12), cnpj.slice(12)];

/** Estabelecimentos: 30 fields, the CNPJ in three. */
export function establishment(cnpj: string, o: Partial<Record<string, string>> = {}): string[] {
  return [
    ...split(cnpj),
    o.matriz ?? "1",
    o.fantasia ?? "",
    o.situacao ?? "02",
    o.dataSituacao ?? "20050103",
    o.motivo ?? "00",
    "",
    "",
    o.inicio ?? "20050103",
    o.cnae ?? "6204000",
    o.secundarias ?? "",
    o.tipoLogradouro ?? "RUA",
    o.logradouro ?? "DAS FLORES",
    o.numero ?? "100",
    o.complemento ?? "",
    o.bairro ?? "CENTRO",
    o.cep ?? "01001000",
    o.uf ?? "SP",
    o.municipio ?? "7107",
    o.ddd1 ?? "",
    o.telefone1 ?? "",
    o.ddd2 ?? "",
    o.telefone2 ?? "",
    "",
    "",
    o.email ?? "",
    o.situacaoEspecial ?? "",
    o.dataSituacaoEspecial ?? "",
  ];
}

export interface FixtureRelease {
  empresas: string[];
  estabelecimentos0: string[];
  estabelecimentos1: string[];
  socios: string[];
  simples: string[];
}

/** The first month (2025-01). */
export function releaseOne(): FixtureRelease {
  return {
    empresas: [
      line([ACME.slice(0, 8), 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA', "2062", "49", "1061004829,23", "05", ""]),
      line([HOLDING.slice(0, 8), "HOLDING PARTICIPAÇÕES LTDA", "2062", "49", "500000,00", "05", ""]),
      line([OTHER.slice(0, 8), "OUTRA EMPRESA DE TECNOLOGIA LTDA", "2062", "49", "10000,00", "01", ""]),
      line([MEI.slice(0, 8), "12121212 JOSÉ DA SILVA", "2135", "50", "5000,00", "01", ""]),
      line(["55544433", "SHORT LINE LTDA"]), // short line: refused
    ],
    estabelecimentos0: [
      line(
        establishment(ACME, {
          fantasia: "SUPERMERCADO BOM PREÇO",
          cnae: "4711302",
          secundarias: "4712100,6204000",
          tipoLogradouro: "AVENIDA",
          logradouro: "PAULISTA",
          numero: "1578",
          complemento: 'ANDAR 2 "BLOCO A"',
          bairro: "BELA VISTA",
          cep: "01310200",
          ddd1: "11",
          telefone1: "33334444",
          ddd2: "11",
          telefone2: "987654321",
          email: "CONTATO@BOMPRECO.COM.BR",
          inicio: "19940315",
          dataSituacao: "19940315",
        }),
      ),
      line(establishment(HOLDING, { inicio: "20100201", dataSituacao: "20100201" })),
      line(establishment(OTHER, { inicio: "20200110", dataSituacao: "00000000" })),
      // bad check digit: refused
      line(establishment(ACME.slice(0, 12) + (ACME.slice(12) === "99" ? "98" : "99"))),
    ],
    estabelecimentos1: [
      line(
        establishment(ACME_BRANCH, {
          matriz: "2",
          situacao: "08",
          dataSituacao: "20231130",
          motivo: "01",
          fantasia: "",
          uf: "DF",
          municipio: "9701",
          cep: "70836900",
          inicio: "20010502",
        }),
      ),
      line(establishment(MEI, { cnae: "9602501", inicio: "20240601", dataSituacao: "20240601" })),
      // bad date (February 30th): refused
      line(establishment(makeCnpj("565656560001"), { inicio: "20230230" })),
    ],
    socios: [
      line([ACME.slice(0, 8), "2", MARIA.name, MARIA.masked, "49", "19940315", "", "***000000**", "", "00", "6"]),
      line([ACME.slice(0, 8), "2", "JOÃO PEREIRA LIMA", "***987654**", "22", "20150820", "", "***123456**", "ANA PEREIRA LIMA", "17", "2"]),
      line([ACME.slice(0, 8), "1", "HOLDING PARTICIPAÇÕES LTDA", HOLDING, "22", "20180101", "", "***000000**", "", "00", "0"]),
      line([OTHER.slice(0, 8), "2", MARIA.name, MARIA.masked, "22", "20200110", "", "***000000**", "", "00", "6"]),
      line([MEI.slice(0, 8), "2", "JOSÉ DA SILVA", "***111222**", "50", "20240601", "", "***000000**", "", "00", "4"]),
    ],
    simples: [
      line([ACME.slice(0, 8), "N", "00000000", "00000000", "N", "00000000", "00000000"]),
      line([OTHER.slice(0, 8), "S", "20200110", "00000000", "N", "00000000", "00000000"]),
      line([MEI.slice(0, 8), "S", "20240601", "00000000", "S", "20240601", "00000000"]),
    ],
  };
}

/** The next month (2025-02): ACME's head office closed (Baixada), a new partner, OTHER gone. */
export function releaseTwo(): FixtureRelease {
  const one = releaseOne();
  return {
    ...one,
    empresas: one.empresas.filter((l) => !l.startsWith(`"${OTHER.slice(0, 8)}"`)),
    estabelecimentos0: [
      line(establishment(ACME, { situacao: "08", dataSituacao: "20250120", motivo: "01", inicio: "19940315", cnae: "4711302" })),
      line(establishment(HOLDING, { inicio: "20100201", dataSituacao: "20100201" })),
    ],
    socios: [
      ...one.socios.filter((l) => !l.startsWith(`"${OTHER.slice(0, 8)}"`)),
      line([ACME.slice(0, 8), "2", "CARLA NOVAES", "***555666**", "22", "20250115", "", "***000000**", "", "00", "3"]),
    ],
  };
}

/** Writes the month's zips into <dir>/<release>/ and returns that folder. */
export async function writeReleaseFolder(dir: string, release: string, files: FixtureRelease): Promise<string> {
  const folder = path.join(dir, release);
  mkdirSync(folder, { recursive: true });
  const date = "D50111";
  await writeZip(path.join(folder, "Empresas0.zip"), `K3241.K03200Y0.${date}.EMPRECSV`, latin1(files.empresas));
  await writeZip(path.join(folder, "Estabelecimentos0.zip"), `K3241.K03200Y0.${date}.ESTABELE`, latin1(files.estabelecimentos0));
  await writeZip(path.join(folder, "Estabelecimentos1.zip"), `K3241.K03200Y1.${date}.ESTABELE`, latin1(files.estabelecimentos1));
  await writeZip(path.join(folder, "Socios0.zip"), `K3241.K03200Y0.${date}.SOCIOCSV`, latin1(files.socios, "\r\n"));
  await writeZip(path.join(folder, "Simples.zip"), `F.K03200$W.SIMPLES.CSV.${date}`, latin1(files.simples));
  for (const [name, rows] of Object.entries(LOOKUPS)) {
    await writeZip(path.join(folder, `${name}.zip`), INNER[name]!, latin1(rows.map((r) => line([...r]))));
  }
  return folder;
}
