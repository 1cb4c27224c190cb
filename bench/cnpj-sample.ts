// Generates a month of the Receita's CNPJ open data in its full published layout, at any size:
// Empresas0..9, Estabelecimentos0..9 (30 fields, the CNPJ in three), Socios0..9 (11 fields,
// masked CPFs), Simples and the six lookup tables, each a zip of one file named as the Receita
// names them; no header, `;`, every field quoted, Latin-1, YYYYMMDD/00000000, decimal comma.
// Shape per establishment, close to the real files: 0.94 companies, 0.42 partners, 0.6 Simples
// rows; a tenth with a trade name and an e-mail, two fifths with secondary CNAEs.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { makeCnpj } from "../lib/contract/documents";
import { line } from "../test/support/receita-fixture";
import { ZipWriter } from "../test/support/zip-write";

const FIRST = ["MARIA", "JOSE", "ANA", "JOAO", "ANTONIO", "FRANCISCA", "CARLOS", "PAULO", "ADRIANA", "LUCAS", "JULIANA", "MARCOS"];
const LAST = ["SILVA", "SANTOS", "OLIVEIRA", "SOUZA", "RODRIGUES", "FERREIRA", "ALVES", "PEREIRA", "LIMA", "GOMES", "CONCEIÇÃO", "ARAÚJO"];
const WORDS = ["COMÉRCIO", "SERVIÇOS", "DISTRIBUIDORA", "CONSTRUÇÕES", "TRANSPORTES", "ALIMENTOS", "TECNOLOGIA", "CONFECÇÕES"];
const STREETS = ["DAS FLORES", "SÃO JOÃO", "BRASIL", "GETÚLIO VARGAS", "SETE DE SETEMBRO", "XV DE NOVEMBRO", "DOM PEDRO II"];
const TYPES = ["RUA", "AVENIDA", "TRAVESSA", "ALAMEDA", "RODOVIA"];
const BAIRROS = ["CENTRO", "JARDIM AMÉRICA", "VILA NOVA", "BELA VISTA", "SANTA CRUZ", "SÃO JOSÉ"];
const UFS = ["SP", "MG", "RJ", "BA", "PR", "RS", "PE", "CE", "PA", "SC", "GO", "DF"];
const CNAES = ["4711302", "4712100", "5611201", "9602501", "4781400", "8211300", "4744099", "6204000", "4930202", "7319002"];
const NATURES = ["2062", "2135", "2305", "2240", "3999", "2054"];
const QUALS = ["49", "22", "05", "16", "10"];

/** mulberry32: the sample is the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

export interface SampleSize {
  establishments: number;
  companies: number;
  partners: number;
  simples: number;
}

/** The 8-digit base of company i: a permutation of 0..10^8-1, so files are not sorted. */
const baseOf = (i: number) => pad((i * 48271 + 12345) % 100_000_000, 8);

