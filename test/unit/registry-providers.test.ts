// LUPA_PROVIDERS (server/datasets/providers/choices.ts), the sanctions CSV reader
// (server/registry/sanctions.ts) and the related parties of the registry's masked partners.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { parseProviders, parseSandbox } from "../../server/datasets/providers/choices";
import { providerBanner } from "../../server/datasets/providers/banner";
import { LongLineError } from "../../server/registry/records";
import { CsvRecords, nameKey, parseCsv, readSanctions } from "../../server/registry/sanctions";
import { relatedParties } from "../../server/datasets/related-parties";

describe("LUPA_PROVIDERS", () => {
  it("routes the named datasets and leaves the rest to the sandbox", () => {
    expect(parseProviders(undefined)).toEqual({});
    expect(parseProviders("")).toEqual({});
    expect(parseProviders(" company-profile:receita , company-related:receita ")).toEqual({
      "company-profile": "receita",
      "company-related": "receita",
    });
    expect(parseProviders("person-profile:sandbox")).toEqual({ "person-profile": "sandbox" });
    expect(loadConfig({ LUPA_PROVIDERS: "company-profile:receita" }).providers).toEqual({ "company-profile": "receita" });
  });

  it("refuses what it does not know, at start", () => {
    expect(() => parseProviders("company-profile")).toThrow(
      'LUPA_PROVIDERS: "company-profile" is not <entity>-<module>:<provider> (e.g. company-profile:receita)',
    );
    expect(() => parseProviders("company-weather:receita")).toThrow("is not <entity>-<module>:<provider>");
    expect(() => parseProviders("person-ownersLawsuits:sandbox")).toThrow("is not <entity>-<module>:<provider>");
    expect(() => parseProviders("company-profile:serpro")).toThrow('LUPA_PROVIDERS: unknown provider "serpro" (known: sandbox, receita)');
    expect(() => parseProviders("person-profile:receita")).toThrow(
      "LUPA_PROVIDERS: receita answers company-profile and company-related only, not person-profile",
    );
    expect(() => loadConfig({ LUPA_PROVIDERS: "company-lawsuits:receita" })).toThrow("receita answers");
  });
});

describe("LUPA_SANDBOX", () => {
  const registry = parseProviders("company-profile:receita,company-related:receita");
  it("is on by default only while no real provider is configured, and may be set either way", () => {
    expect(parseSandbox(undefined, {})).toBe(true);
    expect(parseSandbox(undefined, registry)).toBe(false);
    expect(parseSandbox(" on ", registry)).toBe(true);
    expect(parseSandbox("off", {})).toBe(false);
    expect(loadConfig({ LUPA_PROVIDERS: "company-profile:receita" }).sandbox).toBe(false);
    expect(loadConfig({}).sandbox).toBe(true);
    expect(() => parseSandbox("maybe", {})).toThrow('LUPA_SANDBOX: "maybe" is not on or off');
    expect(() => loadConfig({ LUPA_SANDBOX: "yes please" })).toThrow("LUPA_SANDBOX");
  });

  it("is named at start with the provider of every dataset", () => {
    const sandboxOnly = providerBanner({}, true);
    expect(sandboxOnly[0]).toBe(
      "Data sources: the sandbox answers every dataset with invented data (LUPA_PROVIDERS unset; docs/configuration.md):",
    );
    expect(sandboxOnly).toHaveLength(2);
    expect(sandboxOnly[1]).toMatch(/^ {2}sandbox \(invented data\): person-profile, .*company-profile/);
    const off = providerBanner(registry, false);
    expect(off[0]).toBe("Data sources (LUPA_PROVIDERS; sandbox off, LUPA_SANDBOX):");
    expect(off).toContain("  Receita Federal (CNPJ open data, imported): company-profile, company-related");
    expect(off.find((l) => l.startsWith("  no source, not consulted:"))).toContain("company-lawsuits");
    expect(off.join("\n")).not.toContain("sandbox (invented data)");
    expect(providerBanner(registry, true).find((l) => l.startsWith("  sandbox (invented data):"))).toContain("person-profile");
  });
});

