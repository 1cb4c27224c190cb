// The federal sanctions lists (CEIS, CNEP) as the service's restrictive list (issue 22), on the
// real service: zips written as the Portal da Transparência publishes them are imported with the
// importer itself; a listed CNPJ (the registry's profile) or CPF (the sandbox's) shows
// `blacklisted.service: true` with the list as `serviceType` and the sanctions' details, the rule
// fires and is scored; a sanction whose end date has passed does not count; a new file of a list
// replaces that list.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCpf } from "../../lib/contract/documents";
import { importCnpj } from "../../server/registry/import-cnpj";
import { importSanctions, SanctionsImportError } from "../../server/registry/sanctions";
import { eventually, startService, type TestService } from "../support/harness";
import { ACME, HOLDING, MARIA, OTHER, releaseOne, writeReleaseFolder } from "../support/receita-fixture";
import { writeSanctionsZip, type SanctionFixture } from "../support/sanctions-fixture";
import { writeZip } from "../support/zip-write";
import { latin1, line } from "../support/receita-fixture";

let t: TestService;
let dir: string;
const PERSON = makeCpf("529982247"); // a sandbox person, listed by full CPF
const MASKED_PERSON = makeCpf("611222333"); // a sandbox person, listed by masked CPF and name
let maskedName: string;
const logs: string[] = [];

