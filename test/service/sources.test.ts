// Data that names its source (issue 28, item 1), on the real service with a month of the Receita's
// CNPJ open data and a CEIS list imported by the importers themselves. With the registry serving
// the profile and the QSA:
// - sandbox on (explicitly): every module's source is stored and answered by the review API, the
//   invented lawsuits are named fictitious, the partners' lawsuits follow the registry's partners
//   only, and a cached answer keeps the source it was given with;
// - sandbox off (the default once a real provider is configured): the modules no real provider
//   answers are not run (the sandbox is never asked), never score, and are named unavailable.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCnpj } from "../../server/registry/import-cnpj";
import { importSanctions } from "../../server/registry/sanctions";
import { createSandboxProvider } from "../../server/datasets/sandbox";
import { companyHolder } from "../../server/datasets/sandbox/companies/holder";
import type { DatasetProvider, FetchRequest } from "../../server/datasets/types";
import { formatInteger } from "../../lib/contract/format/number";
import { eventually, startService, type TestService } from "../support/harness";
import { ACME, HOLDING, MARIA, releaseOne, writeReleaseFolder } from "../support/receita-fixture";
import { writeSanctionsZip } from "../support/sanctions-fixture";

const REGISTRY = "company-profile:receita,company-related:receita";
const REGISTRY_PARTNERS = [MARIA.name, "JOÃO PEREIRA LIMA", "HOLDING PARTICIPAÇÕES LTDA"].sort();

type Source = {
  module: string;
  dataset: string;
  provider: string | null;
  release: string | null;
  lists: { list: string; release: string }[];
  partiesFrom: string | null;
  state: string;
  fictitious: boolean;
  label: string;
};

/** The sandbox, counting what it is asked (module names). */
function countingSandbox(): { provider: DatasetProvider; asked: string[] } {
  const sandbox = createSandboxProvider();
  const asked: string[] = [];
  return {
    asked,
    provider: {
      name: sandbox.name,
      fetch(request: FetchRequest) {
        asked.push(`${request.entity}-${request.module}`);
        return sandbox.fetch(request);
      },
    },
  };
}

async function loadRegistry(t: TestService, dir: string) {
  await importCnpj(t.services.database, await writeReleaseFolder(dir, "2025-06", releaseOne()), { log: () => {} });
  const ceis = await writeSanctionsZip(dir, "CEIS", "20250610", [
    {
      kind: "J",
      document: HOLDING,
      name: "HOLDING PARTICIPAÇÕES LTDA",
      category: "Impedimento/proibição de contratar com prazo determinado",
      start: "10/01/2024",
      end: "31/12/2099",
      agency: "MINISTÉRIO DA SAÚDE",
      uf: "DF",
    },
  ]);
  await importSanctions(t.services.database, ceis, () => {});
}

async function verify(t: TestService, nationalId: string, profileId = "prf_kyb_company") {
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

async function enrich(t: TestService, document: string, profileId: string) {
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: t.workspace.tokens.analyst,
    body: { document, profileId },
  });
  expect([200, 202]).toContain(res.statusCode);
  return eventually(
    () =>
      t
        .request({ method: "GET", url: `/api/v3/enrichments/${res.json().id}?include=data`, token: t.workspace.tokens.analyst })
        .then((r) => r.json()),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
}

async function caseSources(t: TestService, id: string): Promise<Record<string, Source>> {
  const res = await t.request({ method: "GET", url: `/api/review/v1/cases/${id}`, token: t.workspace.tokens.viewer });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().sources as Source[]).map((s) => [s.module, s]));
}

/** The case's PDF report as text (pdftotext). */
async function pdfText(t: TestService, dir: string, id: string): Promise<string> {
  const res = await t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token: t.workspace.tokens.analyst });
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `${id}.pdf`);
  writeFileSync(file, res.rawPayload);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
}