describe("sanctions files", () => {
  it("reads quoted fields with `;`, doubled quotes and line breaks, CRLF or LF", () => {
    expect(parseCsv('"A";"B"\r\n"x;y";"linha 1\nlinha 2 ""q"""\n"z";""')).toEqual([
      ["A", "B"],
      ["x;y", 'linha 1\nlinha 2 "q"'],
      ["z", ""],
    ]);
  });

  it("reads the same records wherever the chunks are cut, and refuses a record past the cap with its number", () => {
    const text = '"A";"B"\r\n\r\n"x;y";"linha 1\nlinha 2 ""q"""\n"z";""\n"w";"v"';
    const whole = parseCsv(text);
    expect(whole).toEqual([
      ["A", "B"],
      ["x;y", 'linha 1\nlinha 2 "q"'],
      ["z", ""],
      ["w", "v"],
    ]);
    const bytes = Buffer.from(text, "latin1");
    for (const size of [1, 2, 3, 7, 16]) {
      const records: [string[], number][] = [];
      const reader = new CsvRecords((fields, n) => records.push([fields, n]));
      for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
      reader.end();
      expect(records).toEqual(whole.map((r, i) => [r, i + 1]));
    }
    // the second record (a quoted line break inside) is 29 bytes: a cap of 20 refuses it, in one chunk or cut
    for (const size of [1, 5, bytes.length]) {
      const read = () => {
        const reader = new CsvRecords(() => {}, 20);
        for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
        reader.end();
      };
      expect(read).toThrow(LongLineError);
      expect(read).toThrow("long_line: line 2 is longer than 20 bytes");
    }
  });

  it("compares names without case, accents or repeated spaces", () => {
    expect(nameKey("  Maria da Conceição  D'Ávila ")).toBe("MARIA DA CONCEICAO D'AVILA");
  });

  it("finds the list by its CADASTRO column, else by the file's name", () => {
    const header =
      '"CPF OU CNPJ DO SANCIONADO";"NOME DO SANCIONADO";"CATEGORIA DA SANÇÃO";"DATA INÍCIO SANÇÃO";"DATA FINAL SANÇÃO";"ÓRGÃO SANCIONADOR"';
    const row = '"11.222.333/0001-81";"ACME";"Multa";"01/02/2024";"Sem informação";"CGU"';
    const read = readSanctions(`${header}\n${row}\n`, "20250110_CNEP.csv");
    expect(read.list).toBe("CNEP");
    expect(read.records[0]).toMatchObject({ document: "11222333000181", entity: "company", starts_on: "2024-02-01", ends_on: null });
    expect(() => readSanctions(`${header}\n${row}\n`, "lista.csv")).toThrow(
      "lista.csv: neither CEIS nor CNEP (by its CADASTRO column or its name)",
    );
  });
});

describe("related parties of the registry", () => {
  it("takes masked CPFs as persons known by name, two of them with the same digits apart", () => {
    const data = {
      dataset: "company-related-2.0",
      module: "related",
      rules: [],
      related: {
        business: {
          ownerships: [
            { document: "***220050**", name: "MARIA", entity: "person", role: "partner", match: "likely" },
            { document: "***220050**", name: "JOANA", entity: "person", role: "partner", match: "likely" },
            { document: "11222333000181", name: "ACME", entity: "company", role: "owned_company", via: "***220050**", match: "likely" },
          ],
        },
      },
    };
    const parties = relatedParties(data as never);
    expect(parties.map((p) => [p.shown, p.document, p.entity, p.lookup])).toEqual([
      ["***220050**", "***220050**", "person", false],
      ["***220050** JOANA", "***220050**", "person", false],
      ["11222333000181", "11222333000181", "company", true],
    ]);
    expect(parties[2]!.relations).toEqual([{ relation: "partnership", role: "owned_company", via: "***220050**", match: "likely" }]);
  });
});
