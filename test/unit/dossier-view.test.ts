// The dossier's one typed view (issue 20, item 4): readDossier (lib/contract/dossier-read.ts) over
// dossiers the engine's own mapping (dossierOf) builds from the sandbox's answers, for every dataset
// version the sandbox publishes, and over any JSON at all (it never throws, and what it cannot read
// is null or empty). The console, the PDF and the AI summary read the dossier through it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { BusinessProfile, PersonFinance, PersonProfile } from "../../lib/contract/dossier";
import { readDossier, readResult, type DossierView } from "../../lib/contract/dossier-read";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { DATASET_VERSIONS, type Entity, type ModuleName } from "../../server/datasets/types";
import type { ModuleRun } from "../../server/engine/types";
import { dossierOf } from "../../server/v2/verifications/hooks";
import { scoreModules } from "../../server/v2/verifications/scoring";
import { buildVerificationPdf } from "../../server/reports/pdf/build";
import type { ReportData } from "../../server/reports/pdf/types";
import { sandboxRun } from "../support/sandbox-verification";

const MODULES: ModuleName[] = ["profile", "finance", "financeAdvanced", "lawsuits", "ownersLawsuits", "related"];

/** The dossier the engine writes (dossierOf) from the sandbox, each module at the version given. */
async function sandboxDossier(entity: Entity, document: string, versions: Partial<Record<ModuleName, string>>) {
  const runs: ModuleRun[] = [];
  for (const [module, version] of Object.entries(versions))
    runs.push((await sandboxRun(entity, module as ModuleName, version, document, module === "financeAdvanced")).run);
  return { dossier: dossierOf(entity, runs).dossier, runs };
}

const documents: Record<Entity, string[]> = {
  person: [
    makeCpf("123456788"),
    makeCpf("271828188"),
    sandboxDocumentFor("deceased", "person")!.document,
    sandboxDocumentFor("large_network", "person")!.document,
    sandboxDocumentFor("service_blacklisted", "person")!.document,
  ],
  company: [
    makeCnpj("123456780001"),
    makeCnpj("271828180001"),
    sandboxDocumentFor("irregular", "company")!.document,
    sandboxDocumentFor("large_network", "company")!.document,
    sandboxDocumentFor("service_blacklisted", "company")!.document,
  ],
};

/** The text as the view reads it: trimmed, null when blank. */
const text = (value: unknown) => (typeof value === "string" ? value.trim() || null : null);

/** Every text of the view is trimmed and not blank (keys aside), every number finite; no undefined anywhere. */
function expectNormalised(value: unknown, at = "view"): void {
  if (value === null || typeof value === "boolean") return;
  if (typeof value === "string") {
    if (/\.(key|period|group)$|^view\.modules/.test(at)) return; // an object's keys, as they are
    expect(value, at).toBe(value.trim());
    expect(value, at).not.toBe("");
    return;
  }
  if (typeof value === "number") return void expect(Number.isFinite(value), at).toBe(true);
  if (Array.isArray(value)) return value.forEach((item, i) => expectNormalised(item, `${at}[${i}]`));
  expect(typeof value, at).toBe("object");
  for (const [key, item] of Object.entries(value as object)) {
    expect(item, `${at}.${key}`).not.toBeUndefined();
    expectNormalised(item, `${at}.${key}`);
  }
}

