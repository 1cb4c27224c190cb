// The registry (issue 22) end to end on the real service: a month of the Receita's CNPJ open data
// written in the exact published layout (test/support/receita-fixture.ts) is imported with the
// importer itself, enrichments of its companies answer from it (LUPA_PROVIDERS chooses the
// receita provider for company-profile and company-related), every field is checked against the
// fixture, then the next month is imported and the swap is checked; an interrupted import leaves
// the live release alone and resumes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCnpj, ImportError } from "../../server/registry/import-cnpj";
import { eventually, startService, type TestService } from "../support/harness";
import {
  ABSENT,
  ACME,
  ACME_BRANCH,
  HOLDING,
  MARIA,
  MEI,
  OTHER,
  releaseOne,
  releaseTwo,
  writeReleaseFolder,
} from "../support/receita-fixture";
import { listZipEntries } from "../../server/registry/zip";

let t: TestService;
let dir: string;
let one: string;
const logs: string[] = [];
const log = (line: string) => logs.push(line);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-registry-"));
  one = await writeReleaseFolder(dir, "2025-01", releaseOne());
  // the sandbox on, explicitly: some checks mix the registry with the sandbox's other datasets
  t = await startService({ env: { LUPA_PROVIDERS: "company-profile:receita,company-related:receita", LUPA_SANDBOX: "on" } });
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

type Enrichment = {
  id: string;
  status: string;
  outcome: string | null;
  failureReason?: string | null;
  modules: Record<string, { dataset: string; status: string }>;
  data?: Record<string, Record<string, unknown>>;
};

