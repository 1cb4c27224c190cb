import type { Locator, Page } from "@playwright/test";
import { AUTH_DIR } from "./support/env";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { makeCnpj } from "@/lib/contract/documents";
import { HUGE_COMPANY } from "./support/enrichments";
import { expect, gotoCase, test } from "./support/fixtures";

// A long case at 1280 px (issue 20): the huge_network sandbox company has hundreds of related
// parties. Long sections show their first 10 rows with a count, a filter and "Ver todos"; a table
// of contents follows the scroll. A related party's name leads to its case, or offers to start
// one; its full document never reaches the browser.

test.describe.configure({ mode: "serial" });

let caseId: string;
let relatedDocuments: string[];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000);
  const { LupaApi } = await import("./support/api");
  const { API_URL } = await import("./support/env");
  const request = await playwright.request.newContext({ baseURL: API_URL });
  const api = new LupaApi(request);
  const created = await api.createVerification(HUGE_COMPANY, { profileId: await api.verificationProfileId("company") });
  expect((await api.waitUntilTerminal(created.id, 120_000)).status).toBe("COMPLETED");
  caseId = created.id;
  // every full CPF/CNPJ in the record's related block, as the service holds them
  const record = JSON.stringify(await api.getVerification(created.id));
  relatedDocuments = [...new Set([...record.matchAll(/"document":"(\d{11}|\d{14})"/g)].map((m) => m[1]!))].filter(
    (d) => d !== HUGE_COMPANY,
  );
  expect(relatedDocuments.length).toBeGreaterThan(10);
  await request.dispose();
});

test("related parties: the first 10, a count, a filter and Ver todos", async ({ page }) => {
  test.setTimeout(150_000); // axe on a page this long takes a while on a busy machine
  await gotoCase(page, caseId);
  const section = page.getByTestId("related-section");
  const companies = section.getByTestId("related-companies");
  const total = Number((await companies.getByRole("heading").textContent())!.match(/\((\d+)\)/)![1]);
  expect(total).toBeGreaterThan(10);
  await expect(companies.getByTestId("related-party")).toHaveCount(10);
  await expect(companies.getByTestId("list-count")).toHaveText(`Mostrando 10 de ${total} empresas`);
  await companies.getByRole("button", { name: `Ver todos (${total})` }).click();
  await expect(companies.getByTestId("related-party")).toHaveCount(total);
  await companies.getByRole("button", { name: "Mostrar menos" }).click();
  await expect(companies.getByTestId("related-party")).toHaveCount(10);

  // the filter keeps the rows whose name holds the text, accents ignored
  const name = (await companies.getByTestId("related-party-open").first().textContent())!;
  const word = name.split(" ")[0]!;
  await section.getByLabel("Filtrar relacionados").fill(word.normalize("NFD").replace(/\p{Diacritic}/gu, ""));
  const kept = companies.getByTestId("related-party");
  expect(await kept.count()).toBeGreaterThan(0);
  expect(await kept.count()).toBeLessThan(total);
  for (const row of await kept.all()) await expect(row).toContainText(word);
  await expectNoSeriousA11yViolations(page, "case page, related parties filtered");
});

test("lawsuits: the first 10 with Ver todos; a link to a later one shows them all", async ({ page, api }) => {
  test.setTimeout(120_000);
  // a sandbox company with 24 lawsuits (deterministic: the sandbox derives them from the document)
  const created = await api.createVerification(makeCnpj("100004340001"), { profileId: await api.verificationProfileId("company") });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
  await gotoCase(page, created.id);
  const section = page.getByTestId("lawsuits-section");
  await expect(section.getByTestId("lawsuit")).toHaveCount(10);
  const more = section.getByTestId("lawsuits-more");
  await expect(more.getByTestId("list-count")).toHaveText("Mostrando 10 de 24 processos");
  await more.getByRole("button", { name: "Ver todos (24)" }).click();
  await expect(section.getByTestId("lawsuit")).toHaveCount(24);
  const last = (await section.getByTestId("lawsuit-number").last().textContent())!;
  await more.getByRole("button", { name: "Mostrar menos" }).click();
  await expect(section.getByTestId("lawsuit")).toHaveCount(10);

  await page.goto(`/verifications/${created.id}#processo-${last}`);
  await expect(page.locator(`[id="processo-${last}"]`)).toBeInViewport();
});

test("a table of contents follows the scroll", async ({ page }) => {
  await gotoCase(page, caseId);
  const toc = page.getByRole("navigation", { name: "Nesta página" });
  await expect(toc).toBeVisible();
  await expect(toc.getByRole("link", { name: "Pessoas e empresas relacionadas" })).toBeVisible();
  await expect(toc.getByRole("link", { name: "Perfil da empresa" })).toHaveAttribute("aria-current", "location");
  await toc.getByRole("link", { name: "Pessoas e empresas relacionadas" }).click();
  await expect(page).toHaveURL(/#relacionados$/);
  await expect(toc.getByRole("link", { name: "Pessoas e empresas relacionadas" })).toHaveAttribute("aria-current", "location");
  await expect(toc.getByRole("link", { name: "Perfil da empresa" })).not.toHaveAttribute("aria-current", "location");
  // the table stays on screen while the page scrolls past where it sits: from the top, to 600 px
  // below its own place (inside the long dossier; a fixed 4,000 px from #relacionados sometimes
  // ran past the dossier's grid, where a sticky table rightly leaves with its column)
  await expect(toc).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  const place = await toc.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y), place + 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(place);
  await expect(toc).toBeInViewport();
});

