// The Receita's files as published, through the importer's reader: zip (server/registry/zip.ts),
// records (records.ts) and the COPY rows (rows.ts). Fixtures are written in the exact layout:
// no header, `;`, every field quoted, Latin-1, YYYYMMDD with 00000000 for none, decimal comma.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeCnpj } from "../../lib/contract/documents";
import { CopyText } from "../../server/registry/copy-text";
import type { FileKind } from "../../server/registry/layout";
import { kindOfFile } from "../../server/registry/layout";
import { LongLineError, RecordSplitter } from "../../server/registry/records";
import { writeRow, type Refusal } from "../../server/registry/rows";
import { listZipEntries, openZipEntry } from "../../server/registry/zip";
import { establishment, latin1, line } from "../support/receita-fixture";
import { writeZip, ZipWriter } from "../support/zip-write";

interface Parsed {
  /** COPY lines, decoded from Latin-1 as the server does with ENCODING 'LATIN1'. */
  rows: string[][];
  refused: (Refusal & { line: number })[];
}

function parse(kind: FileKind, bytes: Buffer, chunk = bytes.length): Parsed {
  const out = new CopyText(64);
  const refused: Parsed["refused"] = [];
  const splitter = new RecordSplitter((fields, n) => {
    const refusal = writeRow(kind, fields, out);
    if (refusal) refused.push({ ...refusal, line: n });
  });
  for (let at = 0; at < bytes.length; at += chunk) splitter.push(bytes.subarray(at, at + chunk));
  splitter.end();
  const text = out.take().toString("latin1");
  return {
    rows: text
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("\t")),
    refused,
  };
}

const ACME = makeCnpj("112223330001");

describe("Receita records to COPY rows", () => {
  it("keeps Latin-1 accents byte for byte", () => {
    const bytes = latin1([line(["2062", "Sociedade Empresária Limitada"]), line(["2135", "Empresário (Individual)"])]);
    expect(bytes.includes(Buffer.from("á", "latin1"))).toBe(true); // one byte, 0xE1: Latin-1 as published
    expect(bytes.length).toBe(Buffer.from(bytes.toString("latin1"), "latin1").length);
    const { rows, refused } = parse("naturezas", bytes);
    expect(refused).toEqual([]);
    expect(rows).toEqual([
      ["2062", "Sociedade Empresária Limitada"],
      ["2135", "Empresário (Individual)"],
    ]);
  });

  it("reads a quote inside a field, at its end, and the doubled quote", () => {
    const bytes = latin1([
      line([ACME.slice(0, 8), 'ACME "BOM PREÇO" LTDA', "2062", "49", "0,00", "05", ""]),
      line([ACME.slice(0, 8), 'LOJA "X"', "2062", "49", "0,00", "05", ""]),
      `"${ACME.slice(0, 8)}";"DOIS ""SÓCIOS"" LTDA";"2062";"49";"0,00";"05";""`,
    ]);
    const { rows, refused } = parse("empresas", bytes);
    expect(refused).toEqual([]);
    expect(rows.map((r) => r[1])).toEqual(['ACME "BOM PREÇO" LTDA', 'LOJA "X"', 'DOIS "SÓCIOS" LTDA']);
  });

  it("writes empty fields and 00000000 dates as NULL, and the decimal comma as a point", () => {
    const bytes = latin1([
      line([ACME.slice(0, 8), "ACME LTDA", "2062", "49", "1061004829,23", "05", ""]),
      line(["12345678", "SEM CAPITAL", "", "", "150,5", "", ""]),
    ]);
    const { rows, refused } = parse("empresas", bytes);
    expect(refused).toEqual([]);
    expect(rows).toEqual([
      [ACME.slice(0, 8), "ACME LTDA", "2062", "49", "1061004829.23", "05", "\\N"],
      ["12345678", "SEM CAPITAL", "\\N", "\\N", "150.5", "\\N", "\\N"],
    ]);
    const simples = parse("simples", latin1([line(["12345678", "S", "20200110", "00000000", "N", "00000000", ""])]));
    expect(simples.rows).toEqual([["12345678", "t", "20200110", "\\N", "f", "\\N", "\\N"]]);
  });

  it("keeps masked CPFs as published; the masked zeros are no representative", () => {
    const bytes = latin1([
      line(["11222333", "2", "MARIA DA CONCEIÇÃO", "***220050**", "49", "19940315", "", "***000000**", "", "00", "6"]),
      line(["11222333", "2", "JOÃO LIMA", "***987654**", "22", "20150820", "105", "***123456**", "ANA LIMA", "17", "2"]),
      line(["11222333", "1", "HOLDING LTDA", makeCnpj("445556660001"), "22", "20180101", "", "***000000**", "", "00", "0"]),
    ]);
    const { rows, refused } = parse("socios", bytes);
    expect(refused).toEqual([]);
    expect(rows[0]).toEqual(["11222333", "2", "MARIA DA CONCEIÇÃO", "***220050**", "49", "19940315", "\\N", "\\N", "\\N", "00", "6"]);
    expect(rows[1]!.slice(3, 9)).toEqual(["***987654**", "22", "20150820", "105", "***123456**", "ANA LIMA"]);
    expect(rows[2]![3]).toBe(makeCnpj("445556660001"));
  });

  it("refuses a short line, a long line, a bad date and a bad check digit, and goes on", () => {
    const good = establishment(ACME);
    const badDigit = establishment(ACME.slice(0, 12) + (ACME.endsWith("99") ? "98" : "99"));
    const bytes = latin1([
      line(good.slice(0, 12)),
      line([...good, "extra"]),
      line(establishment(ACME, { inicio: "20230230" })),
      line(establishment(ACME, { dataSituacao: "2023011" })),
      line(badDigit),
      line(good),
    ]);
    const { rows, refused } = parse("estabelecimentos", bytes);
    expect(refused).toEqual([
      { line: 1, reason: "short_line" },
      { line: 2, reason: "long_line" },
      { line: 3, reason: "bad_date", field: "DATA DE INÍCIO ATIVIDADE" },
      { line: 4, reason: "bad_date", field: "DATA SITUAÇÃO CADASTRAL" },
      { line: 5, reason: "bad_check_digit", field: "CNPJ" },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe(ACME);
    expect(rows[0]).toHaveLength(28);
  });

  it("refuses a line past the cap with its number, wherever the chunks are cut, and never keeps more than the cap", () => {
    const bytes = latin1([line(["2062", "Sociedade"]), line(["2135", "X".repeat(100)]), line(["1", "Y"])]);
    for (const size of [1, 7, 64, bytes.length]) {
      const seen: number[] = [];
      const splitter = new RecordSplitter((_fields, n) => seen.push(n), 40, 64);
      const read = () => {
        for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size));
        splitter.end();
      };
      expect(read).toThrow(LongLineError);
      expect(seen).toEqual([1]);
      expect(splitter.line).toBe(1);
    }
    const fits = new RecordSplitter(() => {}, 40, 116);
    for (let at = 0; at < bytes.length; at += 7) fits.push(bytes.subarray(at, at + 7));
    fits.end();
    expect(fits.line).toBe(3);
  });

  it("reads a CRLF file as it reads the LF one, wherever the chunks are cut", () => {
    const records = [
      line(establishment(ACME, { fantasia: 'BOM "PREÇO"', complemento: 'BLOCO "A"', email: "" })),
      line(establishment(makeCnpj("445556660001"), { secundarias: "4712100,6204000", dataSituacao: "00000000" })),
    ];
    const lf = parse("estabelecimentos", latin1(records));
    expect(lf.rows).toHaveLength(2);
    expect(lf.rows[0]![2]).toBe('BOM "PREÇO"');
    const crlf = latin1(records, "\r\n");
    for (const chunk of [1, 7, 64, crlf.length]) expect(parse("estabelecimentos", crlf, chunk)).toEqual(lf);
    // no line break after the last record
    expect(parse("estabelecimentos", crlf.subarray(0, crlf.length - 2))).toEqual(lf);
  });

  it("escapes what COPY would read as its own, drops NUL bytes, and an unterminated quote costs its line only", () => {
    const bytes = Buffer.concat([
      latin1([line(["1", "A\\B\tC"]), '"2";"SEM FIM']),
      Buffer.from([0x22, 0x33, 0x22, 0x3b, 0x22, 0x58, 0x00, 0x59, 0x22, 0x0a]), // "3";"X\0Y"
    ]);
    const { rows, refused } = parse("motivos", bytes);
    expect(refused).toEqual([]);
    expect(rows).toEqual([
      ["1", "A\\\\B\\tC"],
      ["2", "SEM FIM"],
      ["3", "XY"],
    ]);
  });
});