async function enrich(document: string, profileId = "prf_company_registry", token = t.workspace.tokens.analyst): Promise<Enrichment> {
  const res = await t.request({ method: "POST", url: "/api/v3/enrichments", token, body: { document, profileId } });
  expect([200, 202]).toContain(res.statusCode);
  const id = res.json().id as string;
  return eventually(
    () => t.request({ method: "GET", url: `/api/v3/enrichments/${id}?include=data`, token }).then((r) => r.json() as Enrichment),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
}

const profileOf = (e: Enrichment) => e.data!.profile!.profile as Record<string, unknown>;
const relatedOf = (e: Enrichment) => e.data!.related!.related as Record<string, unknown>;
const liveRows = async () =>
  (await t.services.database.query(`select release, schema_name, state from registry_releases order by id`)).rows;

describe("before any import", () => {
  it("fails the registry's modules with registry_not_loaded, and refuses folders that are not a month's files", async () => {
    const e = await enrich(ACME);
    expect(e.status).toBe("FAILED");
    expect(e.modules.profile!.status).toBe("failed");
    const res = await t.request({ method: "GET", url: `/api/v3/enrichments/${e.id}`, token: t.workspace.tokens.analyst });
    expect(JSON.stringify(res.json())).toContain("registry_not_loaded");

    await expect(importCnpj(t.services.database, dir, { log })).rejects.toThrow(ImportError);
    await expect(importCnpj(t.services.database, dir, { log })).rejects.toThrow(/not a month \(YYYY-MM\)/);
    await expect(importCnpj(t.services.database, one, { release: "2025-13", log })).rejects.toThrow(/--release must be YYYY-MM/);
    const empty = path.join(dir, "2024-12");
    writeFileSync(path.join(dir, "placeholder"), "");
    await import("node:fs").then((fs) => fs.mkdirSync(empty, { recursive: true }));
    await expect(importCnpj(t.services.database, empty, { log })).rejects.toThrow(/no Empresas\*\.zip or no Estabelecimentos\*\.zip/);
    await expect(importCnpj(t.services.database, path.join(dir, "missing", "2025-01"), { log })).rejects.toThrow(/not a readable folder/);
    expect(await liveRows()).toEqual([]);
  });
});

describe("a month imported", () => {
  beforeAll(async () => {
    const summary = await importCnpj(t.services.database, one, { log });
    expect(summary).toMatchObject({ release: "2025-01", loaded: true, refused: 3 });
    expect(summary.rows).toMatchObject({ establishments: 5, companies: 4, partners: 5, simples: 3, cnaes: 4 });
  }, 120_000);

  it("prints progress and the refused lines with their reasons", () => {
    const text = logs.join("\n");
    expect(text).toContain("Empresas0.zip: 4 rows");
    expect(text).toContain("K3241.K03200Y0.D50111.EMPRECSV line 5: short_line");
    expect(text).toContain("K3241.K03200Y0.D50111.ESTABELE line 4: bad_check_digit (CNPJ)");
    expect(text).toContain("K3241.K03200Y1.D50111.ESTABELE line 3: bad_date (DATA DE INÍCIO ATIVIDADE)");
    expect(text).toMatch(
      /Release 2025-01 is live: 5 establishments, 4 companies, 5 partners; \d+ rows in [\d.]+ s \([\d,]+ rows\/s\), 3 refused\./,
    );
  });

  it("answers company-profile 2.0 with every registry field of the fixture", async () => {
    const e = await enrich(ACME);
    expect(e.status).toBe("COMPLETED");
    expect(e.outcome).toBe("ok");
    expect(e.data!.profile!.source).toMatchObject({ provider: "receita", release: "2025-01" });
    expect(profileOf(e)).toEqual({
      document: ACME,
      name: 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA',
      tradeName: "SUPERMERCADO BOM PREÇO",
      headOffice: true,
      registration: { status: "Ativa", statusDate: "1994-03-15", statusReason: null },
      openedAt: "1994-03-15",
      legalNature: { code: "2062", description: "Sociedade Empresária Limitada" },
      activities: {
        main: {
          code: "4711-3/02",
          description: "Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados",
        },
        secondary: [
          {
            code: "4712-1/00",
            description:
              "Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - minimercados, mercearias e armazéns",
          },
          { code: "6204-0/00", description: "Consultoria em tecnologia da informação" },
        ],
      },
      size: { code: "DEMAIS", description: "Demais" },
      shareCapital: 1061004829.23,
      taxRegime: "Não optante pelo Simples Nacional",
      simplesNacional: {
        simples: { opted: false, since: null, until: null },
        mei: { opted: false, since: null, until: null },
      },
      specialStatus: null,
      partners: [
        {
          document: MARIA.masked,
          name: MARIA.name,
          entity: "person",
          qualification: { code: "49", description: "Sócio-Administrador" },
          since: "1994-03-15",
          sharePercent: null,
          ageBand: { code: "6", description: "51 a 60 anos" },
          legalRepresentative: null,
          identification: "name_and_masked_cpf",
        },
        {
          document: "***987654**",
          name: "JOÃO PEREIRA LIMA",
          entity: "person",
          qualification: { code: "22", description: "Sócio" },
          since: "2015-08-20",
          sharePercent: null,
          ageBand: { code: "2", description: "13 a 20 anos" },
          legalRepresentative: {
            document: "***123456**",
            name: "ANA PEREIRA LIMA",
            qualification: { code: "17", description: "Procurador" },
          },
          identification: "name_and_masked_cpf",
        },
        {
          document: HOLDING,
          name: "HOLDING PARTICIPAÇÕES LTDA",
          entity: "company",
          qualification: { code: "22", description: "Sócio" },
          since: "2018-01-01",
          sharePercent: null,
          ageBand: { code: "0", description: "Não se aplica" },
          legalRepresentative: null,
          identification: "cnpj",
        },
      ],
      contacts: {
        addresses: [
          {
            type: "commercial",
            street: "AVENIDA PAULISTA",
            number: "1578",
            complement: 'ANDAR 2 "BLOCO A"',
            neighborhood: "BELA VISTA",
            city: "SAO PAULO",
            state: "SP",
            country: "BR",
            postalCode: "01310-200",
            preferred: true,
            firstSeenAt: null,
            lastSeenAt: null,
          },
        ],
        phones: [
          { type: "landline", countryCode: "55", areaCode: "11", number: "33334444", preferred: true, firstSeenAt: null, lastSeenAt: null },
          { type: "mobile", countryCode: "55", areaCode: "11", number: "987654321", preferred: false, firstSeenAt: null, lastSeenAt: null },
        ],
        emails: [{ address: "contato@bompreco.com.br", preferred: true }],
      },
      restrictiveLists: { service: { listed: false, type: null, since: null } },
    });
    expect(e.data!.profile!.rules).toEqual([
      { rule: "company_inactive", fired: false },
      { rule: "listed_on_service_restrictive_list", fired: false },
      { rule: "recently_opened_company", fired: false },
      { rule: "has_deceased_partner", fired: false },
    ]);
  });

  it("answers company-related 2.0 with the QSA, the legal representative and the partner's other companies as likely matches", async () => {
    const related = relatedOf(await enrich(ACME));
    const business = related.business as Record<string, Record<string, unknown>[]>;
    const byName = (name: string) => [...business.ownerships!, ...business.representations!].find((n) => n.name === name)!;
    expect(byName(MARIA.name)).toMatchObject({ document: MARIA.masked, entity: "person", role: "partner", match: "likely" });
    expect(byName("HOLDING PARTICIPAÇÕES LTDA")).toMatchObject({
      document: HOLDING,
      entity: "company",
      role: "partner",
      match: "exact",
      registryStatus: "Ativa",
      state: "SP",
    });
    expect(byName("OUTRA EMPRESA DE TECNOLOGIA LTDA")).toEqual({
      document: OTHER,
      name: "OUTRA EMPRESA DE TECNOLOGIA LTDA",
      entity: "company",
      relation: "partnership",
      role: "owned_company",
      since: "2020-01-10",
      qualification: { code: "22", description: "Sócio" },
      state: "SP",
      registryStatus: "Ativa",
      lawsuitsTotal: null,
      restrictiveList: false,
      identification: "cnpj",
      match: "likely",
      via: MARIA.masked,
    });
    expect(byName("ANA PEREIRA LIMA")).toMatchObject({ role: "legal_representative", via: "***987654**", match: "likely" });
    expect(related.totals).toEqual({ total: 5, persons: 3, companies: 2, personal: 0, ownerships: 4, employments: 0, representations: 1 });
    // the holding is a partner of ACME: from its side ACME is a company it holds
    const holding = relatedOf(await enrich(HOLDING));
    expect((holding.business as Record<string, Record<string, unknown>[]>).ownerships).toEqual([
      expect.objectContaining({ document: ACME, role: "subsidiary", match: "exact", registryStatus: "Ativa" }),
    ]);
  });

  it("answers a branch, an MEI and the legacy 1.0 formats", async () => {
    const branch = profileOf(await enrich(ACME_BRANCH));
    expect(branch).toMatchObject({
      document: ACME_BRANCH,
      name: 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA',
      headOffice: false,
      registration: { status: "Baixada", statusDate: "2023-11-30", statusReason: "EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA" },
      openedAt: "2001-05-02",
    });
    expect((branch.contacts as { addresses: unknown[] }).addresses[0]).toMatchObject({
      city: "BRASILIA",
      state: "DF",
      postalCode: "70836-900",
    });
    const mei = await enrich(MEI);
    expect(profileOf(mei)).toMatchObject({
      taxRegime: "MEI",
      size: { code: "ME", description: "Microempresa" },
      simplesNacional: {
        simples: { opted: true, since: "2024-06-01", until: null },
        mei: { opted: true, since: "2024-06-01", until: null },
      },
    });
    const v1 = await t.services.provider.fetch({
      entity: "company",
      module: "profile",
      version: "1.0",
      document: ACME,
      attempt: 1,
      round: 0,
    });
    expect(v1.kind).toBe("ok");
    const card = (v1 as unknown as { data: { profile: Record<string, unknown> } }).data.profile;
    expect(card).toMatchObject({
      cnpj: ACME,
      razaoSocial: 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA',
      matrizFilial: "MATRIZ",
      situacaoCadastral: "ATIVA",
      dataSituacaoCadastral: "15/03/1994",
      dataAbertura: "15/03/1994",
      naturezaJuridica: "206-2 - Sociedade Empresária Limitada",
      cnaePrincipal: "4711-3/02 - Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados",
      porte: "DEMAIS",
      capitalSocial: "1061004829.23",
      telefones: ["(11) 3333-4444", "(11) 98765-4321"],
      email: "contato@bompreco.com.br",
      simples: { optante: false, dataOpcao: "", dataExclusao: "" },
    });
    expect((card.socios as unknown[])[0]).toEqual({
      nome: MARIA.name,
      documento: MARIA.masked,
      tipo: "PF",
      qualificacao: "49 - Sócio-Administrador",
      dataEntrada: "15/03/1994",
      participacao: null,
    });
    const r1 = await t.services.provider.fetch({
      entity: "company",
      module: "related",
      version: "1.0",
      document: ACME,
      attempt: 1,
      round: 0,
    });
    expect((r1 as unknown as { data: { related: { total: number; items: unknown[] } } }).data.related.items).toContainEqual({
      document: OTHER,
      name: "OUTRA EMPRESA DE TECNOLOGIA LTDA",
      entity: "company",
      relation: "partnership",
      role: "owned_company",
      match: "likely",
      via: MARIA.masked,
    });
  });

  it("answers subject_not_found for a CNPJ the release does not hold, and leaves other datasets to the sandbox", async () => {
    const absent = await enrich(ABSENT);
    expect(absent).toMatchObject({ status: "COMPLETED", outcome: "subject_not_found" });
    const complete = await enrich(ACME, "prf_company_complete");
    expect(complete.status).toBe("COMPLETED");
    expect(complete.data!.profile!.source).toMatchObject({ provider: "receita" });
    expect(complete.data!.finance!.source).toBeUndefined(); // the sandbox's
    expect(complete.modules.lawsuits!.status).toBe("ok");
  });

  it("builds the v2 dossier and the lawsuit network from the registry's partners", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: t.workspace.tokens.analyst,
      body: { nationalId: ACME, profileId: "prf_kyb_company", verifications: {} },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const v = await eventually(
      () => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: t.workspace.tokens.analyst }).then((r) => r.json()),
      (r) => r.status === "COMPLETED" || r.status === "FAILED",
    );
    expect(v.status).toBe("COMPLETED");
    const profile = v.business.profile;
    expect(profile).toMatchObject({
      name: 'ACME COMÉRCIO DE ALIMENTOS "BOM PREÇO" LTDA',
      nationalId: ACME,
      registrationStatus: "Ativa",
      openingDate: "1994-03-15",
      mainActivity: { code: "4711-3/02" },
      size: "DEMAIS",
      shareCapital: 1061004829.23,
    });
    expect(profile.partners[0]).toEqual({
      name: MARIA.name,
      nationalId: MARIA.masked,
      entity: "person",
      qualification: { code: "49", description: "Sócio-Administrador" },
      since: "1994-03-15",
      sharePercent: null,
    });
    // the AI summary and the PDF read the registry's dossier as they read the sandbox's
    const ai = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/ai-summary`, token: t.workspace.tokens.analyst });
    expect(ai.statusCode).toBe(200);
    expect(ai.json().summary).toEqual(expect.any(String));
    const pdf = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.analyst });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(dir, "acme.pdf");
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("SUPERMERCADO BOM PREÇO");
    expect(text).toContain(MARIA.name);
    const network = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/network`, token: t.workspace.tokens.analyst });
    expect(network.statusCode).toBe(200);
    const nodes = network.json().nodes as Record<string, { name: string; entity: string; query: { status: string }; relations: unknown[] }>;
    expect(nodes[MARIA.masked]).toMatchObject({ name: MARIA.name, entity: "person", query: { status: "failed" } });
    expect(nodes[OTHER]).toMatchObject({ entity: "company", query: { status: "ok" } });
    expect(nodes[OTHER]!.relations).toEqual([
      expect.objectContaining({ relation: "partnership", role: "owned_company", via: MARIA.masked, match: "likely" }),
    ]);
    expect(nodes[HOLDING]).toMatchObject({ entity: "company", query: { status: "ok" } });
  });
});

