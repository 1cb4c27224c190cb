// Data quality over a sample of 200 documents: every CPF, CNPJ and CNJ number the sandbox
// prints is valid, and a person's CEP, phone area code and state courts all match the state
// given by the CPF's fiscal region (tables below come from docs, not from the sandbox code).
import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf, makeCnpj, makeCpf, normalizeDocument } from "../../lib/contract/documents";
import { createSandboxProvider } from "../../server/datasets/sandbox";
import { isValidCnjNumber } from "../../server/datasets/sandbox/lawsuits/cnj";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity, type ModuleData, type ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();

// CPF 9th digit -> states (Receita fiscal regions).
const FISCAL_REGION: Record<number, string[]> = {
  1: ["DF", "GO", "MS", "MT", "TO"],
  2: ["AC", "AM", "AP", "PA", "RO", "RR"],
  3: ["CE", "MA", "PI"],
  4: ["AL", "PB", "PE", "RN"],
  5: ["BA", "SE"],
  6: ["MG"],
  7: ["ES", "RJ"],
  8: ["SP"],
  9: ["PR", "SC"],
  0: ["RS"],
};

// First five CEP digits by state (Correios).
const CEP: Record<string, [number, number][]> = {
  SP: [[1000, 19999]],
  RJ: [[20000, 28999]],
  ES: [[29000, 29999]],
  MG: [[30000, 39999]],
  BA: [[40000, 48999]],
  SE: [[49000, 49999]],
  PE: [[50000, 56999]],
  AL: [[57000, 57999]],
  PB: [[58000, 58999]],
  RN: [[59000, 59999]],
  CE: [[60000, 63999]],
  PI: [[64000, 64999]],
  MA: [[65000, 65999]],
  PA: [[66000, 68899]],
  AP: [[68900, 68999]],
  AM: [
    [69000, 69299],
    [69400, 69899],
  ],
  RR: [[69300, 69399]],
  AC: [[69900, 69999]],
  DF: [
    [70000, 72799],
    [73000, 73699],
  ],
  GO: [
    [72800, 72999],
    [73700, 76799],
  ],
  RO: [[76800, 76999]],
  TO: [[77000, 77999]],
  MT: [[78000, 78899]],
  MS: [[79000, 79999]],
  PR: [[80000, 87999]],
  SC: [[88000, 89999]],
  RS: [[90000, 99999]],
};

// Phone area codes by state (Anatel).
const DDD: Record<string, number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

// State court number (CNJ TR for segment 8): states in alphabetical order of their names.
const TJ_ORDER = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SE",
  "SP",
  "TO",
];
const tjOf = (uf: string) => String(TJ_ORDER.indexOf(uf) + 1).padStart(2, "0");

const SAMPLE = 100;
const cpfs = Array.from({ length: SAMPLE }, (_, i) => makeCpf(String((i * 104_723 + 7_777_777) % 1_000_000_000).padStart(9, "0")));
// Half numeric, half alphanumeric CNPJs.
const cnpjs = Array.from({ length: SAMPLE }, (_, i) =>
  makeCnpj(
    i % 2 === 0
      ? `${String((i * 7_368_787 + 1_234) % 100_000_000).padStart(8, "0")}0001`
      : `${(i * 48_271 + 99_991).toString(36).toUpperCase().padStart(8, "Z").slice(-8)}0001`,
  ),
);

async function data(entity: Entity, module: ModuleName, version: string, document: string): Promise<ModuleData> {
  const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
  if (result.kind !== "ok") throw new Error(`${document} ${module} ${version}: ${result.kind}`);
  return result.data;
}

/** Every string value found under the given keys, anywhere in the data. */
function valuesOf(value: unknown, keys: ReadonlySet<string>, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => valuesOf(item, keys, out));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (keys.has(key) && typeof inner === "string") out.push(inner);
      else valuesOf(inner, keys, out);
    }
  }
  return out;
}

const DOCUMENT_KEYS = new Set(["document", "cpf", "cnpj", "documento"]);
const NUMBER_KEYS = new Set(["number", "numero"]);

