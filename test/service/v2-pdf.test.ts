// GET /api/v2/verifications/{id}/pdf (spec 4.2; contents in docs/decisions.md, "PDF report"):
// the bytes are a PDF whose text (read back with pdftotext) carries the header, status, score,
// sections, AI summary, feedback history, restrictive-list status and page numbers; roles,
// isolation and every error.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { formatDocument, maskDocument } from "../../lib/contract/documents";
import { ruleLabel } from "../../lib/contract/labels";
import { blacklistEntries, verificationFeedbacks, workspaces } from "../../server/db/schema";

const PERSON = sandboxDocumentFor("large_network", "person")!.document;
const COMPANY = sandboxDocumentFor("large_network", "company")!.document;
const dir = mkdtempSync(path.join(tmpdir(), "lupa-pdf-"));

let t: TestService;
let workspaceName: string;
beforeAll(async () => {
  t = await startService();
  workspaceName = "Financeira Conceição – Prevenção";
  await t.services.db
    .update(workspaces)
    .set({ name: workspaceName })
    .where(sql`id = ${t.workspace.id}`);
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pdf = (id: string, token = t.workspace.tokens.analyst) => t.request({ method: "GET", url: `/api/v2/verifications/${id}/pdf`, token });
const get = (id: string) => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: t.workspace.tokens.analyst });
async function completed(body: Record<string, unknown>) {
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: t.workspace.tokens.analyst,
    body: { verifications: {}, ...body },
  });
  expect(res.statusCode).toBe(201);
  return eventually(
    () => get(res.json().id).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );
}

function textOf(bytes: Buffer): { text: string; pages: number } {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  return { text, pages };
}

