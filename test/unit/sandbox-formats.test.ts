// Each dataset version has its own format; counters agree with lists; modules that show the
// same facts (finance 1.1 and financeAdvanced, ownersLawsuits and the partners' lawsuits) agree.
import { describe, expect, it } from "vitest";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createSandboxProvider } from "../../server/datasets/sandbox";
import { summarizeLawsuits } from "../../server/v3/network/summarize-lawsuits";
import type { Entity, ModuleData, ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();

async function data(entity: Entity, module: ModuleName, version: string, document: string): Promise<ModuleData> {
  const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
  if (result.kind !== "ok") throw new Error(`${document} ${module} ${version}: ${result.kind}`);
  return result.data;
}

const block = <T>(d: ModuleData) => d[d.module] as T;
const BR_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Persons and companies with lawsuits (found by scanning, so the tests do not depend on one document). */
async function withLawsuits(entity: Entity, count: number): Promise<string[]> {
  const found: string[] = [];
  for (let i = 1; found.length < count && i < 400; i++) {
    const document =
      entity === "person"
        ? makeCpf(
            String(i * 2_750_159)
              .padStart(9, "0")
              .slice(-9),
          )
        : makeCnpj(
            `${String(i * 15_485_863)
              .padStart(8, "0")
              .slice(-8)}0001`,
          );
    const lawsuits = block<{ counters: { total: number } }>(await data(entity, "lawsuits", "2.0", document));
    if (lawsuits.counters.total >= 2) found.push(document);
  }
  return found;
}

describe("profile versions", () => {
  const cpf = makeCpf("271828188");
  const cnpj = makeCnpj("314159260001");

  it("person 1.0 is flat legacy Portuguese, 2.0 is structured English", async () => {
    const v1 = block<Record<string, unknown>>(await data("person", "profile", "1.0", cpf));
    const v2 = block<Record<string, unknown>>(await data("person", "profile", "2.0", cpf));
    expect(Object.keys(v1)).toEqual(
      expect.arrayContaining([
        "cpf",
        "nome",
        "nomeMae",
        "sexo",
        "dataNascimento",
        "idade",
        "situacaoCadastral",
        "obito",
        "enderecos",
        "telefones",
        "emails",
      ]),
    );
    expect(Object.keys(v2)).toEqual(
      expect.arrayContaining(["document", "name", "gender", "birth", "mother", "registry", "death", "restrictiveLists", "contacts"]),
    );
    expect(Object.keys(v1).filter((k) => k in v2)).toEqual([]);
    expect(v1.dataNascimento).toMatch(BR_DATE);
    expect(v1.nome).toBe(String(v1.nome).toUpperCase());
    expect(typeof (v1.emails as unknown[])[0] === "string" || (v1.emails as unknown[]).length === 0).toBe(true);
    const v2typed = v2 as {
      birth: { date: string; age: number };
      contacts: { addresses: { firstSeenAt: string; postalCode: string }[]; phones: { areaCode: string }[] };
    };
    expect(v2typed.birth.date).toMatch(ISO_DATE);
    expect(Number.isInteger(v2typed.birth.age)).toBe(true);
    expect(v2typed.contacts.addresses[0]!.firstSeenAt).toMatch(ISO_TIMESTAMP);
    expect(v2typed.contacts.addresses[0]!.postalCode).toMatch(/^\d{5}-\d{3}$/);
    // Age is counted at the reference date 2026-01-01.
    const [y, m, d] = v2typed.birth.date.split("-").map(Number) as [number, number, number];
    expect(v2typed.birth.age).toBe(2026 - y - (m > 1 || d > 1 ? 1 : 0));
    expect(v1.idade).toBe(v2typed.birth.age);
  });

  it("company 1.0 prints the Receita card, 2.0 is structured with full partner documents", async () => {
    const v1 = block<{
      naturezaJuridica: string;
      cnaePrincipal: string;
      socios: { documento: string; tipo: string }[];
      dataAbertura: string;
      capitalSocial: string;
    }>(await data("company", "profile", "1.0", cnpj));
    const v2 = block<{
      legalNature: { code: string };
      activities: { main: { code: string } };
      partners: { document: string; entity: string }[];
      openedAt: string;
      shareCapital: number;
    }>(await data("company", "profile", "2.0", cnpj));
    expect(v1.naturezaJuridica).toMatch(/^\d{3}-\d - /);
    expect(v1.naturezaJuridica.replace("-", "").slice(0, 4)).toBe(v2.legalNature.code);
    expect(v1.cnaePrincipal.startsWith(v2.activities.main.code)).toBe(true);
    expect(v2.activities.main.code).toMatch(/^\d{4}-\d\/\d{2}$/);
    expect(v1.dataAbertura).toMatch(BR_DATE);
    expect(v2.openedAt).toMatch(ISO_DATE);
    expect(Number(v1.capitalSocial)).toBe(v2.shareCapital);
    v1.socios.forEach((socio, i) => {
      if (socio.tipo === "PF") expect(socio.documento).toBe(`***${v2.partners[i]!.document.slice(3, 9)}**`);
      else expect(socio.documento).toBe(v2.partners[i]!.document);
    });
  });
});

describe("lawsuits versions", () => {
  it("1.0 is a minimal list, 2.0 adds counters and taxonomy, 3.0 adds indicators and parties", async () => {
    for (const entity of ["person", "company"] as const) {
      for (const document of await withLawsuits(entity, 5)) {
        const v1 = block<{ totalProcessos: number; processos: Record<string, unknown>[] }>(await data(entity, "lawsuits", "1.0", document));
        const v2 = block<{ counters: Record<string, unknown>; items: Record<string, unknown>[] }>(
          await data(entity, "lawsuits", "2.0", document),
        );
        const v3 = block<{
          counters: Record<string, unknown>;
          indicators: Record<string, { risky: boolean; value: number }>;
          items: { parties: { side: string; isHolder: boolean; document: string | null }[] }[];
        }>(await data(entity, "lawsuits", "3.0", document));
        expect(Object.keys(v1).sort()).toEqual(["processos", "totalProcessos"]);
        expect(Object.keys(v2).sort()).toEqual(["counters", "items"]);
        expect(Object.keys(v3).sort()).toEqual(["counters", "indicators", "items"]);
        expect(v1.processos.map((p) => p.numero)).toEqual(v2.items.map((i) => i.number));
        expect(v1.processos[0]!.dataDistribuicao).toMatch(BR_DATE);
        expect(v2.items[0]).not.toHaveProperty("parties");
        expect(Object.keys(v2.items[0]!)).toEqual(
          expect.arrayContaining(["segment", "court", "class", "subject", "side", "status", "claimValue", "filedAt"]),
        );
        expect(v3.counters).toEqual(v2.counters);
        for (const indicator of Object.values(v3.indicators)) {
          expect(typeof indicator.risky).toBe("boolean");
          expect(Number.isInteger(indicator.value)).toBe(true);
        }
        for (const item of v3.items) {
          expect(item.parties.filter((p) => p.isHolder).map((p) => p.document)).toEqual([document]);
          expect(new Set(item.parties.map((p) => p.side))).toEqual(new Set(["active", "passive"]));
        }
      }
    }
  });

  it("counters agree with the items", async () => {
    for (const document of await withLawsuits("person", 8)) {
      const v2 = block<{
        counters: {
          total: number;
          asDefendant: number;
          asPlaintiff: number;
          active: number;
          inactive: number;
          bySegment: Record<string, number>;
          byCourt: Record<string, number>;
          firstFiledAt: string;
          lastFiledAt: string;
        };
        items: { side: string; status: string; segment: string; court: { code: string }; filedAt: string }[];
      }>(await data("person", "lawsuits", "2.0", document));
      const { counters, items } = v2;
      expect(counters.total).toBe(items.length);
      expect(counters.asDefendant).toBe(items.filter((i) => i.side === "defendant").length);
      expect(counters.asPlaintiff).toBe(items.filter((i) => i.side === "plaintiff").length);
      expect(counters.active).toBe(items.filter((i) => i.status === "em andamento").length);
      expect(counters.active + counters.inactive).toBe(counters.total);
      expect(Object.values(counters.bySegment).reduce((a, b) => a + b, 0)).toBe(counters.total);
      expect(Object.values(counters.byCourt).reduce((a, b) => a + b, 0)).toBe(counters.total);
      expect(counters.lastFiledAt).toBe(
        items
          .map((i) => i.filedAt)
          .sort()
          .at(-1),
      );
      expect(counters.firstFiledAt).toBe(items.map((i) => i.filedAt).sort()[0]);
    }
  });

  it("rules fire from the data", async () => {
    for (const document of await withLawsuits("person", 10)) {
      const d = await data("person", "lawsuits", "3.0", document);
      const v3 = block<{ items: { side: string; status: string; area: string }[] }>(d);
      const fired = (rule: string) => d.rules.find((r) => r.rule === rule)?.fired;
      expect(fired("has_lawsuits")).toBe(true);
      expect(fired("has_criminal_lawsuit")).toBe(v3.items.some((i) => i.area === "criminal"));
      expect(fired("has_active_lawsuits_as_defendant")).toBe(v3.items.some((i) => i.side === "defendant" && i.status === "em andamento"));
    }
  });

  it("summarizeLawsuits drops the list and keeps counters and indicators, for every version", async () => {
    const [document] = await withLawsuits("company", 1);
    for (const version of ["1.0", "2.0", "3.0"]) {
      const full = await data("company", "lawsuits", version, document!);
      const summary = summarizeLawsuits(full);
      const lawsuits = summary.lawsuits as Record<string, unknown>;
      expect(lawsuits).not.toHaveProperty("items");
      expect(lawsuits).not.toHaveProperty("processos");
      expect(summary.rules).toEqual(full.rules);
      expect(summary.dataset).toBe(full.dataset);
      if (version !== "1.0") expect(lawsuits.counters).toEqual((full.lawsuits as Record<string, unknown>).counters);
      if (version === "3.0") expect(Object.keys(lawsuits).sort()).toEqual(["counters", "indicators"]);
      // The original is untouched.
      expect(full.lawsuits).toHaveProperty(version === "1.0" ? "processos" : "items");
    }
  });
});

describe("modules that show the same facts agree", () => {
  it("ownersLawsuits shows each partner's own lawsuits", async () => {
    for (const cnpj of await withLawsuits("company", 6)) {
      const owners = block<{
        owners: { document: string; entity: Entity; counters: { total: number }; items: { number: string }[] }[];
        totalOwners: number;
      }>(await data("company", "ownersLawsuits", "1.0", cnpj));
      const profile = block<{ partners: { document: string }[] }>(await data("company", "profile", "2.0", cnpj));
      expect(owners.owners.map((o) => o.document)).toEqual(profile.partners.map((p) => p.document));
      expect(owners.totalOwners).toBe(profile.partners.length);
      for (const owner of owners.owners) {
        const own = block<{ items: { number: string }[] }>(await data(owner.entity, "lawsuits", "2.0", owner.document));
        expect(owner.items.map((i) => i.number)).toEqual(own.items.map((i) => i.number));
      }
    }
  });

  it("finance 1.1 restrictions summarise financeAdvanced's negative records", async () => {
    let negatives = 0;
    for (let i = 1; i <= 60; i++) {
      const cpf = makeCpf(
        String(i * 1_299_709)
          .padStart(9, "0")
          .slice(-9),
      );
      const finance = block<{ restricoes: { quantidade: number; valorTotal: number; ultima: { credor: string } | null } }>(
        await data("person", "finance", "1.1", cpf),
      );
      const advanced = block<{
        summary: { negativeRecords: number; negativeAmount: number };
        negativeRecords: { creditor: { name: string } }[];
      }>(await data("person", "financeAdvanced", "2.0", cpf));
      expect(finance.restricoes.quantidade).toBe(advanced.summary.negativeRecords);
      expect(finance.restricoes.valorTotal).toBe(advanced.summary.negativeAmount);
      expect(finance.restricoes.ultima?.credor ?? null).toBe(advanced.negativeRecords[0]?.creditor.name ?? null);
      if (advanced.summary.negativeRecords > 0) negatives++;
    }
    expect(negatives).toBeGreaterThan(5);
  });

  it("finance 1.0 is 1.1 without restrictions, consultations and indicators", async () => {
    const cpf = makeCpf("161803398");
    const v1 = block<Record<string, unknown>>(await data("person", "finance", "1.0", cpf));
    const v11 = block<Record<string, unknown>>(await data("person", "finance", "1.1", cpf));
    expect(
      Object.keys(v11)
        .filter((k) => !(k in v1))
        .sort(),
    ).toEqual(["consultas", "indicadores", "restricoes"]);
    for (const key of Object.keys(v1)) expect(v11[key]).toEqual(v1[key]);
  });
});

describe("related versions", () => {
  it("1.0 flat, 1.1 adds since, 2.0 splits personal/business with indicators and totals", async () => {
    const cpf = makeCpf("577215664");
    const v1 = block<{ items: Record<string, unknown>[]; total: number }>(await data("person", "related", "1.0", cpf));
    const v11 = block<{ items: Record<string, unknown>[] }>(await data("person", "related", "1.1", cpf));
    const v2 = block<Record<string, unknown>>(await data("person", "related", "2.0", cpf));
    expect(Object.keys(v1.items[0]!).sort()).toEqual(["document", "entity", "name", "relation", "role"]);
    expect(v11.items[0]!.since).toMatch(ISO_DATE);
    expect(Object.keys(v2).sort()).toEqual(["business", "indicators", "personal", "totals"]);
    expect(Object.keys(v2.business as object).sort()).toEqual(["employments", "ownerships", "representations"]);
  });
});
