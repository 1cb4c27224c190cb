import type { Page } from "@playwright/test";
import { makeCnpj, makeCpf } from "../lib/contract/documents";
import { AUTH_DIR } from "./support/env";
import { createEnrichment } from "./support/enrichments";
import { expect, gotoCase, gotoHydrated, test } from "./support/fixtures";

// One label set, enforced (issue 29, item 4): a walk over the main pages at 1280 px (a person's and
// a company's case, an enrichment, the list, the overview, the audit log, the restrictive list,
// the enrichments, the rules and a rule set version) that reads what a person sees and fails on a code shown as it is: a snake_case
// token, an English word of a closed list, a bare number of four digits or more over 999 (no
// thousands separator: "760 de 1000") or a count of 1 with a plural noun ("1 sócios").

/** Words the console showed in English (issue 29): dossier tables, the CNH and face sections, Receita's fields, booleans. */
const ENGLISH = [
  "PROGRAMS",
  "Programs",
  "Active",
  "Inactive",
  "Ended At",
  "Started At",
  "Expired",
  "Category",
  "Comparison",
  "Expiry Date",
  "Registration Number",
  "Similarity",
  "Threshold",
  "Face Detected",
  "Special status",
  "Age band",
  "Identification",
  "Legal representative",
  "Opted",
  "Until",
  "true",
  "false",
  "null",
  "undefined",
  "Yes",
  "None",
  "Unknown",
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}\\d_-])(${ENGLISH.map((w) => w.replace(/ /g, "\\s+")).join("|")})(?![\\p{L}\\d_-])`, "u");
const SNAKE_CASE = /(?<![\p{L}\d@./-])[A-Za-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\p{L}\d@.-])/u;
/** A number of 4+ digits standing alone (not part of a date, a time, a document, a CEP or a phone), over 999; years (1900-2099) pass. */
const BARE_NUMBER = /(?<![\p{L}\d.,/:*()#-])\d{4,}(?![\p{L}\d.,/:*%-])/gu;
/** Nouns in -s that are singular ("1 mês"). */
const SINGULAR_IN_S = new Set(["mês", "país", "lápis", "ônibus", "vírus", "simples", "tênis", "pires", "atlas", "óculos"]);
const ONE_PLURAL = /(?<![\p{L}\d.,/-])1\s+(\p{L}+)/gu;

/**
 * Identifiers (enr_…, bat_… with a hex tail) are shown as they are, like a UUID: not codes to translate.
 * So is an API key's prefix (lupa_sk_ and 8 characters; issue 34), in the audit trail's rows.
 */
const IDENTIFIER = /\b[a-z]{2,4}_[0-9a-f]{16,}\b|\blupa_sk_[A-Za-z0-9_-]{8}/g;
/** An address's house number ("Rua Tiradentes, 1876") is written without a separator. */
const ADDRESS = /\b(Rua|Avenida|Av\.|Alameda|Travessa|Praça|Rodovia|Estrada|Largo)\b|\d{5}-\d{3}/;

function findings(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(IDENTIFIER, "<id>");
    const snake = SNAKE_CASE.exec(line);
    if (snake) found.push(`snake_case "${snake[0]}" in: ${line.trim().slice(0, 120)}`);
    const english = ENGLISH_WORD.exec(line);
    if (english) found.push(`English "${english[0]}" in: ${line.trim().slice(0, 120)}`);
    for (const m of ADDRESS.test(line) ? [] : line.matchAll(BARE_NUMBER)) {
      const n = Number(m[0]);
      // a phone number (8 digits or more) is not a count
      if (m[0].length >= 8) continue;
      if (m[0].length === 4 && n >= 1900 && n <= 2099) continue;
      if (n > 999) found.push(`bare number "${m[0]}" in: ${line.trim().slice(0, 120)}`);
    }
    for (const m of line.matchAll(ONE_PLURAL)) {
      const noun = m[1]!;
      const lower = noun.toLocaleLowerCase("pt-BR");
      if (SINGULAR_IN_S.has(lower) || !/(s|ões|ães)$/.test(lower) || noun.length < 3) continue;
      if (/^(mais|menos|dos|das|nos|nas|pelos|pelas|os|as|às|aos)$/.test(lower)) continue;
      found.push(`"1 ${noun}" in: ${line.trim().slice(0, 120)}`);
    }
  }
  return found;
}

/** Scrolls to the end in steps, so sections that load when visible load, then reads the page's text. */
async function readPage(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (let i = 0; i < 40; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, 800);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (done) break;
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await expect(page.locator("[aria-busy=true]"))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => undefined);
  return page.locator("body").innerText();
}

const ONE_PARTNER_COMPANY = makeCnpj("20023757" + "0001");

test.use({ storageState: `${AUTH_DIR}/admin.json` });

test("the main pages show no raw code, English word, unseparated thousand or '1 <plural>' at 1280 px", async ({ page, api }) => {
  test.setTimeout(360_000);
  const person = await api.createVerification(makeCpf("003000008"), { profileId: await api.verificationProfileId("person") });
  // a sandbox company with one partner and no partners' lawsuits: its summary read "Nenhum dos 1 sócios tem processos."
  const cnpj = ONE_PARTNER_COMPANY;
  const company = await api.createVerification(cnpj, { profileId: await api.verificationProfileId("company") });
  for (const id of [person.id, company.id]) expect((await api.waitUntilTerminal(id)).status).toBe("COMPLETED");
  const enrichment = await createEnrichment(api.request, api, cnpj, "prf_company_complete");
  const personEnrichment = await createEnrichment(api.request, api, makeCpf("003000008"), "prf_person_complete");

  const report: string[] = [];
  const walk = async (name: string, open: () => Promise<void>) => {
    await open();
    for (const f of findings(await readPage(page))) report.push(`${name}: ${f}`);
    if (process.env.LUPA_E2E_SHOTS)
      await page.screenshot({ path: `${process.env.LUPA_E2E_SHOTS}-${name.replace(/\W+/g, "-")}.png`, fullPage: true });
  };
  await walk("person case", () => gotoCase(page, person.id));
  await walk("company case", () => gotoCase(page, company.id));
  for (const [name, id] of [
    ["company enrichment", enrichment],
    ["person enrichment", personEnrichment],
  ] as const)
    await walk(name, async () => {
      await gotoHydrated(page, `/enrichments/${id}`);
      await expect(page.getByTestId("enrichment-detail")).toHaveAttribute("data-status", "COMPLETED", { timeout: 30_000 });
    });
  await walk("list", async () => {
    await gotoHydrated(page, "/verifications");
    await expect(page.locator("tbody tr").first()).toBeVisible();
  });
  await walk("enrichments", async () => {
    await gotoHydrated(page, "/enrichments");
    await expect(page.locator("tbody tr").first()).toBeVisible();
  });
  await walk("overview", () => gotoHydrated(page, "/overview"));
  await walk("alerts", async () => {
    await gotoHydrated(page, "/alerts?state=dismissed");
    await expect(page.getByTestId("alerts-list").or(page.getByTestId("alerts-empty"))).toBeVisible();
  });
  await walk("audit", async () => {
    await gotoHydrated(page, "/audit");
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
  });
  await walk("restrictive list", () => gotoHydrated(page, "/restrictive-list"));
  await walk("rules", async () => {
    await gotoHydrated(page, "/rules");
    await expect(page.getByTestId("rules-versions")).toBeVisible();
  });
  await walk("rule set version", async () => {
    await page.getByTestId("rules-versions").locator("li").first().getByRole("link").click();
    await expect(page.getByTestId("rule-row").first()).toBeVisible();
  });
  test.info().annotations.push({ type: "findings", description: String(report.length) });
  expect(report, report.join("\n")).toEqual([]);
});

test("the walk's checks find what they look for", () => {
  expect(findings("Pontuação 760 de 1000")).toHaveLength(1);
  expect(findings("Pontuação 760 de 1.000")).toHaveLength(0);
  expect(findings("1 sócios")).toHaveLength(1);
  expect(findings("api-key:lupa_sk_dk-q9FhR · ERP · lupa_sk_dk-q9FhR…")).toHaveLength(0);
  expect(findings("1 sócio · 2 sócios · 1 mês")).toHaveLength(0);
  expect(findings("Regra has_lawsuits")).toHaveLength(1);
  expect(findings("analyst@lupa.local · company-profile-2.0 · 05/12/2026 10:30 · 01310-100 · desde 2019")).toHaveLength(0);
  expect(findings("PROGRAMS")).toHaveLength(1);
  expect(findings("Ended At")).toHaveLength(1);
  expect(findings("Ativa · Programas")).toHaveLength(0);
  expect(findings("Pessoa jurídica · enr_a60cb04e79cac26eb6576198 · Rua Tiradentes, 1876 – Centro")).toHaveLength(0);
  expect(findings("Identificação Name_and_masked_cpf")).toHaveLength(1);
});
