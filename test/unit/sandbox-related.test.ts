// Related documents resolve to the same people and companies the related module shows, family
// names follow Brazilian naming, and the large_network documents return large, litigious networks.
import { describe, expect, it } from "vitest";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createSandboxProvider, sandboxDocumentFor } from "../../server/datasets/sandbox";
import type { Entity, ModuleData, ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();

async function data(entity: Entity, module: ModuleName, version: string, document: string): Promise<ModuleData> {
  const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
  if (result.kind !== "ok") throw new Error(`${document} ${module} ${version}: ${result.kind}`);
  return result.data;
}

interface Node {
  document: string;
  name: string;
  entity: Entity;
  role: string;
  since: string;
  state: string;
  registryStatus: string;
  lawsuitsTotal: number;
}
interface Related2 {
  personal: Node[];
  business: { ownerships: Node[]; employments: Node[]; representations: Node[] };
  totals: { total: number; persons: number; companies: number };
  indicators: Record<string, { risky: boolean; value: number }>;
}
interface Person2 {
  name: { full: string };
  gender: string;
  birth: { date: string };
  mother: { name: string | null };
  registry: { status: string };
  contacts: { addresses: { state: string }[] };
}
interface Company2 {
  name: string;
  registration: { status: string };
  partners: { document: string; name: string }[];
  contacts: { addresses: { state: string }[] };
}

const nodesOf = (related: Related2) => [
  ...related.personal,
  ...related.business.ownerships,
  ...related.business.employments,
  ...related.business.representations,
];
const legacyUpper = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
const lastWord = (name: string) => name.split(" ").at(-1)!;

const persons = Array.from({ length: 30 }, (_, i) => makeCpf(String((i * 3_571_993 + 424_242) % 1_000_000_000).padStart(9, "0")));
const companies = Array.from({ length: 30 }, (_, i) => makeCnpj(`${String((i * 9_999_991 + 31_337) % 100_000_000).padStart(8, "0")}0001`));

describe("related documents resolve consistently", () => {
  it("each related node's own profile gives the same name, status, state and lawsuit count", async () => {
    let checked = 0;
    for (const [entity, list] of [
      ["person", persons],
      ["company", companies],
    ] as const) {
      for (const document of list) {
        const related = (await data(entity, "related", "2.0", document)).related as Related2;
        const flat = (await data(entity, "related", "1.0", document)).related as {
          items: { document: string; name: string }[];
          total: number;
        };
        expect(flat.items.map((i) => i.document)).toEqual(expect.arrayContaining(nodesOf(related).map((n) => n.document)));
        expect(flat.total).toBe(related.totals.total);
        for (const node of nodesOf(related)) {
          expect(node.document).not.toBe(document);
          const own = (await data(node.entity, "profile", "2.0", node.document)).profile as Person2 & Company2;
          const legacy = (await data(node.entity, "profile", "1.0", node.document)).profile as { nome?: string; razaoSocial?: string };
          const lawsuits = (await data(node.entity, "lawsuits", "2.0", node.document)).lawsuits as { counters: { total: number } };
          if (node.entity === "person") {
            expect(own.name.full).toBe(node.name);
            expect(legacy.nome).toBe(legacyUpper(node.name));
            expect(own.registry.status).toBe(node.registryStatus);
          } else {
            expect(own.name).toBe(node.name);
            expect(legacy.razaoSocial).toBe(legacyUpper(node.name));
            expect(own.registration.status).toBe(node.registryStatus);
          }
          expect(own.contacts.addresses[0]!.state).toBe(node.state);
          expect(lawsuits.counters.total).toBe(node.lawsuitsTotal);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("family: the related mother is the profile's mother, older, female, and passes on her surname", async () => {
    let mothers = 0;
    let siblings = 0;
    for (const cpf of persons) {
      const holder = (await data("person", "profile", "2.0", cpf)).profile as Person2;
      const related = (await data("person", "related", "2.0", cpf)).related as Related2;
      for (const node of related.personal) {
        const relative = (await data("person", "profile", "2.0", node.document)).profile as Person2;
        const yearGap = Number(holder.birth.date.slice(0, 4)) - Number(relative.birth.date.slice(0, 4));
        if (node.role === "mother") {
          mothers++;
          expect(holder.mother.name).toBe(relative.name.full);
          expect(relative.gender).toBe("female");
          expect(yearGap).toBeGreaterThanOrEqual(16);
          expect(yearGap).toBeLessThanOrEqual(42);
          expect(holder.name.full).toContain(lastWord(relative.name.full));
        }
        if (node.role === "father") {
          expect(relative.gender).toBe("male");
          expect(lastWord(holder.name.full)).toBe(lastWord(relative.name.full));
        }
        if (node.role === "sibling") {
          siblings++;
          expect(lastWord(holder.name.full)).toBe(lastWord(relative.name.full));
        }
        if (node.role === "child") expect(yearGap).toBeLessThanOrEqual(-20);
      }
    }
    expect(mothers).toBeGreaterThan(10);
    expect(siblings).toBeGreaterThan(5);
  });

  it("a company's related partners are exactly the QSA of its profile", async () => {
    for (const cnpj of companies) {
      const profile = (await data("company", "profile", "2.0", cnpj)).profile as Company2;
      const related = (await data("company", "related", "2.0", cnpj)).related as Related2;
      const partners = related.business.ownerships.filter((n) => n.role === "partner");
      expect(partners.map((p) => [p.document, p.name])).toEqual(profile.partners.map((p) => [p.document, p.name]));
    }
  });
});

describe("large_network", () => {
  it.each(["person", "company"] as const)("%s: at least 25 persons and companies, most of them with lawsuits", async (entity) => {
    const document = sandboxDocumentFor("large_network", entity)!.document;
    const related = (await data(entity, "related", "2.0", document)).related as Related2;
    const nodes = nodesOf(related);
    expect(nodes.length).toBeGreaterThanOrEqual(25);
    expect(related.totals.total).toBe(nodes.length);
    expect(related.totals.persons).toBeGreaterThan(5);
    expect(related.totals.companies).toBeGreaterThan(5);
    let withLawsuits = 0;
    for (const node of nodes) {
      const lawsuits = (await data(node.entity, "lawsuits", "2.0", node.document)).lawsuits as { counters: { total: number } };
      if (lawsuits.counters.total > 0) withLawsuits++;
    }
    expect(withLawsuits / nodes.length).toBeGreaterThan(0.6);
    // The network holds the sandbox's risky holders, so its indicators have something to flag.
    expect(related.indicators.relatedOnServiceRestrictiveList!.value).toBe(2);
    expect(related.indicators.inactiveCompanies!.risky).toBe(true);
    const versions = entity === "person" ? ["1.0", "1.1"] : ["1.0"];
    for (const version of versions)
      expect(((await data(entity, "related", version, document)).related as { total: number }).total).toBe(nodes.length);
    const rules = (await data(entity, "related", "2.0", document)).rules;
    expect(rules.find((r) => r.rule === "large_related_network")?.fired).toBe(true);
  });

  it("the person profile counts the listed relations", async () => {
    const profile = (await data("person", "profile", "2.0", sandboxDocumentFor("large_network", "person")!.document)).profile as {
      restrictiveLists: { relatedCompaniesListed: number; relatedPersonsListed: number };
    };
    expect(profile.restrictiveLists.relatedCompaniesListed).toBe(1);
    expect(profile.restrictiveLists.relatedPersonsListed).toBe(1);
  });
});
