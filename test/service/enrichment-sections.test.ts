// The enrichment page's sections (issue 29, item 3) on the data of a real provider: the Receita's
// CNPJ open data (the test fixture's month, imported by the importer) and a CEIS list, served by
// the service to v3 enrichments. Each enrichment's data is masked as the console's BFF masks it and
// rendered by the page's own components (server-side, to HTML): the Receita's fields and the
// sanctions read in pt-BR (situação especial, faixa etária, identificação do sócio "Nome e CPF
// mascarado", representante legal, Simples Nacional and MEI), never as the English keys or codes
// the data has.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCnpj } from "../../server/registry/import-cnpj";
import { importSanctions } from "../../server/registry/sanctions";
import { maskDocument } from "../../lib/contract/documents";
import { maskDocumentsDeep } from "../../lib/enrichments/mask-data";
import { labelledFields, toEnrichmentSections } from "../../lib/enrichments/to-sections";
import { EnrichmentSectionsView } from "../../components/enrichments/enrichment-sections";
import { eventually, startService, type TestService } from "../support/harness";
import { ACME, HOLDING, MEI, releaseOne, writeReleaseFolder } from "../support/receita-fixture";
import { writeSanctionsZip } from "../support/sanctions-fixture";

type Data = Record<string, Record<string, unknown>>;

/** The page's text: the HTML without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("an enrichment of the Receita's data, as the page shows it", () => {
  let t: TestService;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "lupa-enrichment-sections-"));
    t = await startService({ env: { LUPA_PROVIDERS: "company-profile:receita,company-related:receita", LUPA_SANDBOX: "on" } });
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
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  /** The module data of a completed enrichment, masked as the BFF sends it to the browser. */
  async function enrich(document: string): Promise<Data> {
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: t.workspace.tokens.analyst,
      body: { document, profileId: "prf_company_complete" },
    });
    expect([200, 202]).toContain(res.statusCode);
    const done = await eventually(
      () =>
        t
          .request({ method: "GET", url: `/api/v3/enrichments/${res.json().id}?include=data`, token: t.workspace.tokens.analyst })
          .then((r) => r.json()),
      (e) => e.status === "COMPLETED" || e.status === "FAILED",
    );
    expect(done.status).toBe("COMPLETED");
    return maskDocumentsDeep(done.data) as Data;
  }

  const render = (data: Data) => textOf(renderToStaticMarkup(createElement(EnrichmentSectionsView, { data, document: null })));

  /** Words the dump showed: English labels split from the keys, and the codes as they are. */
  const RAW = [
    "Special status",
    "Age band",
    "Identification",
    "name_and_masked_cpf",
    "Legal representative",
    "Simples nacional",
    "Opted",
    "Until",
    "Agency",
    "Started at",
    "Ends at",
    "company-profile-2.0",
  ];

  it("names the partners' age band, identification and legal representative in pt-BR", async () => {
    const data = await enrich(ACME);
    const { company, sections } = toEnrichmentSections(data);
    expect([...sections].sort()).toEqual(["finance", "lawsuits", "ownersLawsuits", "profile", "related"]);
    // masked once, by the BFF (masking it again made "***************81")
    expect(company!.document).toBe(maskDocument(ACME));
    const joao = company!.partners.find((p) => p.name === "JOÃO PEREIRA LIMA")!;
    expect(joao.details?.map((d) => d.label)).toEqual(["Faixa etária", "Identificação do sócio", "Representante legal"]);
    expect(joao.details?.find((d) => d.label === "Faixa etária")?.value).toBe("13 a 20 anos");
    expect(joao.details?.find((d) => d.label === "Identificação do sócio")?.value).toBe("Nome e CPF mascarado");
    expect(joao.details?.find((d) => d.label === "Representante legal")?.value).toMatch(/^ANA PEREIRA LIMA · /);
    const holding = company!.partners.find((p) => p.name === "HOLDING PARTICIPAÇÕES LTDA")!;
    expect(holding.details?.find((d) => d.label === "Identificação do sócio")?.value).toBe("CNPJ");

    const text = render(data);
    expect(text).toContain("Perfil da empresa");
    expect(text).toContain("Quadro societário");
    expect(text).toContain("Identificação do sócio: Nome e CPF mascarado");
    expect(text).toContain("Faixa etária: ");
    expect(text).toContain("Representante legal: ANA PEREIRA LIMA");
    expect(text).toContain("Situação especial —");
    expect(text).toContain("Simples Nacional: optante Não");
    expect(text).toContain("MEI: optante Não");
    // the case page's sections, and the raw JSON behind its button only
    for (const title of ["Processos", "Pessoas e empresas relacionadas", "Finanças e restrições", "Regras avaliadas", "Ver dados brutos"])
      expect(text).toContain(title);
    expect(text).not.toContain('"dataset"');
    for (const raw of RAW) expect(text).not.toContain(raw);
  });

  it("shows a special status with its date", () => {
    expect(labelledFields({ specialStatus: { status: "EM RECUPERAÇÃO JUDICIAL", date: "2024-01-02" } })).toEqual([
      { key: "specialStatus", label: "Situação especial", value: "EM RECUPERAÇÃO JUDICIAL, desde 02/01/2024" },
    ]);
  });

  it("shows Simples Nacional and MEI as optante, desde, até", async () => {
    const { profileExtras } = toEnrichmentSections(await enrich(MEI));
    const extras = Object.fromEntries(profileExtras.map((f) => [f.label, f.value]));
    expect(extras).toMatchObject({
      "Simples Nacional: optante": "Sim",
      "Simples Nacional: desde": "01/06/2024",
      "Simples Nacional: até": "—",
      "MEI: optante": "Sim",
      "MEI: desde": "01/06/2024",
      "MEI: até": "—",
      "Regime tributário": "MEI",
    });
    for (const label of Object.keys(extras)) expect(label).not.toMatch(/[a-z][A-Z]|_|^[a-z]/);
    // as people read them: Simples Nacional, then MEI; optante, desde, até
    expect(profileExtras.map((f) => f.label).filter((l) => /^(Simples Nacional|MEI):/.test(l))).toEqual([
      "Simples Nacional: optante",
      "Simples Nacional: desde",
      "Simples Nacional: até",
      "MEI: optante",
      "MEI: desde",
      "MEI: até",
    ]);
  });

  it("shows the sanctions behind the service's restrictive list with pt-BR headers", async () => {
    const data = await enrich(HOLDING);
    const { company } = toEnrichmentSections(data);
    expect(company!.blacklisted?.service).toBe(true);
    expect(company!.blacklisted?.serviceListings).toEqual([
      expect.objectContaining({ list: "CEIS", agency: "MINISTÉRIO DA SAÚDE – DF", startedAt: "2024-01-10", endsAt: "2099-12-31" }),
    ]);
    const text = render(data);
    expect(text).toContain("Sanções em vigor (lista restritiva do serviço)");
    for (const header of ["Lista", "Sanção", "Órgão sancionador", "Período"]) expect(text).toContain(header);
    expect(text).toContain("10/01/2024 a 31/12/2099");
    for (const raw of RAW) expect(text).not.toContain(raw);
  });
});