describe("readDossier over the sandbox's dossiers, every dataset version", () => {
  for (const entity of ["person", "company"] as Entity[])
    for (const module of MODULES)
      for (const version of DATASET_VERSIONS[module][entity])
        it(`${entity} ${module} ${version}`, async () => {
          for (const document of documents[entity]) {
            const { dossier, runs } = await sandboxDossier(entity, document, { [module]: version });
            const block = dossier[module] as Record<string, unknown> | null | undefined;
            const raw = runs[0]!.data?.[module] as Record<string, unknown> | undefined;
            const view = readDossier(dossier);
            expectNormalised(view);
            expect(view.modules).toEqual([module]);
            for (const other of MODULES) if (other !== module) expect(view[other as keyof DossierView], other).toBeNull();
            expect(block, `${document}: the sandbox answers ${module} ${version}`).toBeTruthy();
            checks[module](entity, view, block!, raw!);
          }
        });

  it("a holder the registry does not know: no profile", async () => {
    const document = sandboxDocumentFor("holder_not_found", "person")!.document;
    const { dossier } = await sandboxDossier("person", document, { profile: "2.0", lawsuits: "3.0" });
    expect(dossier).toEqual({});
    expect(readDossier(dossier)).toEqual(EMPTY);
    // a dataset that answers without a record: the module ran, its block is null
    expect(readDossier({ profile: null, lawsuits: null })).toEqual({ ...EMPTY, modules: ["profile", "lawsuits"] });
  });

  it("the result: score, deduction, rules and the deduction by module", async () => {
    const document = documents.company[3]!;
    const { runs } = await sandboxDossier("company", document, { lawsuits: "3.0", related: "2.0", ownersLawsuits: "1.0" });
    const scored = scoreModules(runs, []);
    const result = readResult(scored);
    expect(result.rules).toEqual(scored.rules);
    expect(result.rules.length).toBeGreaterThan(0);
    expect(result.score).toBe(scored.score);
    expect(result.scoreFactor).toBe(scored.scoreFactor);
    expect(result.scoreDistribution).toEqual(scored.scoreDistribution.map((d) => ({ module: d.module, percent: d.percent })));
  });
});

type Check = (entity: Entity, view: DossierView, block: Record<string, unknown>, raw: Record<string, unknown>) => void;

