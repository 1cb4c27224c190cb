// Dossier mapping (server/datasets/dossier/): every dataset version maps to the same v2
// shape, with the types of spec 2.3.
import { describe, expect, it } from "vitest";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createSandboxProvider, sandboxDocumentFor } from "../../server/datasets/sandbox";
import { toBusinessProfile, toPersonFinance, toPersonProfile } from "../../server/datasets/dossier";
import type { Entity, ModuleData, ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();

async function data(entity: Entity, module: ModuleName, version: string, document: string): Promise<ModuleData> {
  const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
  if (result.kind !== "ok") throw new Error(`${document} ${module} ${version}: ${result.kind}`);
  return result.data;
}

/** The key structure of a value: objects by sorted keys, arrays by the union of their items. */
function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    const merged: Record<string, unknown> = {};
    for (const item of value) Object.assign(merged, keysOf(item) as object);
    return { "[]": merged };
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, keysOf((value as Record<string, unknown>)[key])]),
    );
  }
  return {};
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectIndicator(indicator: { risky: unknown; value: unknown }) {
  expect(typeof indicator.risky).toBe("boolean");
  expect(typeof indicator.value).toBe("number");
}

const persons = [
  makeCpf("123456788"),
  makeCpf("271828188"),
  makeCpf("577215664"),
  sandboxDocumentFor("deceased", "person")!.document,
  sandboxDocumentFor("large_network", "person")!.document,
  sandboxDocumentFor("service_blacklisted", "person")!.document,
];

describe("toPersonProfile", () => {
  it("maps 1.0 and 2.0 to the same shape and the same facts", async () => {
    for (const cpf of persons) {
      const v1 = toPersonProfile(await data("person", "profile", "1.0", cpf), { clientListed: false });
      const v2 = toPersonProfile(await data("person", "profile", "2.0", cpf), { clientListed: false });
      expect(keysOf(v1)).toEqual(keysOf(v2));
      expect(v1.nationalId).toBe(cpf);
      expect(v2.nationalId).toBe(cpf);
      expect(fold(v1.name)).toBe(fold(v2.name));
      expect(fold(v1.motherName)).toBe(fold(v2.motherName));
      for (const key of [
        "fiscalStatus",
        "gender",
        "age",
        "birthDate",
        "obitFlag",
        "isMotherNameCorrectly",
        "blacklisted",
        "indicators",
      ] as const) {
        expect(v1[key], key).toEqual(v2[key]);
      }
      expect(v1.contacts.addresses.map((a) => a.postalCode)).toEqual(v2.contacts.addresses.map((a) => a.postalCode));
      expect(v1.contacts.phones.map((p) => p.area + p.number)).toEqual(v2.contacts.phones.map((p) => p.area + p.number));
      expect(v1.contacts.emails).toEqual(v2.contacts.emails);
    }
  });

  it("has the spec 2.3 field types", async () => {
    for (const version of ["1.0", "2.0"]) {
      const p = toPersonProfile(await data("person", "profile", version, persons[0]!), { clientListed: false });
      for (const key of ["name", "nationalId", "fiscalStatus", "gender", "motherName"] as const) expect(typeof p[key]).toBe("string");
      expect(Number.isInteger(p.age)).toBe(true);
      expect(p.birthDate).toMatch(ISO_DATE);
      expect(typeof p.obitFlag).toBe("boolean");
      expect(typeof p.isMotherNameCorrectly).toBe("boolean");
      expect(Object.keys(p.blacklisted).sort()).toEqual(["client", "clientType", "service", "serviceType"]);
      for (const address of p.contacts.addresses) {
        expect(Object.keys(address).sort()).toEqual([
          "city",
          "country",
          "createdAt",
          "neighborhood",
          "number",
          "postalCode",
          "preferencial",
          "state",
          "street",
          "type",
          "updatedAt",
        ]);
        expect(address.createdAt).toMatch(ISO_TIMESTAMP);
        expect(typeof address.preferencial).toBe("boolean");
      }
      for (const phone of p.contacts.phones) {
        expect(Object.keys(phone).sort()).toEqual(["area", "country", "createdAt", "number", "preferencial", "type", "updatedAt"]);
        expect(phone.country).toBe("55");
      }
      for (const email of p.contacts.emails) expect(Object.keys(email).sort()).toEqual(["preferencial", "value"]);
      expect(Object.keys(p.indicators).sort()).toEqual([
        "blacklisted",
        "blacklistedCompanies",
        "blacklistedRelated",
        "deathRecord",
        "irregularStatus",
      ]);
      Object.values(p.indicators).forEach(expectIndicator);
    }
  });

  it("sets blacklisted.client from the caller and flags the service list, death and irregular status", async () => {
    const listed = toPersonProfile(await data("person", "profile", "2.0", persons[0]!), { clientListed: true });
    expect(listed.blacklisted).toMatchObject({ client: true, service: false, clientType: "workspace_restrictive_list", serviceType: "" });
    expect(listed.indicators.blacklisted).toEqual({ risky: true, value: 1 });
    const service = toPersonProfile(await data("person", "profile", "1.0", sandboxDocumentFor("service_blacklisted", "person")!.document), {
      clientListed: true,
    });
    expect(service.blacklisted).toMatchObject({ client: true, service: true, serviceType: "confirmed_fraud" });
    expect(service.indicators.blacklisted).toEqual({ risky: true, value: 2 });
    const deceased = toPersonProfile(await data("person", "profile", "1.0", sandboxDocumentFor("deceased", "person")!.document), {
      clientListed: false,
    });
    expect(deceased.fiscalStatus).toBe("Titular Falecido");
    expect(deceased.obitFlag).toBe(true);
    expect(deceased.indicators.deathRecord).toEqual({ risky: true, value: 1 });
    const pending = toPersonProfile(await data("person", "profile", "1.0", "00000008761"), { clientListed: false });
    expect(pending.fiscalStatus).toBe("Pendente de Regularização");
    expect(pending.indicators.irregularStatus.risky).toBe(true);
    const network = toPersonProfile(await data("person", "profile", "2.0", sandboxDocumentFor("large_network", "person")!.document), {
      clientListed: false,
    });
    expect(network.indicators.blacklistedCompanies).toEqual({ risky: true, value: 1 });
    expect(network.indicators.blacklistedRelated).toEqual({ risky: true, value: 1 });
  });

  it("refuses data of another module or entity", async () => {
    await expect(async () =>
      toPersonProfile(await data("person", "finance", "1.0", persons[0]!), { clientListed: false }),
    ).rejects.toThrow();
    await expect(async () =>
      toPersonProfile(await data("company", "profile", "2.0", makeCnpj("123456780001")), { clientListed: false }),
    ).rejects.toThrow();
  });
});