const inForce = (s: Partial<SanctionFixture> & Pick<SanctionFixture, "document" | "name">): SanctionFixture => ({
  kind: "J",
  category: "Impedimento/proibição de contratar com prazo determinado",
  start: "10/01/2024",
  end: "31/12/2099",
  agency: "MINISTÉRIO DA SAÚDE",
  uf: "DF",
  ...s,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-sanctions-"));
  // the sandbox on, explicitly: the sanctions apply to the sandbox's people too
  t = await startService({ env: { LUPA_PROVIDERS: "company-profile:receita,company-related:receita", LUPA_SANDBOX: "on" } });
  await importCnpj(t.services.database, await writeReleaseFolder(dir, "2025-01", releaseOne()), { log: () => {} });
  const sandbox = await t.services.provider.fetch({
    entity: "person",
    module: "profile",
    version: "2.0",
    document: MASKED_PERSON,
    attempt: 1,
    round: 0,
  });
  maskedName = ((sandbox as unknown as { data: { profile: { name: { full: string } } } }).data.profile.name.full as string).toUpperCase();
  const ceis = await writeSanctionsZip(
    dir,
    "CEIS",
    "20250110",
    [
      inForce({
        document: `${HOLDING.slice(0, 2)}.${HOLDING.slice(2, 5)}.${HOLDING.slice(5, 8)}/${HOLDING.slice(8, 12)}-${HOLDING.slice(12)}`,
        name: "HOLDING PARTICIPAÇÕES LTDA",
        observations: 'linha 1\nlinha 2; com "aspas"',
      }),
      inForce({ document: ACME, name: "ACME COMÉRCIO", start: "01/02/2018", end: "01/02/2020", category: "Suspensão" }), // ended
      inForce({
        kind: "F",
        document: PERSON,
        name: "PESSOA LISTADA",
        end: "",
        agency: "PREFEITURA MUNICIPAL DE CAMPINAS",
        uf: "SP",
        category: "Inidoneidade",
      }),
      inForce({ kind: "F", document: `***.${MASKED_PERSON.slice(3, 6)}.${MASKED_PERSON.slice(6, 9)}-**`, name: maskedName }),
      inForce({ kind: "F", document: `***.${MASKED_PERSON.slice(3, 6)}.${MASKED_PERSON.slice(6, 9)}-**`, name: "OUTRA PESSOA" }), // same digits, another name
      inForce({ kind: "F", document: MARIA.masked, name: MARIA.name }),
      inForce({ document: "11.111.111/0001-11", name: "DÍGITO ERRADO" }), // bad check digit: refused
      inForce({ document: OTHER, name: "DATA RUIM", start: "31/02/2024" }), // bad date: refused
    ],
    [line(["CEIS", "1"])], // short line: refused
  );
  const cnep = await writeSanctionsZip(dir, "CNEP", "20250110", [
    inForce({
      document: OTHER,
      name: "OUTRA EMPRESA DE TECNOLOGIA LTDA",
      category: "Multa",
      fine: "1.234.567,89",
      agency: "CGU",
      start: "05/05/2023",
      end: "05/05/2027",
    }),
  ]);
  await importSanctions(t.services.database, ceis, (l) => logs.push(l));
  await importSanctions(t.services.database, cnep, (l) => logs.push(l));
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

type Enrichment = {
  id: string;
  status: string;
  data?: Record<
    string,
    { profile?: Record<string, unknown>; related?: Record<string, unknown>; rules: { rule: string; fired: boolean }[] }
  >;
};

async function enrich(document: string, profileId: string, token = t.workspace.tokens.analyst): Promise<Enrichment> {
  const res = await t.request({ method: "POST", url: "/api/v3/enrichments", token, body: { document, profileId } });
  const id = res.json().id as string;
  return eventually(
    () => t.request({ method: "GET", url: `/api/v3/enrichments/${id}?include=data`, token }).then((r) => r.json() as Enrichment),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
}

async function verify(nationalId: string, profileId: string) {
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: t.workspace.tokens.analyst,
    body: { nationalId, profileId, verifications: {} },
  });
  expect(res.statusCode).toBe(201);
  return eventually(
    () =>
      t.request({ method: "GET", url: `/api/v2/verifications/${res.json().id}`, token: t.workspace.tokens.analyst }).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );
}

const fired = (e: Enrichment) => e.data!.profile!.rules.find((r) => r.rule === "listed_on_service_restrictive_list")?.fired;

describe("import-sanctions", () => {
  it("loads each list and prints the refused lines with their reasons", async () => {
    expect(logs[0]).toBe("CEIS: 6 sanctions loaded from 20250110_CEIS.zip, 3 refused");
    expect(logs.slice(1, 4)).toEqual(["  line 8: bad_document", "  line 9: bad_date", "  line 10: short_line"]);
    expect(logs[4]).toBe("CNEP: 1 sanctions loaded from 20250110_CNEP.zip, 0 refused");
    const { rows } = await t.services.database.query(`select list, count(*)::int as n from sanctions group by list order by list`);
    expect(rows).toEqual([
      { list: "CEIS", n: 6 },
      { list: "CNEP", n: 1 },
    ]);
  });

  it("refuses a zip that is not a CEIS or CNEP file", async () => {
    const file = path.join(dir, "20250110_Outro.zip");
    await writeZip(file, "20250110_Outro.csv", latin1([line(["NOME", "VALOR"]), line(["X", "1"])]));
    await expect(importSanctions(t.services.database, file, () => {})).rejects.toThrow(SanctionsImportError);
    await expect(importSanctions(t.services.database, file, () => {})).rejects.toThrow(
      "20250110_Outro.csv: not a CEIS or CNEP file (no column CPF OU CNPJ DO SANCIONADO, NOME DO SANCIONADO, CATEGORIA DA SANÇÃO, DATA INÍCIO SANÇÃO, DATA FINAL SANÇÃO, ÓRGÃO SANCIONADOR)",
    );
  });
});

describe("the service's restrictive list", () => {
  it("lists a sanctioned CNPJ with the list, the sanction, the agency and the period", async () => {
    const e = await enrich(HOLDING, "prf_company_registry");
    expect(e.data!.profile!.profile!.restrictiveLists).toEqual({
      service: {
        listed: true,
        type: "CEIS",
        since: "2024-01-10",
        sanctions: [
          {
            list: "CEIS",
            sanction: "Impedimento/proibição de contratar com prazo determinado",
            agency: "MINISTÉRIO DA SAÚDE",
            agencyState: "DF",
            startedAt: "2024-01-10",
            endsAt: "2099-12-31",
            process: "00190.000001/2024-11",
            legalBasis: "Lei nº 14.133/2021, art. 156",
          },
        ],
      },
    });
    expect(fired(e)).toBe(true);
    const cnep = await enrich(OTHER, "prf_company_registry");
    expect(cnep.data!.profile!.profile!.restrictiveLists).toMatchObject({ service: { listed: true, type: "CNEP", since: "2023-05-05" } });
  });

  it("does not count a sanction whose end date has passed", async () => {
    const e = await enrich(ACME, "prf_company_registry");
    expect(e.data!.profile!.profile!.restrictiveLists).toEqual({ service: { listed: false, type: null, since: null } });
    expect(fired(e)).toBe(false);
    // its partner Maria is listed by name and masked CPF, the holding by CNPJ: the related module says so
    const related = e.data!.related!.related as {
      business: { ownerships: { name: string; restrictiveList: boolean }[] };
      indicators: Record<string, unknown>;
    };
    expect(
      related.business.ownerships
        .filter((n) => n.restrictiveList)
        .map((n) => n.name)
        .sort(),
    ).toEqual(["HOLDING PARTICIPAÇÕES LTDA", MARIA.name, "OUTRA EMPRESA DE TECNOLOGIA LTDA"]);
    expect(related.indicators.relatedOnServiceRestrictiveList).toEqual({ risky: true, value: 3 });
  });

  it("shows it in the v2 dossier and scores it as the service list is scored", async () => {
    const v = await verify(HOLDING, "prf_kyb_company");
    expect(v.status).toBe("COMPLETED");
    expect(v.business.profile.blacklisted).toEqual({
      client: false,
      service: true,
      clientType: "",
      serviceType: "CEIS",
      serviceListings: [
        {
          list: "CEIS",
          sanction: "Impedimento/proibição de contratar com prazo determinado",
          agency: "MINISTÉRIO DA SAÚDE",
          agencyState: "DF",
          startedAt: "2024-01-10",
          endsAt: "2099-12-31",
          process: "00190.000001/2024-11",
          legalBasis: "Lei nº 14.133/2021, art. 156",
        },
      ],
    });
    expect(v.business.profile.indicators.blacklisted).toEqual({ risky: true, value: 1 });
    expect(v.result.rules).toContain("listed_on_service_restrictive_list");
    const clean = await verify(ACME, "prf_kyb_company");
    expect(clean.business.profile.blacklisted).toEqual({ client: false, service: false, clientType: "", serviceType: "" });
    expect(clean.result.rules).not.toContain("listed_on_service_restrictive_list");
    // prf_kyb_company gives the rule no weight of its own: the default (50), as for the sandbox's listed
    // companies; it is the profile module's only rule that fired
    const profileShare = v.result.scoreDistribution.find((d: { module: string }) => d.module === "profile");
    expect(profileShare.percent).toBe(Math.round((50 / v.result.scoreFactor) * 1000) / 10);
    expect(clean.result.scoreDistribution.find((d: { module: string }) => d.module === "profile")).toBeUndefined();
  });

  it("lists a CPF of any provider, by full CPF or by masked CPF and the same name, in both profile versions", async () => {
    const v2 = await enrich(PERSON, "prf_person_complete");
    expect(v2.data!.profile!.profile!.restrictiveLists).toMatchObject({
      service: {
        listed: true,
        type: "CEIS",
        since: "2024-01-10",
        sanctions: [{ list: "CEIS", agency: "PREFEITURA MUNICIPAL DE CAMPINAS", agencyState: "SP", endsAt: null }],
      },
    });
    const v1 = await enrich(PERSON, "prf_person_registry");
    expect(v1.data!.profile!.profile!.listaRestritiva).toMatchObject({
      servico: true,
      tipo: "CEIS",
      sancoes: [
        { cadastro: "CEIS", sancao: "Inidoneidade", orgao: "PREFEITURA MUNICIPAL DE CAMPINAS", uf: "SP", inicio: "10/01/2024", fim: "" },
      ],
    });
    expect(fired(v1)).toBe(true);
    const masked = await enrich(MASKED_PERSON, "prf_person_complete");
    const service = (masked.data!.profile!.profile!.restrictiveLists as { service: { listed: boolean; sanctions: unknown[] } }).service;
    expect(service.listed).toBe(true);
    expect(service.sanctions).toHaveLength(1); // not OUTRA PESSOA's, whose name differs
    const other = await enrich(makeCpf("611222334".slice(0, 9)), "prf_person_complete");
    expect(fired(other)).toBe(false);
  });

  it("is replaced by the list's next file; a listing is never reused from the dataset cache, and an import makes older answers stale", async () => {
    const next = await writeSanctionsZip(dir, "CEIS", "20250111", [inForce({ kind: "F", document: PERSON, name: "PESSOA LISTADA" })]);
    // ACME's unlisted answer is in this workspace's dataset cache, HOLDING's listed one never was
    expect(fired(await enrich(ACME, "prf_company_registry"))).toBe(false);
    const cachedAcme = await enrich(ACME, "prf_company_registry");
    expect((cachedAcme as unknown as { modules: Record<string, { cache?: unknown }> }).modules.profile!.cache).toBeDefined();
    const again = await enrich(HOLDING, "prf_company_registry");
    expect((again as unknown as { modules: Record<string, { cache?: unknown }> }).modules.profile!.cache).toBeUndefined();
    await importSanctions(t.services.database, next, () => {});
    // the same workspace: answers kept before the import are asked again
    expect(fired(await enrich(HOLDING, "prf_company_registry"))).toBe(false);
    expect(fired(await enrich(OTHER, "prf_company_registry"))).toBe(true); // CNEP untouched
    const afterImport = await enrich(ACME, "prf_company_registry");
    expect((afterImport as unknown as { modules: Record<string, { cache?: unknown }> }).modules.profile!.cache).toBeUndefined();
  });
});