function date(r: () => number, from = 1970): string {
  const year = from + Math.floor(r() * (2025 - from));
  return `${year}${pad(1 + Math.floor(r() * 12), 2)}${pad(1 + Math.floor(r() * 28), 2)}`;
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;
const person = (r: () => number) => `${pick(r, FIRST)} ${pick(r, LAST)} ${pick(r, LAST)}`;

/** Yields ~1 MB Latin-1 buffers of lines. */
function* chunks(lines: Iterable<string>): Generator<Buffer> {
  let parts: string[] = [];
  let size = 0;
  for (const l of lines) {
    parts.push(l);
    size += l.length + 1;
    if (size >= 1 << 20) {
      yield Buffer.from(parts.join("\n") + "\n", "latin1");
      parts = [];
      size = 0;
    }
  }
  if (parts.length) yield Buffer.from(parts.join("\n") + "\n", "latin1");
}

/** Companies [from, to): their establishments (a branch for 7 in 100). */
function* establishments(from: number, to: number): Generator<string> {
  for (let i = from; i < to; i++) {
    const r = rng(i * 3 + 1);
    const base = baseOf(i);
    const branches = r() < 0.07 ? 2 : 1;
    for (let b = 1; b <= branches; b++) {
      const cnpj = makeCnpj(base + pad(b, 4));
      const active = r() < 0.55;
      const opened = date(r);
      const mail = r() < 0.1;
      yield line([
        base,
        pad(b, 4),
        cnpj.slice(12),
        b === 1 ? "1" : "2",
        r() < 0.1 ? `${pick(r, WORDS)} ${pick(r, LAST)}` : "",
        active ? "02" : pick(r, ["08", "04", "03"]),
        active ? opened : date(r, 2005),
        active ? "00" : pick(r, ["01", "63", "71"]),
        "",
        "",
        opened,
        pick(r, CNAES),
        r() < 0.4 ? `${pick(r, CNAES)},${pick(r, CNAES)}` : "",
        pick(r, TYPES),
        pick(r, STREETS),
        String(1 + Math.floor(r() * 3000)),
        r() < 0.3 ? `SALA ${1 + Math.floor(r() * 400)}` : "",
        pick(r, BAIRROS),
        pad(Math.floor(r() * 99_999_999), 8),
        pick(r, UFS),
        pad(1 + Math.floor(r() * 9700), 4),
        "11",
        pad(30_000_000 + Math.floor(r() * 69_999_999), 8),
        "",
        "",
        "",
        "",
        mail ? `CONTATO${i}@EMPRESA.COM.BR` : "",
        "",
        "",
      ]);
    }
  }
}

function* companies(from: number, to: number): Generator<string> {
  for (let i = from; i < to; i++) {
    const r = rng(i * 3 + 2);
    const nature = pick(r, NATURES);
    const name = nature === "2135" ? `${baseOf(i)} ${person(r)}` : `${pick(r, LAST)} ${pick(r, WORDS)} LTDA`;
    yield line([
      baseOf(i),
      name,
      nature,
      "49",
      `${Math.floor(r() * 1_000_000)},${pad(Math.floor(r() * 100), 2)}`,
      pick(r, ["01", "03", "05"]),
      "",
    ]);
  }
}

/** 0.45 partners per company: 0 to 2, a person (masked CPF) mostly, a company now and then. */
function* partners(from: number, to: number): Generator<string> {
  for (let i = from; i < to; i++) {
    const r = rng(i * 3 + 3);
    const n = r() < 0.65 ? 0 : r() < 0.7 ? 1 : 2;
    for (let k = 0; k < n; k++) {
      const company = r() < 0.05;
      yield line([
        baseOf(i),
        company ? "1" : "2",
        company ? `${pick(r, LAST)} PARTICIPAÇÕES LTDA` : person(r),
        company ? makeCnpj(baseOf(Math.floor(r() * to)) + "0001") : `***${pad(Math.floor(r() * 1_000_000), 6)}**`,
        pick(r, QUALS),
        date(r, 1990),
        "",
        "***000000**",
        "",
        "00",
        String(2 + Math.floor(r() * 7)),
      ]);
    }
  }
}

function* simples(companiesTotal: number): Generator<string> {
  for (let i = 0; i < companiesTotal; i++) {
    const r = rng(i * 3 + 4);
    if (r() >= 0.64) continue;
    const mei = r() < 0.4;
    yield line([
      baseOf(i),
      "S",
      date(r, 2007),
      r() < 0.2 ? date(r, 2015) : "00000000",
      mei ? "S" : "N",
      mei ? date(r, 2009) : "00000000",
      "00000000",
    ]);
  }
}

function* lookup(rows: [string, string][]): Generator<string> {
  for (const [code, description] of rows) yield line([code, description]);
}

async function zipOf(file: string, entry: string, lines: Iterable<string>): Promise<void> {
  const zip = new ZipWriter(file);
  await zip.add(entry, chunks(lines), 1);
  await zip.close();
}

/**
 * Writes the sample into <dir>/2025-01 for about `establishments` establishments; returns the
 * folder and the exact counts, and a few CNPJs to look up.
 */
export async function writeCnpjSample(dir: string, establishmentsWanted: number, log: (l: string) => void) {
  const folder = path.join(dir, "2025-01");
  mkdirSync(folder, { recursive: true });
  const companiesTotal = Math.round(establishmentsWanted / 1.07);
  const parts = 10;
  const count = { establishments: 0, companies: companiesTotal, partners: 0, simples: 0 };
  const counting = function* (lines: Iterable<string>, key: keyof typeof count) {
    for (const l of lines) {
      count[key]++;
      yield l;
    }
  };
  const d = "D50111";
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((companiesTotal * p) / parts);
    const to = Math.floor((companiesTotal * (p + 1)) / parts);
    await zipOf(path.join(folder, `Empresas${p}.zip`), `K3241.K03200Y${p}.${d}.EMPRECSV`, companies(from, to));
    await zipOf(
      path.join(folder, `Estabelecimentos${p}.zip`),
      `K3241.K03200Y${p}.${d}.ESTABELE`,
      counting(establishments(from, to), "establishments"),
    );
    await zipOf(path.join(folder, `Socios${p}.zip`), `K3241.K03200Y${p}.${d}.SOCIOCSV`, counting(partners(from, to), "partners"));
    log(`  generated part ${p + 1} of ${parts}`);
  }
  await zipOf(path.join(folder, "Simples.zip"), `F.K03200$W.SIMPLES.CSV.${d}`, counting(simples(companiesTotal), "simples"));
  await zipOf(
    path.join(folder, "Cnaes.zip"),
    `F.K03200$Z.${d}.CNAECSV`,
    lookup(CNAES.map((c) => [c, `Atividade ${c} - comércio e serviços`])),
  );
  await zipOf(
    path.join(folder, "Motivos.zip"),
    `F.K03200$Z.${d}.MOTICSV`,
    lookup([
      ["00", "SEM MOTIVO"],
      ["01", "EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA"],
      ["63", "OMISSAO DE DECLARACOES"],
      ["71", "INAPTIDAO (LEI 11.941/2009 ART.54)"],
    ]),
  );
  await zipOf(
    path.join(folder, "Municipios.zip"),
    `F.K03200$Z.${d}.MUNICCSV`,
    lookup(Array.from({ length: 9700 }, (_, i) => [pad(i + 1, 4), `MUNICÍPIO ${i + 1}`])),
  );
  await zipOf(path.join(folder, "Naturezas.zip"), `F.K03200$Z.${d}.NATJUCSV`, lookup(NATURES.map((n) => [n, `Natureza jurídica ${n}`])));
  await zipOf(path.join(folder, "Paises.zip"), `F.K03200$Z.${d}.PAISCSV`, lookup([["105", "BRASIL"]]));
  await zipOf(
    path.join(folder, "Qualificacoes.zip"),
    `F.K03200$Z.${d}.QUALSCSV`,
    lookup([
      ["00", "Não informada"],
      ["05", "Administrador"],
      ["10", "Diretor"],
      ["16", "Presidente"],
      ["22", "Sócio"],
      ["49", "Sócio-Administrador"],
    ]),
  );
  const samples = Array.from({ length: 5000 }, (_, k) => makeCnpj(baseOf(Math.floor((k * 7919) % companiesTotal)) + "0001"));
  return { folder, count, samples };
}