describe("the registry with the sandbox on", () => {
  let t: TestService;
  let dir: string;
  const sandbox = countingSandbox();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "lupa-sources-"));
    t = await startService({ env: { LUPA_PROVIDERS: REGISTRY, LUPA_SANDBOX: "on" }, provider: sandbox.provider });
    await loadRegistry(t, dir);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("names each module's source on the case: the registry and its release, the sandbox as fictitious", async () => {
    const v = await verify(t, ACME);
    expect(v.status).toBe("COMPLETED");
    const sources = await caseSources(t, v.id);
    expect(sources.profile).toMatchObject({
      provider: "receita",
      release: "2025-06",
      state: "answered",
      fictitious: false,
      label: "Receita Federal, release 2025-06",
    });
    expect(sources.related).toMatchObject({ provider: "receita", release: "2025-06", label: "Receita Federal, release 2025-06" });
    for (const module of ["finance", "lawsuits"])
      expect(sources[module]).toMatchObject({ provider: "sandbox", release: null, fictitious: true, label: "Sandbox: dados fictícios" });
    expect(sources.ownersLawsuits).toMatchObject({
      provider: "sandbox",
      partiesFrom: "receita",
      fictitious: true,
      label: "Sandbox: dados fictícios, sobre os sócios da Receita Federal",
    });
  });

  it("names the source under each module's title in the PDF report", async () => {
    const v = await verify(t, ACME);
    const text = await pdfText(t, dir, v.id);
    expect(text).toMatch(/Cadastro da empresa\s+Fonte: Receita Federal, release 2025-06/);
    expect(text).toMatch(/Financeiro\s+Sandbox: dados fictícios/);
    expect(text).toMatch(/Processos judiciais\s+Sandbox: dados fictícios/);
    expect(text).toMatch(/Processos dos sócios\s+Sandbox: dados fictícios, sobre os sócios da Receita Federal/);
    expect(text).toMatch(/Relacionados\s+Fonte: Receita Federal, release 2025-06/);
  });

  it("has the AI summary name the invented data and recommend on the real data alone", async () => {
    const v = await verify(t, ACME);
    const res = await t.request({ method: "GET", url: `/api/v2/verifications/${v.id}/ai-summary`, token: t.workspace.tokens.analyst });
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    // the sandbox's lawsuits and finance take the score to the middle band (a review, as in the issue);
    // the registry's data alone leaves it in the low-risk band
    expect(v.result.score).toBeLessThan(700);
    const fictitious = (v.result.scoreDistribution as { module: string; percent: number }[])
      .filter((d) => ["finance", "lawsuits", "ownersLawsuits"].includes(d.module))
      .reduce((sum, d) => sum + d.percent, 0);
    const real = Math.round(v.result.score + v.result.scoreFactor * (fictitious / 100));
    expect(real).toBeGreaterThanOrEqual(700);
    expect(summary.verdict).toBe("APPROVE");
    expect(summary.summary).toContain("[Dados fictícios] Processos:");
    expect(summary.summary).toContain(
      `Dados fictícios (sandbox, sem valor de prova): finanças, processos e processos dos sócios; não contam na recomendação, que usa a pontuação dos dados reais, ${formatInteger(real)} de 1.000`,
    );
    expect(summary.summary).not.toContain("[Dados fictícios] Relacionados");
    expect(summary.highlights[0]).toBe("Dados fictícios (sandbox) em finanças, processos e processos dos sócios: fora da recomendação.");
    expect(summary.highlights.join(" ")).not.toMatch(/processos ativos|como réu/);
  });

  it("follows the registry's partners in the partners' lawsuits, never the sandbox's own", async () => {
    const e = await enrich(t, ACME, "prf_company_complete");
    expect(e.status).toBe("COMPLETED");
    const owners = (e.data.ownersLawsuits.ownersLawsuits.owners as { name: string }[]).map((o) => o.name).sort();
    expect(owners).toEqual(REGISTRY_PARTNERS);
    const invented = companyHolder(ACME).partners.map((p) => p.name);
    expect(owners.filter((name) => invented.includes(name))).toEqual([]);
    const res = await t.request({ method: "GET", url: `/api/review/v1/enrichments/${e.id}`, token: t.workspace.tokens.viewer });
    expect(res.statusCode).toBe(200);
    const sources = Object.fromEntries((res.json().sources as Source[]).map((s) => [s.module, s]));
    expect(sources.profile).toMatchObject({ provider: "receita", release: "2025-06" });
    expect(sources.ownersLawsuits).toMatchObject({ provider: "sandbox", partiesFrom: "receita", fictitious: true });
  });

  it("names the sanctions list that added to a profile, with its release", async () => {
    const v = await verify(t, HOLDING);
    const sources = await caseSources(t, v.id);
    expect(sources.profile).toMatchObject({
      provider: "receita",
      lists: [{ list: "CEIS", release: "2025-06-10" }],
      label: "Receita Federal, release 2025-06; CEIS de 10/06/2025",
    });
  });

  it("keeps a cached answer's original source", async () => {
    const again = await verify(t, ACME);
    const rows = await t.services.database.query(
      `select module, cached_at is not null as cached, source from module_runs where collection_id = $1 order by module`,
      [again.id],
    );
    const byModule = Object.fromEntries(rows.rows.map((r) => [r.module as string, r]));
    expect(byModule.profile).toMatchObject({ cached: true, source: { provider: "receita", release: "2025-06" } });
    expect(byModule.lawsuits).toMatchObject({ cached: true, source: { provider: "sandbox" } });
    expect(byModule.ownersLawsuits).toMatchObject({ cached: true, source: { provider: "sandbox", partiesFrom: "receita" } });
  });

  it("answers 404 for another workspace's enrichment or case, and for an id that is none", async () => {
    const e = await enrich(t, ACME, "prf_company_registry");
    const other = await t.createWorkspace();
    const res = await t.request({ method: "GET", url: `/api/review/v1/enrichments/${e.id}`, token: other.tokens.viewer });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    const bad = await t.request({ method: "GET", url: `/api/review/v1/enrichments/not-an-id`, token: t.workspace.tokens.viewer });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.code).toBe("not_found");
  });
});

