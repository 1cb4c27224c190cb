import type { Page } from "@playwright/test";
import { createEnrichment } from "./support/enrichments";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { expectNoSeriousA11yViolations } from "./support/axe";

// The enrichment detail as a page, not a dump (issue 29, item 3): each module in the case page's
// sections (the profile as fields, lawsuits and related parties as lists with "Ver todos", finance
// as figures), the raw JSON behind "Ver dados brutos"; no table wider than its box at 1280 px, and
// at 420 px cards instead of tables, the list's included. Screenshots: /tmp/enrichment-page-*.png.

const COMPANY = "11222333000181"; // a sandbox company with 22 lawsuits, 1 partner
const PERSON = "52998224725";

/** Tables wider than the box they sit in (the dump's 14 columns were cut or squeezed). */
function overflowingTables(page: Page): Promise<string[]> {
  return page.locator("table").evaluateAll((tables) =>
    tables.flatMap((table) => {
      const box = table.parentElement!;
      const wide = table.getBoundingClientRect().width > box.clientWidth + 1 || box.scrollWidth > box.clientWidth + 1;
      return wide ? [`${table.closest("section")?.getAttribute("data-title") ?? "?"}: ${table.scrollWidth} > ${box.clientWidth}`] : [];
    }),
  );
}

async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("a company's enrichment reads as the case page: sections, lists with Ver todos, figures, the raw JSON behind its button", async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const id = await createEnrichment(api.request, api, COMPANY, "prf_company_complete");
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/enrichments/${id}`);
  await expect(page.getByTestId("enrichment-detail")).toHaveAttribute("data-status", "COMPLETED");
  const detail = page.getByTestId("enrichment-detail");
  // the case page's sections, one region per module
  await expect(detail.getByTestId("company-profile")).toBeVisible();
  await expect(detail.getByTestId("company-profile").getByTestId("partner")).toHaveCount(1);
  // the datasets have no profile indicators (a case's dossier computes them): no empty block
  await expect(detail.getByTestId("company-profile")).not.toContainText("Nenhum indicador informado");
  await expect(detail.getByTestId("contacts-section")).toBeVisible();
  await expect(detail.getByTestId("finance-section")).toBeVisible();
  await expect(detail.getByTestId("finance-section")).toContainText("Regularidade do FGTS");
  const lawsuits = detail.getByTestId("lawsuits-section");
  await expect(lawsuits.getByTestId("lawsuit")).toHaveCount(10);
  await expect(lawsuits.getByTestId("lawsuits-more")).toContainText("Ver todos (22)");
  await lawsuits.getByRole("button", { name: "Ver todos (22)" }).click();
  await expect(lawsuits.getByTestId("lawsuit")).toHaveCount(22);
  await expect(detail.getByTestId("owner-lawsuits-section")).toHaveCount(1);
  await expect(detail.getByTestId("related-section")).toBeVisible();
  await expect(detail.getByTestId("enrichment-rules")).toContainText("Tem processos: acionada");
  for (const module of ["profile", "finance", "lawsuits", "ownersLawsuits", "related"])
    await expect(detail.locator(`[data-testid=module-data][data-module=${module}]`)).toHaveCount(1);
  // no generic dump left, and the dataset named in words
  await expect(detail.getByTestId("module-generic")).toHaveCount(0);
  await expect(detail.getByTestId("module-states")).toContainText("Cadastro de pessoa jurídica, versão 2.0");
  await expect(detail).not.toContainText("company-profile-2.0");

  // the raw JSON: behind "Ver dados brutos", a button the keyboard opens and closes
  const toggle = page.getByRole("button", { name: "Ver dados brutos" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("raw-json")).toHaveCount(0);
  await expect(detail).not.toContainText('"dataset"');
  await toggle.focus();
  await page.keyboard.press("Enter");
  const open = page.getByRole("button", { name: "Ocultar dados brutos" });
  await expect(open).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("raw-json")).toHaveCount(5);
  await expect(page.locator("[data-testid=raw-data] [data-module=profile] pre")).toContainText('"dataset": "company-profile-2.0"');
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("raw-json")).toHaveCount(0);

  expect(await overflowingTables(page)).toEqual([]);
  await expectFits(page, 1280);
  await expectNoSeriousA11yViolations(page, "enrichment detail at 1280 px");
  const height1280 = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: "/tmp/enrichment-page-company-1280.png", fullPage: true });

  await page.setViewportSize({ width: 420, height: 900 });
  await expect(detail.getByTestId("company-profile").getByTestId("partner")).toHaveCount(1);
  await expect(page.locator("table")).toHaveCount(0);
  await expectFits(page, 420);
  await expectNoSeriousA11yViolations(page, "enrichment detail at 420 px");
  await page.screenshot({ path: "/tmp/enrichment-page-company-420.png", fullPage: true });
  test.info().annotations.push({ type: "height", description: `detail at 1280 px: ${height1280} px` });
});

test("a person's enrichment: profile fields, contacts, finance figures and related parties; at 420 px no table, the list as cards", async ({
  page,
  api,
}) => {
  test.setTimeout(120_000);
  const id = await createEnrichment(api.request, api, PERSON, "prf_person_complete");
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, `/enrichments/${id}`);
  const detail = page.getByTestId("enrichment-detail");
  await expect(detail).toHaveAttribute("data-status", "COMPLETED");
  const profile = detail.getByTestId("person-profile");
  await expect(profile.getByTestId("profile-name")).not.toHaveText("—");
  await expect(profile.getByTestId("profile-fiscal-status")).toContainText("Regular");
  await expect(profile.getByTestId("profile-mother-name")).not.toHaveText("—");
  await expect(detail.getByTestId("contacts-section").getByTestId("address").first()).toBeVisible();
  await expect(detail.getByTestId("finance-section")).toContainText("Renda estimada");
  await expect(detail.getByTestId("related-section").getByTestId("related-party").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Ver dados brutos" })).toHaveAttribute("aria-expanded", "false");
  expect(await overflowingTables(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/enrichment-page-person-1280.png", fullPage: true });

  await page.setViewportSize({ width: 420, height: 900 });
  await expect(profile.getByTestId("profile-name")).toBeVisible();
  await expect(page.locator("table")).toHaveCount(0);
  await expectFits(page, 420);
  await page.screenshot({ path: "/tmp/enrichment-page-person-420.png", fullPage: true });

  // the list: a table that fits at 1280 px, cards at 420 px
  await gotoHydrated(page, "/enrichments");
  await expect(page.getByTestId("enrichments-cards")).toBeVisible();
  await expect(page.getByTestId("enrichment-row").first()).toBeVisible();
  await expect(page.locator("table")).toHaveCount(0);
  await expectFits(page, 420);
  await page.screenshot({ path: "/tmp/enrichment-page-list-420.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("enrichments-table")).toBeVisible();
  expect(await overflowingTables(page)).toEqual([]);
  await expect(page.getByRole("heading", { level: 1, name: "Enriquecimentos" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("v3");
});