test("the browser never gets a related party's full document", async ({ page }) => {
  await gotoCase(page, caseId);
  const detail = await page.request.get(`/bff/verifications/${caseId}`);
  expect(detail.status()).toBe(200);
  const body = await detail.text();
  for (const document of relatedDocuments) expect(body, "a related party's full document in the case's BFF answer").not.toContain(document);
  const html = await page.content();
  for (const document of relatedDocuments) expect(html).not.toContain(document);
});

test("the related-party route: lookup by key, and its errors", async ({ page }) => {
  await gotoCase(page, caseId);
  const key = (await page.getByTestId("related-party").first().getAttribute("data-key"))!;
  const found = await page.request.get(`/bff/verifications/${caseId}/related/${key}`);
  expect(found.status()).toBe(200);
  const answer = (await found.json()) as Record<string, unknown>;
  expect(Object.keys(answer).sort()).toEqual(["entity", "verificationId"]);

  for (const bad of ["nope", "personal-99999", "ownerships-x"]) {
    const missing = await page.request.get(`/bff/verifications/${caseId}/related/${bad}`);
    expect(missing.status(), bad).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
  }
  const origin = new URL(page.url()).origin;
  const invalidKind = await page.request.post(`/bff/verifications/${caseId}/related/${key}`, {
    headers: { origin },
    data: { kind: "batch", submissionKey: "12345678-aaaa" },
  });
  expect(invalidKind.status()).toBe(400);
  expect(((await invalidKind.json()) as { error: { code: string } }).error.code).toBe("invalid_kind");
  const invalidKey = await page.request.post(`/bff/verifications/${caseId}/related/${key}`, {
    headers: { origin },
    data: { kind: "verification", submissionKey: "x" },
  });
  expect(invalidKey.status()).toBe(400);
  expect(((await invalidKey.json()) as { error: { code: string } }).error.code).toBe("invalid_submission_key");
  const crossSite = await page.request.post(`/bff/verifications/${caseId}/related/${key}`, {
    headers: { origin: "http://elsewhere.invalid" },
    data: { kind: "verification", submissionKey: "12345678-aaaa" },
  });
  expect(crossSite.status()).toBe(403);
});

/** The first related person shown whose document has no case in the workspace (asked through the BFF). */
async function personWithoutCase(page: Page): Promise<Locator> {
  const rows = page.getByTestId("related-persons").getByTestId("related-party");
  for (const row of await rows.all()) {
    if ((await row.getByTestId("related-party-open").count()) === 0) continue; // a masked CPF: no lookup
    const key = (await row.getAttribute("data-key"))!;
    const answer = (await (await page.request.get(`/bff/verifications/${caseId}/related/${key}`)).json()) as {
      verificationId: string | null;
    };
    if (answer.verificationId === null) return page.locator(`[data-testid=related-party][data-key="${key}"]`);
  }
  throw new Error("every related person shown already has a case");
}

test("a related person with no case: start a verification, then the name opens it", async ({ page }) => {
  test.setTimeout(120_000);
  await gotoCase(page, caseId);
  const party = await personWithoutCase(page);
  const key = (await party.getAttribute("data-key"))!;
  const masked = (await party.locator("p").first().textContent())!.split(" · ")[0]!;
  await party.getByTestId("related-party-open").click();
  const panel = party.getByTestId("related-party-panel");
  await expect(panel).toContainText("Nenhuma verificação deste documento neste workspace.");
  await expect(panel.getByRole("button", { name: "Iniciar enriquecimento" })).toBeVisible();
  await panel.getByRole("button", { name: "Iniciar verificação" }).click();
  await expect(page).toHaveURL((url) => /^\/verifications\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(caseId), {
    timeout: 45_000,
  });
  const opened = page.url().split("/").pop()!;
  await expect(page.getByTestId("verification-document")).toHaveText(masked);

  // back on the first case, the same name now opens the case just started
  await gotoCase(page, caseId);
  await page.locator(`[data-testid=related-party][data-key="${key}"]`).getByTestId("related-party-open").click();
  await expect(page).toHaveURL(new RegExp(`/verifications/${opened}$`));
});

test.describe("as a viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });
  test("a related person with no case offers nothing to start", async ({ page }) => {
    await gotoCase(page, caseId);
    const party = await personWithoutCase(page);
    await party.getByTestId("related-party-open").click();
    const panel = party.getByTestId("related-party-panel");
    await expect(panel).toContainText("Nenhuma verificação deste documento neste workspace.");
    await expect(panel.getByRole("button")).toHaveCount(0);
  });
});