describe("GET /api/v2/verifications/{id}/pdf", () => {
  let person: {
    id: string;
    name: string;
    status: string;
    result: { score: number; rules: string[] };
    person: { profile: { birthDate: string }; lawsuits: { items: { number: string }[] }; related: { personal: { document: string }[] } };
  };
  let report: { text: string; pages: number };
  beforeAll(async () => {
    person = await completed({
      nationalId: PERSON,
      profileId: "prf_kyc_person",
      input: [{ attribute: "nascimento", value: "01/01/1901" }],
    });
    expect(person.status).toBe("COMPLETED");
    // the AI summary is made at completion (the profile has AI)
    expect(
      (await t.request({ method: "GET", url: `/api/v2/verifications/${person.id}/ai-summary`, token: t.workspace.tokens.viewer }))
        .statusCode,
    ).toBe(200);
    const older = new Date(Date.now() - 60_000);
    await t.services.db.insert(verificationFeedbacks).values([
      {
        id: randomUUID(),
        workspaceId: t.workspace.id,
        verificationId: person.id,
        status: "STANDBY",
        comment: "Aguardando comprovação de endereço",
        reasons: ["documentação"],
        userId: t.workspace.users.analyst.id,
        createdAt: older,
      },
      {
        id: randomUUID(),
        workspaceId: t.workspace.id,
        verificationId: person.id,
        status: "APPROVED",
        comment: "Aprovação após análise",
        reasons: [],
        userId: t.workspace.users.admin.id,
        createdAt: new Date(),
      },
    ]);
    const res = await pdf(person.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    report = textOf(res.rawPayload);
  }, 180_000);

  it("has a header with workspace, holder name and masked document, never the document itself", () => {
    expect(report.text).toContain(workspaceName);
    expect(report.text).toContain(person.name);
    expect(report.text).toContain(`CPF ${maskDocument(PERSON)}`);
    expect(report.text).not.toContain(PERSON);
    expect(report.text).not.toContain(formatDocument(PERSON));
    for (const party of person.person.related.personal) expect(report.text).not.toContain(party.document);
  });

  it("keeps pt-BR accents (ção, ã, é) through the standard fonts", () => {
    expect(report.text).toContain("Relatório de verificação");
    expect(report.text).toContain("Situação cadastral");
    expect(report.text).toContain("Conceição");
  });

  it("shows status, score, band, distribution bars' modules and the rules that fired", () => {
    // the status and the decisions in the console's words (issue 20): no code beside them, "Aprovada" as the console says
    expect(report.text).toMatch(/Status\s+Concluída/);
    expect(report.text).not.toContain("(COMPLETED)");
    expect(report.text).toContain(String(person.result.score));
    expect(report.text).toMatch(/Faixa: (baixo|médio|alto) risco/);
    expect(report.text).toContain("Distribuição da dedução por módulo");
    expect(report.text).toContain("Regras acionadas");
    // each rule by its title, never its code (issue 29)
    for (const rule of person.result.rules) {
      expect(report.text).toContain(ruleLabel(rule));
      expect(report.text).not.toContain(rule);
    }
  });

  it("has every dossier section with pt-BR formats", () => {
    for (const title of ["Cadastro", "Contatos", "Financeiro", "Processos judiciais", "Relacionados", "Rede de processos"])
      expect(report.text).toContain(title);
    const [y, m, d] = person.person.profile.birthDate.split("-");
    expect(report.text).toContain(`${d}/${m}/${y}`);
    expect(report.text).toMatch(/R\$\s\d{1,3}(\.\d{3})*,\d{2}/);
    expect(report.text).toContain(person.person.lawsuits.items[0].number);
  });

  it("lists the registry's fields in the contract's order, not in the order the database keeps the keys", () => {
    // jsonb gives `age` back before `name`: the report read the stored keys' order (Idade first)
    const registry = report.text.slice(report.text.indexOf("Cadastro"), report.text.indexOf("Contatos"));
    expect(registry.indexOf("Nome")).toBeGreaterThan(0);
    expect(registry.indexOf("Idade")).toBeGreaterThan(registry.indexOf("Nome"));
  });

  it("has the AI summary, the declared data check, the feedback history (newest first) and the restrictive-list status", () => {
    expect(report.text).toContain("Resumo da IA");
    expect(report.text).toMatch(/Recomendação: (aprovar|revisar|reprovar)/);
    expect(report.text).toContain("lupa-regras-1");
    expect(report.text).toContain("Dados declarados");
    expect(report.text).toContain("01/01/1901");
    expect(report.text).toContain("Histórico de decisões");
    const approved = report.text.indexOf("Aprovação após");
    const standby = report.text.indexOf("Aguardando comprovação");
    expect(approved).toBeGreaterThan(0);
    expect(standby).toBeGreaterThan(approved);
    expect(report.text).toContain("Aprovada");
    expect(report.text).toContain("Em espera");
    expect(report.text).not.toContain("Aprovado");
    expect(report.text).toContain(t.workspace.users.analyst.email);
    expect(report.text).toContain("Lista restritiva");
    expect(report.text).toContain("O documento não consta na lista restritiva do workspace.");
  });

  it("labels the text an external model wrote as generated, and only that text", async () => {
    expect(report.text).not.toContain("Texto gerado por IA");
    const modelWrote = await completed({ nationalId: PERSON, profileId: "prf_kyc_person" });
    await t.services.db.execute(
      sql`update verification_summaries set summary = summary || '{"provider": "openai-compatible", "model": "modelo-externo-7b"}'::jsonb where verification_id = ${modelWrote.id}`,
    );
    const { text } = textOf((await pdf(modelWrote.id)).rawPayload);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Texto gerado por IA (modelo-externo-7b): o parágrafo e os destaques foram escritos por um modelo de linguagem");
    expect(flat.indexOf("Texto gerado por IA")).toBeLessThan(flat.indexOf("Pontos de atenção"));
  });

  it("numbers every page and says when it was generated", () => {
    expect(report.pages).toBeGreaterThan(1);
    for (let n = 1; n <= report.pages; n++) expect(report.text).toContain(`Página ${n} de ${report.pages}`);
    expect(report.text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4}/);
  });

  it("reports a company with its partners and their lawsuits, and a verification without AI summary", async () => {
    const company = await completed({ nationalId: COMPANY, profileId: "prf_kyb_company", verifications: { ia: { resume: false } } });
    const { text } = textOf((await pdf(company.id)).rawPayload);
    expect(text).toContain(`CNPJ ${maskDocument(COMPANY)}`);
    expect(text).not.toContain(COMPANY);
    expect(text).toContain("Quadro societário");
    expect(text).toContain("Processos dos sócios");
    expect(text).toContain("Nenhum resumo da IA foi gerado para esta verificação.");
    expect(text).toContain("Nenhuma decisão registrada");
  });

  it("shows the document's entry on the workspace's restrictive list now, and what the dossier recorded", async () => {
    const listed = await completed({ nationalId: PERSON, profileId: "prf_kyc_person" });
    const before = textOf((await pdf(listed.id)).rawPayload).text;
    expect(before).toContain("O documento não consta na lista restritiva do workspace.");
    await t.services.db.insert(blacklistEntries).values({
      id: randomUUID(),
      workspaceId: t.workspace.id,
      nationalId: PERSON,
      entity: "person",
      reason: "Fraude documental confirmada",
      createdBy: t.workspace.users.analyst.id,
    });
    const { text } = textOf((await pdf(listed.id)).rawPayload);
    expect(text).toContain("O documento consta na lista restritiva do workspace.");
    expect(text).toContain("Fraude documental confirmada");
    const section = text.slice(text.indexOf("Lista restritiva"), text.indexOf("Histórico de decisões"));
    expect(section).toContain("Ao concluir");
    expect(section).toContain("Não constava");
    // another workspace's entry for the same document does not count
    const other = await t.createWorkspace();
    const theirs = await completed({ nationalId: COMPANY, profileId: "prf_kyb_company" });
    await t.services.db.insert(blacklistEntries).values({
      id: randomUUID(),
      workspaceId: other.id,
      nationalId: COMPANY,
      entity: "company",
      reason: "Outro workspace",
      createdBy: other.users.admin.id,
    });
    expect(textOf((await pdf(theirs.id)).rawPayload).text).toContain("O documento não consta na lista restritiva do workspace.");
    // an expired entry no longer counts
    await t.services.db.insert(blacklistEntries).values({
      id: randomUUID(),
      workspaceId: t.workspace.id,
      nationalId: COMPANY,
      entity: "company",
      reason: "Expirado",
      createdBy: t.workspace.users.admin.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(textOf((await pdf(theirs.id)).rawPayload).text).toContain("O documento não consta na lista restritiva do workspace.");
  });

  it("answers every role that reads verifications", async () => {
    for (const role of ["admin", "analyst", "viewer", "integration"] as const) {
      const res = await pdf(person.id, t.workspace.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
    }
  });

  it("400 {error} for an id that is not a UUID, 404 for an unknown id or another workspace's, 401 without token", async () => {
    const bad = await pdf("12345");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    const unknown = await pdf(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "verification not found" });
    const other = await t.createWorkspace();
    for (const role of ["admin", "viewer"] as const) {
      const res = await pdf(person.id, other.tokens[role]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "verification not found" });
    }
    expect((await pdf(person.id, "")).statusCode).toBe(401);
  });

  it("500 {error} when the report cannot be generated (a stored summary that does not read as one)", async () => {
    const broken = await completed({ nationalId: PERSON, profileId: "prf_kyc_person" });
    await t.services.db.execute(
      sql`update verification_summaries set summary = '{"verdict": "MAYBE"}'::jsonb where verification_id = ${broken.id}`,
    );
    const res = await pdf(broken.id);
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: expect.stringMatching(/PDF report could not be generated/) });
  });
});