describe("zip files as published", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-zip-"));

  it("names the kinds of the published zips", () => {
    expect(kindOfFile("Estabelecimentos7.zip")).toBe("estabelecimentos");
    expect(kindOfFile("Empresas0.zip")).toBe("empresas");
    expect(kindOfFile("Socios9.zip")).toBe("socios");
    expect(kindOfFile("Simples.zip")).toBe("simples");
    expect(kindOfFile("Qualificacoes.zip")).toBe("qualificacoes");
    expect(kindOfFile("Lucro Presumido.zip")).toBeNull();
  });

  it("streams an entry through the central directory, ZIP64 records included", async () => {
    const content = latin1(Array.from({ length: 5000 }, (_, i) => line([String(i), `Descrição ${i}`])));
    for (const zip64 of [false, true]) {
      const file = path.join(dir, `cnaes-${zip64}.zip`);
      const zip = new ZipWriter(file, zip64);
      await zip.add("F.K03200$Z.D50111.CNAECSV", [content.subarray(0, 1000), content.subarray(1000)]);
      await zip.close();
      const [entry, ...more] = await listZipEntries(file);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ name: "F.K03200$Z.D50111.CNAECSV", size: content.length, method: 8 });
      const chunks: Buffer[] = [];
      for await (const chunk of await openZipEntry(file, entry!)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(content)).toBe(true);
    }
  });

  it("fails on a damaged entry instead of loading part of it", async () => {
    const file = path.join(dir, "damaged.zip");
    await writeZip(file, "EMPRECSV", latin1(Array.from({ length: 2000 }, (_, i) => line([String(i), "X"]))));
    const bytes = readFileSync(file);
    const [entry] = await listZipEntries(file);
    bytes[entry!.localHeaderOffset + 30 + "EMPRECSV".length + 5] ^= 0xff; // a byte of the deflated data
    writeFileSync(file, bytes);
    const read = async () => {
      for await (const _ of await openZipEntry(file, entry!)) void _;
    };
    await expect(read()).rejects.toThrow();
    writeFileSync(path.join(dir, "not.zip"), "no zip here");
    await expect(listZipEntries(path.join(dir, "not.zip"))).rejects.toThrow(/not a zip file/);
  });
});