describe("the next month", () => {
  it("loads beside the live one, an interruption leaves the live release alone, and the rerun resumes and swaps", async () => {
    const two = await writeReleaseFolder(dir, "2025-02", releaseTwo());
    // damage Socios0.zip: the import stops in it, after the files before it committed
    const socios = path.join(two, "Socios0.zip");
    const good = readFileSync(socios);
    const [entry] = await listZipEntries(socios);
    const bad = Buffer.from(good);
    bad[entry!.localHeaderOffset + 30 + entry!.name.length + 3] ^= 0xff;
    writeFileSync(socios, bad);
    await expect(importCnpj(t.services.database, two, { log })).rejects.toThrow();
    expect(await liveRows()).toEqual([
      { release: "2025-01", schema_name: "registry_r1", state: "live" },
      { release: "2025-02", schema_name: "registry_r2", state: "loading" },
    ]);
    // readers still see the whole first month
    const ws = await t.createWorkspace();
    expect(profileOf(await enrich(ACME, "prf_company_registry", ws.tokens.analyst))).toMatchObject({ registration: { status: "Ativa" } });

    writeFileSync(socios, good);
    logs.length = 0;
    const summary = await importCnpj(t.services.database, two, { log });
    expect(logs.join("\n")).toContain("(resuming: 9 of 11 files already loaded)");
    expect(logs.join("\n")).not.toContain("Empresas0.zip:");
    expect(summary).toMatchObject({ release: "2025-02", loaded: true, replaced: ["2025-01"] });
    expect(await liveRows()).toEqual([
      { release: "2025-01", schema_name: "registry_r1", state: "retired" },
      { release: "2025-02", schema_name: "registry_r2", state: "live" },
    ]);
    const schemas = await t.services.database.query(`select nspname from pg_namespace where nspname like 'registry_r%' order by 1`);
    expect(schemas.rows).toEqual([{ nspname: "registry_r2" }]);

    // the workspace that read ACME during the first month: its cached answers are stale now
    const acme = await enrich(ACME, "prf_company_registry", ws.tokens.analyst);
    expect(acme.data!.profile!.source).toMatchObject({ release: "2025-02" });
    expect(profileOf(acme)).toMatchObject({
      registration: { status: "Baixada", statusDate: "2025-01-20", statusReason: "EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA" },
    });
    expect((profileOf(acme).partners as { name: string }[]).map((p) => p.name)).toContain("CARLA NOVAES");
    expect(acme.data!.profile!.rules).toContainEqual({ rule: "company_inactive", fired: true });
    expect(await enrich(OTHER, "prf_company_registry", ws.tokens.analyst)).toMatchObject({ outcome: "subject_not_found" });

    // the same month again: nothing to do
    logs.length = 0;
    expect(await importCnpj(t.services.database, two, { log })).toMatchObject({ loaded: false });
    expect(logs.join("\n")).toContain("Release 2025-02 is already live (registry_r2); --reload loads it again.");
  });
});