const checks: Record<string, Check> = {
  profile(entity, view, block) {
    const profile = view.profile!;
    expect(profile.kind).toBe(entity);
    expect(profile.name).toBe(text(block.name));
    expect(profile.name).not.toBeNull();
    expect(profile.nationalId).toBe(text(block.nationalId));
    expect(profile.indicators.map((i) => i.key)).toEqual(Object.keys(block.indicators as object));
    for (const i of profile.indicators) expect(typeof i.value).toBe("number");
    expect(profile.contacts.addresses.length).toBeGreaterThan(0);
    for (const a of profile.contacts.addresses) expect(a.city).not.toBeNull();
    const blacklisted = block.blacklisted as { client: boolean; service: boolean; serviceListings?: unknown[] };
    expect(profile.blacklisted.service).toBe(blacklisted.service);
    expect(profile.blacklisted.serviceListings).toHaveLength(blacklisted.serviceListings?.length ?? 0);
    if (profile.kind === "person") {
      const p = PersonProfile.parse(block);
      expect(profile).toMatchObject({
        fiscalStatus: text(p.fiscalStatus),
        gender: text(p.gender),
        motherName: text(p.motherName),
        age: p.age,
        birthDate: text(p.birthDate),
        obitFlag: p.obitFlag,
        isMotherNameCorrectly: p.isMotherNameCorrectly,
      });
      expect(profile.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(profile.contacts.phones.length + profile.contacts.emails.length).toBeGreaterThan(0);
    } else {
      const p = BusinessProfile.parse(block);
      expect(profile).toMatchObject({
        tradeName: text(p.tradeName),
        headOffice: p.headOffice,
        registrationStatus: text(p.registrationStatus),
        openingDate: text(p.openingDate),
        size: text(p.size),
        shareCapital: p.shareCapital,
        legalNature: { code: text(p.legalNature.code), description: text(p.legalNature.description) },
        mainActivity: { code: text(p.mainActivity.code), description: text(p.mainActivity.description) },
      });
      expect(profile.secondaryActivities).toHaveLength(p.secondaryActivities.length);
      expect(profile.partners.map((s) => [s.name, s.nationalId, s.entity, s.sharePercent])).toEqual(
        p.partners.map((s) => [text(s.name), text(s.nationalId), s.entity, s.sharePercent]),
      );
      for (const s of profile.partners) expect(s.qualification?.description).toBeTruthy();
    }
  },
  finance(entity, view, block) {
    const finance = view.finance!;
    if (entity === "person") {
      const f = PersonFinance.parse(block);
      expect(finance.kind).toBe("person");
      expect(finance.salary).toBe(f.salary);
      expect(finance.incomeBand).toBe(text(f.income));
      expect(finance.collections).toEqual({
        total: f.collections.total,
        origins: f.collections.totalOrigins,
        updatedAt: text(f.collections.updatedAt),
      });
      expect(finance.taxReturns).toHaveLength(f.taxReturns.length);
      expect(finance.assistancePrograms?.programs).toHaveLength(f.assistancePrograms.programs.length);
      expect(finance.indicators.map((i) => i.key)).toEqual(["monthlyIncome", "assistancePrograms", "ltyTaxDeclarations", "collections"]);
      const r = finance.restrictions!;
      expect(r.hasData).toBe(f.restrictions.hasData);
      expect(r.isNegative).toBe(f.restrictions.isNegative);
      expect(r.amount).toBe(f.restrictions.amount ? Number(f.restrictions.amount) : null);
      const logs = (block.restrictions as { consultationLogs: object }).consultationLogs;
      expect(r.consultationLogs).toEqual(Object.entries(logs).map(([period, count]) => ({ period, count })));
      expect(finance.taxDebt).toBeNull();
    } else {
      // a company's finance dataset passes through as it is (Portuguese keys)
      const f = block as {
        faturamentoPresumido: string;
        cobrancas: { quantidade: number };
        dividaAtiva: { possui: boolean; inscricoes: number };
      };
      expect(finance.kind).toBe("company");
      expect(finance.salary).toBeNull();
      expect(finance.incomeBand).toBe(f.faturamentoPresumido);
      expect(finance.collections?.total).toBe(f.cobrancas.quantidade);
      expect(finance.taxDebt).toMatchObject({ has: f.dividaAtiva.possui, count: f.dividaAtiva.inscricoes });
      expect(finance.restrictions).toBeNull();
    }
  },
  financeAdvanced(_entity, view, block) {
    const b = block as { summary: Record<string, number>; protests: unknown[]; negativeRecords: unknown[]; consultations: object };
    const advanced = view.financeAdvanced!;
    expect(advanced.summary).toMatchObject({
      negativeRecords: b.summary.negativeRecords,
      protests: b.summary.protests,
      negativeAmount: b.summary.negativeAmount,
      protestAmount: b.summary.protestAmount,
    });
    expect(advanced.records.filter((r) => r.kind === "protest")).toHaveLength(b.protests.length);
    expect(advanced.records.filter((r) => r.kind === "negative")).toHaveLength(b.negativeRecords.length);
    for (const r of advanced.records) expect(r.amount).not.toBeNull();
    expect(advanced.consultations.map((c) => c.period)).toEqual(Object.keys(b.consultations));
  },
  lawsuits(_entity, view, block) {
    const lawsuits = view.lawsuits!;
    const raw = (block.items ?? block.processos) as unknown[];
    expect(lawsuits.items).toHaveLength(raw.length);
    if (block.counters) {
      const c = block.counters as { total: number; active: number; byCourt: object };
      expect(lawsuits.counters).toMatchObject({ total: c.total, active: c.active });
      expect(lawsuits.counters!.byCourt.map((b) => b.key)).toEqual(Object.keys(c.byCourt));
    } else {
      expect(lawsuits.counters).toBeNull();
      expect(lawsuits.declaredTotal).toBe(block.totalProcessos);
    }
  },
  ownersLawsuits(_entity, view, block) {
    const b = block as { totalOwners: number; ownersWithLawsuits: number; owners: { items: unknown[]; counters: { total: number } }[] };
    const owners = view.ownersLawsuits!;
    expect(owners.totalOwners).toBe(b.totalOwners);
    expect(owners.ownersWithLawsuits).toBe(b.ownersWithLawsuits);
    expect(owners.owners.map((o) => [o.items.length, o.counters?.total])).toEqual(b.owners.map((o) => [o.items.length, o.counters.total]));
    for (const o of owners.owners) expect(o.qualification?.description).toBeTruthy();
  },
  related(_entity, view, block) {
    const related = view.related!;
    expect(related.parties.length).toBeGreaterThan(0);
    expect(related.totals.map((t) => t.key)).toEqual(Object.keys((block.totals as object | undefined) ?? {}));
    expect(related.indicators.map((t) => t.key)).toEqual(Object.keys((block.indicators as object | undefined) ?? {}));
  },
};

const EMPTY: DossierView = {
  modules: [],
  profile: null,
  finance: null,
  financeAdvanced: null,
  lawsuits: null,
  ownersLawsuits: null,
  related: null,
};

describe("readDossier over any JSON", () => {
  it("a value that is not an object is an empty dossier", () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((v) => typeof v !== "object" || v === null || Array.isArray(v)),
        (value) => void expect(readDossier(value)).toEqual(EMPTY),
      ),
    );
  });

  it("never throws, and reads only trimmed texts, finite numbers and booleans", () => {
    // the dossier's own keys, filled with anything: objects of the right keys and of none
    const anything = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom("name", "items", "processos", "counters", "contacts", "addresses", "indicators", "partners", "summary", "owners"),
        fc.jsonValue(),
      ),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...MODULES, "cnh", "other"), anything), fc.jsonValue(), (dossier, result) => {
        const view = readDossier(dossier);
        expect(view.modules).toEqual(Object.keys(dossier));
        expectNormalised(view);
        expectNormalised(readResult(result));
        for (const module of MODULES) {
          const block = dossier[module];
          if (typeof block !== "object" || block === null || Array.isArray(block)) expect(view[module as keyof DossierView]).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Two defects of the PDF report that reading its sections from the typed view fixed.
describe("the PDF report reads its sections from the view", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-dossier-view-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function reportText(entity: Entity, document: string, dossier: Record<string, unknown>): Promise<string> {
    const data: ReportData = {
      workspaceName: "Workspace",
      verification: {
        id: "6f1c7a4e-2b1d-4c55-9a3e-0d2f5b8c9e01",
        entity,
        nationalId: document,
        name: null,
        status: "COMPLETED",
        profileId: null,
        profileName: null,
        createdAt: new Date("2026-01-10T12:00:00Z"),
        updatedAt: new Date("2026-01-10T12:00:00Z"),
        score: 800,
        result: { score: 800, rules: [], scoreDistribution: [] },
        dossier,
        input: null,
        failureReason: null,
      },
      summary: null,
      feedbacks: [],
      feedbackTotal: 0,
      restrictiveList: { listed: false, source: "dossier" },
      generatedAt: new Date("2026-01-10T12:00:00Z"),
    };
    const file = path.join(dir, `${entity}-${document}.pdf`);
    writeFileSync(file, await buildVerificationPdf(data));
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  }

  /** The keys in PostgreSQL jsonb's order (shorter first, then by bytes): the dossier as the database gives it back. */
  function jsonbOrder(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(jsonbOrder);
    if (typeof value !== "object" || value === null) return value;
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(keys.map((k) => [k, jsonbOrder((value as Record<string, unknown>)[k])]));
  }

  it("the registry's fields in the contract's order (name first), whatever the order of the stored keys", async () => {
    const document = documents.person[0]!;
    const { dossier } = await sandboxDossier("person", document, { profile: "2.0" });
    const report = await reportText("person", document, jsonbOrder(dossier) as Record<string, unknown>);
    const section = report.slice(report.indexOf("Cadastro"));
    const name = section.indexOf((dossier.profile as { name: string }).name);
    expect(name).toBeGreaterThan(0);
    // the database gives `age` (a shorter key) back before `name`; the report lists the name first
    expect(section.indexOf("Idade")).toBeGreaterThan(name);
  });

  it("the latest credit restriction's amount as money, as the console shows it", async () => {
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      const document = makeCpf(String(100000000 + i * 7919));
      const { dossier } = await sandboxDossier("person", document, { finance: "1.1" });
      const amount = (dossier.finance as PersonFinance).restrictions.amount;
      if (!amount) continue;
      found = true;
      const money = Number(amount).toLocaleString("pt-BR", { style: "currency", currency: "BRL" }).replace(/\s/g, " ");
      const report = (await reportText("person", document, dossier)).replace(/\s/g, " ");
      expect(report).toContain(money);
      expect(report).not.toContain(amount);
    }
    expect(found, "a sandbox person with a credit restriction").toBe(true);
  });
});
