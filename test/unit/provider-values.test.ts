// Provider values in sentence case, acronyms kept (issue 29, item 4): the normalizer the case page,
// the enrichment page and the dossier's tables show published values through; profile and dataset
// ids as names; counts with Intl plurals and a thousands separator.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countLabel, datasetLabel, PROFILE_LABELS, profileLabel, providerValue } from "../../lib/contract/labels";
import { DATASET_VERSIONS, MODULE_NAMES } from "../../server/datasets/types";
import { GLOBAL_PROFILES } from "../../server/tenancy/catalog";
import { DOSSIER_LABELS, toDossier } from "../../lib/verifications/to-dossier";
import { SANDBOX_DOCUMENTS } from "../../server/datasets/sandbox";
import { buildModuleData } from "../../server/datasets/sandbox/formats";
import { toPersonFinance } from "../../server/datasets/dossier/person";

describe("providerValue", () => {
  it.each([
    ["DE 1 A 3 SM", "De 1 a 3 SM"],
    ["DEMAIS", "Demais"],
    ["baixado", "Baixado"],
    ["IRREGULAR", "Irregular"],
    ["ACIMA DE R$ 4,8 MI", "Acima de R$ 4,8 mi"],
    ["CPF SUSPENSO", "CPF suspenso"],
    ["SOCIO-ADMINISTRADOR", "Socio-administrador"],
    ["EMPRESARIO (INDIVIDUAL) MEI", "Empresario (individual) MEI"],
    ["COMERCIO LTDA", "Comercio LTDA"],
    ["SAO PAULO SP", "Sao paulo SP"],
    ["EMPRESA S.A.", "Empresa S.A."],
    ["ME", "ME"],
    ["SIMPLES NACIONAL", "Simples Nacional"],
    ["OPTANTE PELO SIMPLES NACIONAL", "Optante pelo Simples Nacional"],
    ["EPP", "EPP"],
    ["Lucro Presumido", "Lucro Presumido"],
    ["Sociedade Empresária Limitada", "Sociedade Empresária Limitada"],
    ["ATÉ R$ 81 MIL", "Até R$ 81 mil"],
    ["12", "12"],
    ["name_and_masked_cpf", "name_and_masked_cpf"],
    ["", ""],
  ])("%s -> %s", (input, output) => {
    expect(providerValue(input)).toBe(output);
  });

  it("keeps null", () => expect(providerValue(null)).toBeNull());

  // words of 7 letters or more: never one of the acronyms (the longest, EIRELI, has 6)
  const word = fc.stringMatching(/^[A-ZÀ-ÖØ-Ú]{7,9}$/);
  const KEPT = ["SM", "CPF", "MEI", "LTDA", "SP", "R$"];
  const phrase = fc.array(fc.oneof(word, fc.constantFrom(...KEPT, "1", "3")), { minLength: 1, maxLength: 6 });

  it("keeps the text's letters, spaces and digits: only the case changes", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(providerValue(s).toLocaleLowerCase("pt-BR")).toBe(s.toLocaleLowerCase("pt-BR"));
      }),
    );
  });

  it("is idempotent on what it writes", () => {
    fc.assert(
      fc.property(phrase, (words) => {
        const once = providerValue(words.join(" "));
        // mixed case is left alone, so a second pass returns the first pass's text
        expect(providerValue(once)).toBe(once);
      }),
    );
  });

  it("turns a value in capitals to sentence case: only acronyms stay in capitals after the first word", () => {
    fc.assert(
      fc.property(phrase, (words) => {
        const out = providerValue(words.join(" ")).split(" ");
        const firstWord = out.findIndex((w) => /\p{L}/u.test(w));
        out.forEach((w, i) => {
          const acronym = KEPT.includes(words[i]!);
          if (i > firstWord && !acronym && /\p{L}/u.test(w)) expect(w).toBe(w.toLocaleLowerCase("pt-BR"));
          if (acronym) expect(w).toBe(words[i]);
        });
        const first = out[firstWord] ?? "";
        if (/^\p{L}/u.test(first)) expect(first.charAt(0)).toBe(first.charAt(0).toLocaleUpperCase("pt-BR"));
      }),
    );
  });

  it("capitalises a value in lower case", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zà-öø-ú]{1,10}( [a-zà-öø-ú]{1,10}){0,3}$/), (s) => {
        const out = providerValue(s);
        expect(out.charAt(0)).toBe(s.charAt(0).toLocaleUpperCase("pt-BR"));
        expect(out.slice(1)).toBe(s.slice(1));
      }),
    );
  });
});