describe("documents and lawsuit numbers are valid across a sample of 200 holders", () => {
  it("every CPF/CNPJ printed is valid and every CNJ number has correct check digits", async () => {
    let documents = 0;
    let lawsuitNumbers = 0;
    for (const [entity, list] of [
      ["person", cpfs],
      ["company", cnpjs],
    ] as const) {
      for (const document of list) {
        for (const module of MODULE_NAMES) {
          for (const version of DATASET_VERSIONS[module][entity]) {
            const moduleData = await data(entity, module, version, document);
            for (const printed of valuesOf(moduleData, DOCUMENT_KEYS)) {
              // Legacy company profiles print partners' CPFs masked, as the Receita does.
              if (/^\*{3}\d{6}\*{2}$/.test(printed)) continue;
              expect(normalizeDocument(printed), `${document} ${module} ${version}: ${printed}`).not.toBeNull();
              expect(isValidCpf(printed) || isValidCnpj(printed)).toBe(true);
              documents++;
            }
            for (const number of valuesOf(moduleData, NUMBER_KEYS)) {
              if (!/^\d{7}-\d{2}\./.test(number)) continue;
              expect(isValidCnjNumber(number), number).toBe(true);
              lawsuitNumbers++;
            }
          }
        }
      }
    }
    expect(documents).toBeGreaterThan(2_000);
    expect(lawsuitNumbers).toBeGreaterThan(300);
  });
});

type Profile2 = { contacts: { addresses: { state: string; postalCode: string }[]; phones: { areaCode: string }[] } };
type Lawsuits3 = { items: { number: string; state: string; segment: string; court: { code: string } }[] };

describe("a holder's state is consistent everywhere", () => {
  it("person: CPF fiscal region -> state -> CEP range, area code and state court", async () => {
    for (const cpf of cpfs) {
      const profile = (await data("person", "profile", "2.0", cpf)).profile as Profile2;
      const [home] = profile.contacts.addresses;
      const state = home!.state;
      expect(FISCAL_REGION[Number(cpf[8])], cpf).toContain(state);
      for (const address of profile.contacts.addresses) {
        expect(address.state).toBe(state);
        const prefix = Number(address.postalCode.slice(0, 5));
        expect(address.postalCode).toMatch(/^\d{5}-\d{3}$/);
        expect(
          CEP[state]!.some(([from, to]) => prefix >= from && prefix <= to),
          `${state} ${address.postalCode}`,
        ).toBe(true);
      }
      for (const phone of profile.contacts.phones) expect(DDD[state], `${state} ${phone.areaCode}`).toContain(Number(phone.areaCode));
      const lawsuits = (await data("person", "lawsuits", "3.0", cpf)).lawsuits as Lawsuits3;
      for (const lawsuit of lawsuits.items) {
        expect(lawsuit.state).toBe(state);
        if (lawsuit.segment === "state") expect(lawsuit.number.slice(-9, -5), lawsuit.number).toBe(`8.${tjOf(state)}`);
      }
    }
  });

  it("company: address, phones and state courts agree with the company's state", async () => {
    for (const cnpj of cnpjs) {
      const profile = (await data("company", "profile", "2.0", cnpj)).profile as Profile2;
      const state = profile.contacts.addresses[0]!.state;
      const prefix = Number(profile.contacts.addresses[0]!.postalCode.slice(0, 5));
      expect(CEP[state]!.some(([from, to]) => prefix >= from && prefix <= to)).toBe(true);
      for (const phone of profile.contacts.phones) expect(DDD[state]).toContain(Number(phone.areaCode));
      const lawsuits = (await data("company", "lawsuits", "3.0", cnpj)).lawsuits as Lawsuits3;
      for (const lawsuit of lawsuits.items.filter((l) => l.segment === "state")) {
        expect(lawsuit.number.slice(-9, -5)).toBe(`8.${tjOf(state)}`);
      }
    }
  });
});

describe("ordinary holders are varied", () => {
  it("most are Regular, some have lawsuits and some do not, incomes spread over bands", async () => {
    const statuses: string[] = [];
    const incomeBands = new Set<string>();
    let withLawsuits = 0;
    for (const cpf of cpfs) {
      statuses.push(((await data("person", "profile", "2.0", cpf)).profile as { registry: { status: string } }).registry.status);
      incomeBands.add(((await data("person", "finance", "1.0", cpf)).finance as { rendaEstimada: string }).rendaEstimada);
      if (((await data("person", "lawsuits", "2.0", cpf)).lawsuits as { counters: { total: number } }).counters.total > 0) withLawsuits++;
    }
    expect(statuses.filter((s) => s === "Regular").length).toBeGreaterThanOrEqual(85);
    expect(withLawsuits).toBeGreaterThan(20);
    expect(withLawsuits).toBeLessThan(80);
    expect(incomeBands.size).toBeGreaterThanOrEqual(5);
  });

  it("most companies are active", async () => {
    let active = 0;
    for (const cnpj of cnpjs) {
      if (((await data("company", "profile", "2.0", cnpj)).profile as { registration: { status: string } }).registration.status === "Ativa")
        active++;
    }
    expect(active).toBeGreaterThanOrEqual(80);
    expect(active).toBeLessThan(100);
  });
});