describe("the registry with the sandbox off (the default with a real provider)", () => {
  let t: TestService;
  let dir: string;
  const sandbox = countingSandbox();
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "lupa-sources-off-"));
    t = await startService({ env: { LUPA_PROVIDERS: REGISTRY }, provider: sandbox.provider });
    await loadRegistry(t, dir);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it("runs no module without a real source, scores none of them, and names them unavailable", async () => {
    expect(t.config.sandbox).toBe(false);
    const v = await verify(t, ACME);
    expect(v.status).toBe("COMPLETED");
    expect(sandbox.asked).toEqual([]);
    const runs = await t.services.database.query(`select module from module_runs where collection_id = $1 order by module`, [v.id]);
    expect(runs.rows.map((r) => r.module)).toEqual(["profile", "related"]);
    // what scores comes from the registry's modules only
    const scored = (v.result.scoreDistribution as { module: string }[]).map((d) => d.module);
    expect(scored.filter((m) => m !== "profile" && m !== "related")).toEqual([]);
    expect(v.result.rules.filter((r: string) => /lawsuit|finance|income|debt|protest/.test(r))).toEqual([]);
    const sources = await caseSources(t, v.id);
    for (const module of ["finance", "lawsuits", "ownersLawsuits"])
      expect(sources[module]).toMatchObject({ provider: null, state: "unavailable", label: "Indisponível: sem fonte configurada" });
    expect(sources.profile).toMatchObject({ provider: "receita", state: "answered" });
    const text = await pdfText(t, dir, v.id);
    expect(text).toMatch(/Processos dos sócios\s+Indisponível: sem fonte configurada/);
    expect(text).toMatch(/Cadastro da empresa\s+Fonte: Receita Federal, release 2025-06/);
  });

  it("completes an enrichment with the modules that have a source, and fails one whose profile has none", async () => {
    const e = await enrich(t, ACME, "prf_company_complete");
    expect(e.status).toBe("COMPLETED");
    expect(Object.keys(e.modules).sort()).toEqual(["profile", "related"]);
    const network = await t.request({
      method: "GET",
      url: `/api/v3/enrichments/${e.id}/modules/lawsuits/network`,
      token: t.workspace.tokens.analyst,
    });
    expect(network.json()).toMatchObject({ status: "skipped", reason: "lawsuits_disabled" });
    const person = await enrich(t, "52998224725", "prf_person_registry");
    expect(person).toMatchObject({ status: "FAILED", failureReason: "source_not_configured" });
    expect(sandbox.asked).toEqual([]);
  });
});