describe("profile and dataset names", () => {
  it("names every catalog profile as the catalog does", () => {
    expect(Object.fromEntries(GLOBAL_PROFILES.map((p) => [p.id, p.name]))).toEqual(PROFILE_LABELS);
    expect(profileLabel("prf_kyc_person")).toBe("KYC pessoa física");
    expect(profileLabel("prf_custom_x", "Minha política")).toBe("Minha política");
    expect(profileLabel("prf_custom_x")).not.toMatch(/prf_/);
    expect(profileLabel(null)).toBe("Fluxo padrão");
  });

  it("names every dataset of every module, without its id", () => {
    expect(datasetLabel("company-profile-2.0")).toBe("Cadastro de pessoa jurídica, versão 2.0");
    for (const module of MODULE_NAMES)
      for (const entity of ["person", "company"] as const)
        for (const version of DATASET_VERSIONS[module][entity]) {
          const label = datasetLabel(`${entity}-${module}-${version}`);
          expect(label).not.toMatch(/person|company|[a-z][A-Z]/);
          expect(label).toMatch(/, versão \d/);
        }
  });
});

describe("countLabel", () => {
  it("agrees the noun with the number and separates thousands", () => {
    expect(countLabel(1, "sócio", "sócios")).toBe("1 sócio");
    expect(countLabel(0, "sócio", "sócios")).toBe("0 sócios");
    expect(countLabel(2, "sócio", "sócios")).toBe("2 sócios");
    expect(countLabel(1000, "processo", "processos")).toBe("1.000 processos");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => {
        const out = countLabel(n, "caso", "casos");
        expect(out.endsWith(n === 1 ? " caso" : " casos")).toBe(true);
        expect(out).not.toMatch(/\d{4}/);
      }),
    );
  });
});

describe("the dossier's finance tables", () => {
  /** Every key of the finance blocks the case page shows, for every sandbox document and finance version. */
  function financeBlocks(): Array<Record<string, unknown>> {
    const blocks: Array<Record<string, unknown>> = [];
    for (const entity of ["person", "company"] as const)
      for (const version of DATASET_VERSIONS.finance[entity])
        for (const d of SANDBOX_DOCUMENTS.filter((doc) => doc.entity === entity)) {
          const data = buildModuleData(entity, "finance", version, d.document);
          if (!data) continue;
          blocks.push(
            entity === "person"
              ? (toPersonFinance(data) as unknown as Record<string, unknown>)
              : ((data as unknown as { finance: Record<string, unknown> }).finance ?? {}),
          );
        }
    return blocks;
  }
  const SKIPPED = new Set(["indicators", "indicadores", "consultationLogs", "registerLogs"]);
  function keysOf(value: unknown, into: Set<string>): void {
    if (Array.isArray(value)) for (const v of value) keysOf(v, into);
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) {
        if (SKIPPED.has(k)) continue;
        // consultation periods ("+30", "60") are shown as they are
        if (!/^\+?\d+$/.test(k)) into.add(k);
        keysOf(v, into);
      }
  }

  it("name every field and column in pt-BR (no 'PROGRAMS', 'Active', 'Ended At')", () => {
    const keys = new Set<string>();
    const blocks = financeBlocks();
    expect(blocks.length).toBeGreaterThan(10);
    for (const b of blocks) keysOf(b, keys);
    expect(keys).toContain("programs");
    expect([...keys].filter((k) => !Object.hasOwn(DOSSIER_LABELS, k)).sort()).toEqual([]);
  });

  it("show the provider's values in sentence case and names as written", () => {
    const finance = toDossier(
      {
        finance: {
          income: "DE 1 A 3 SM",
          totalAssets: "ATÉ R$ 50 MIL",
          taxReturns: [{ year: "2025", status: "RESTITUIDA", bank: "BANCO DO BRASIL" }],
        },
      },
      null,
    ).finance!;
    expect(finance.facts.find((f) => f.key === "income")).toMatchObject({ label: "Faixa de renda", value: "De 1 a 3 SM" });
    expect(finance.facts.find((f) => f.key === "totalAssets")?.value).toBe("Até R$ 50 mil");
    expect(finance.tables[0]!.rows[0]).toEqual(["2025", "Restituida", "BANCO DO BRASIL"]);
  });
});