describe("toBusinessProfile", () => {
  const companies = [
    makeCnpj("123456780001"),
    makeCnpj("314159260001"),
    "12ABC34501DE35",
    sandboxDocumentFor("irregular", "company")!.document,
    sandboxDocumentFor("large_network", "company")!.document,
  ];

  it("maps 1.0 and 2.0 to the same shape and the same facts", async () => {
    for (const cnpj of companies) {
      const v1 = toBusinessProfile(await data("company", "profile", "1.0", cnpj), { clientListed: false });
      const v2 = toBusinessProfile(await data("company", "profile", "2.0", cnpj), { clientListed: false });
      expect(keysOf(v1)).toEqual(keysOf(v2));
      expect(fold(v1.name)).toBe(fold(v2.name));
      for (const key of [
        "nationalId",
        "registrationStatus",
        "registrationStatusDate",
        "openingDate",
        "legalNature",
        "mainActivity",
        "secondaryActivities",
        "size",
        "shareCapital",
        "headOffice",
        "indicators",
      ] as const) {
        expect(v1[key], key).toEqual(v2[key]);
      }
      expect(v1.partners.map((p) => p.sharePercent)).toEqual(v2.partners.map((p) => p.sharePercent));
      expect(v1.partners.map((p) => p.qualification)).toEqual(v2.partners.map((p) => p.qualification));
      expect(v1.contacts.phones.map((p) => p.area + p.number)).toEqual(v2.contacts.phones.map((p) => p.area + p.number));
      expect(v1.openingDate).toMatch(ISO_DATE);
      expect(typeof v1.shareCapital).toBe("number");
      Object.values(v2.indicators).forEach(expectIndicator);
    }
  });

  it("flags an inactive company", async () => {
    const inapta = toBusinessProfile(await data("company", "profile", "1.0", sandboxDocumentFor("irregular", "company")!.document), {
      clientListed: false,
    });
    expect(inapta.registrationStatus).toBe("Inapta");
    expect(inapta.indicators.inactiveStatus).toEqual({ risky: true, value: 1 });
  });
});

describe("toPersonFinance", () => {
  it("maps 1.0 and 1.1 to the same shape with the spec types; only 1.1 has credit data", async () => {
    for (const cpf of persons.slice(0, 4)) {
      const v1 = toPersonFinance(await data("person", "finance", "1.0", cpf), { now: new Date(Date.UTC(2026, 0, 1)) });
      const v11 = toPersonFinance(await data("person", "finance", "1.1", cpf), { now: new Date(Date.UTC(2026, 0, 1)) });
      expect(Object.keys(v1).sort()).toEqual([
        "assistancePrograms",
        "collections",
        "income",
        "indicators",
        "restrictions",
        "salary",
        "taxReturns",
        "totalAssets",
      ]);
      expect(keysOf(v1)).toEqual(keysOf(v11));
      for (const key of ["salary", "income", "totalAssets", "taxReturns", "collections", "assistancePrograms", "indicators"] as const)
        expect(v1[key]).toEqual(v11[key]);
      expect(Number.isInteger(v1.salary)).toBe(true);
      expect(typeof v1.income).toBe("string");
      expect(typeof v1.totalAssets).toBe("string");
      for (const r of v1.taxReturns)
        for (const key of ["year", "status", "bank", "updatedAt"] as const) expect(typeof r[key]).toBe("string");
      expect(Number.isInteger(v1.collections.total) && Number.isInteger(v1.collections.totalOrigins)).toBe(true);
      for (const program of v1.assistancePrograms.programs) {
        expect(program.startedAt).toMatch(ISO_DATE);
        expect(typeof program.amount).toBe("number");
        expect(typeof program.active).toBe("boolean");
      }
      Object.values(v1.indicators).forEach(expectIndicator);
      expect(v1.restrictions.hasData).toBe(false);
      expect(v11.restrictions.hasData).toBe(true);
      expect(Object.keys(v11.restrictions.consultationLogs).sort()).toEqual(["+30", "+90", "60", "90"]);
      for (const key of ["registerLogs", "segment", "reportedBy", "status", "city", "amount", "type"] as const)
        expect(typeof v11.restrictions[key]).toBe("string");
      expect(typeof v11.restrictions.totalAmount).toBe("number");
      expect(v11.restrictions.isNegative).toBe(Number(v11.restrictions.registerLogs) > 0);
      if (v11.restrictions.isNegative) expect(v11.restrictions.reportedAt).toMatch(ISO_DATE);
    }
  });
});
