import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { HUGE_COMPANY, LARGE_PERSON, createEnrichment } from "./support/enrichments";
import { expect, gotoCase, gotoHydrated, test } from "./support/fixtures";

// The console at a phone's width (420 px, issue 20): the navigation is a "Menu" that works from the
// keyboard; a case opens on its header, flags, decision and score, with the dossier's sections after
// them, collapsed; the overview, the enrichment pages, the restrictive list and the network page do
// not scroll sideways; axe finds no serious issue. Full-page screenshots go to
// .test-output/mobile/ for a person to look at.

test.use({ viewport: { width: 420, height: 900 } });

const SHOTS = ".test-output/mobile";

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.inner).toBe(420);
  expect(widths.scroll, `${label} scrolls sideways`).toBeLessThanOrEqual(widths.inner);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the navigation is a menu, opened, walked and closed from the keyboard", async ({ page }) => {
  await gotoHydrated(page, "/overview");
  // the row of links is not there at 420 px (it was clipped); the Menu button is
  await expect(page.locator("header nav").first()).toBeHidden();
  const button = page.getByRole("button", { name: "Menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "Principal" });
  await expect(menu).toBeVisible();
  const links = menu.getByRole("link");
  // "Alertas" carries the open alerts' count when there are some (issue 32)
  await expect(links).toHaveText([
    "Visão geral",
    "Verificações",
    /^Alertas/,
    "Enriquecimentos",
    "Lista restritiva",
    "Regras",
    "Investigação",
  ]);
  await expect(menu.getByRole("link", { name: "Visão geral" })).toHaveAttribute("aria-current", "page");
  // every link whole inside the screen
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(420);
  }
  await expectNoSeriousA11yViolations(page, "menu open at 420 px");

  // Tab reaches the links, Escape closes and gives the focus back to the button
  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await expect(menu).toBeHidden();

  // following a link closes the menu on the new page
  await page.keyboard.press("Enter");
  await menu.getByRole("link", { name: "Enriquecimentos" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/enrichments$/);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expectNoSidewaysScroll(page, "/enrichments");
});

test("a case opens on its header, flags, decision and score; the dossier follows, collapsed", async ({ page, api }) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(HUGE_COMPANY, { profileId: await api.verificationProfileId("company") });
  expect((await api.waitUntilTerminal(created.id, 120_000)).status).toBe("COMPLETED");
  await gotoCase(page, created.id);

  const top = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y;
  const header = await top("verification-header");
  const decision = await top("decision-panel");
  const score = await top("result-section");
  const profile = await top("company-profile");
  const related = await top("related-section");
  expect(header).toBeLessThan(decision);
  expect(decision).toBeLessThan(score);
  expect(score).toBeLessThan(profile);
  expect(profile).toBeLessThan(related);
  // the decision is within the first two screens, not 4,000 px down
  expect(decision).toBeLessThan(1_800);
  await expect(page.getByTestId("case-toc")).toBeHidden();
  await shoot(page, "case");

  // the dossier's sections are collapsed: their headings are buttons that open them
  const section = page.getByTestId("related-section");
  const toggle = section.getByRole("button", { name: "Pessoas e empresas relacionadas" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(section.getByTestId("related-party").first()).toBeHidden();
  await expect(page.getByTestId("ai-summary-section").getByTestId("section-toggle")).toHaveAttribute("aria-expanded", "false");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(section.getByTestId("related-party").first()).toBeVisible();
  // a long list shows its first ten
  await expect(section.getByTestId("related-persons").getByTestId("related-party")).toHaveCount(10);
  await page.keyboard.press("Enter");
  await expect(section.getByTestId("related-party").first()).toBeHidden();

  // the decision panel and the score stay open
  await expect(page.getByTestId("decision-panel")).toBeVisible();
  await expect(page.getByTestId("score-band")).toBeVisible();
  await expectNoSidewaysScroll(page, "case page");
  await expectNoSeriousA11yViolations(page, "case page at 420 px (sections collapsed)");
});

test("the overview, the enrichment pages, the restrictive list and the network page fit 420 px", async ({ page, api, playwright }) => {
  test.setTimeout(180_000);
  const { API_URL } = await import("./support/env");
  const request = await playwright.request.newContext({ baseURL: API_URL });
  const enrichment = await createEnrichment(request, api, LARGE_PERSON, "prf_person_complete");
  await request.dispose();

  await gotoHydrated(page, "/overview");
  await page.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(page, "/overview");
  await expectNoSeriousA11yViolations(page, "/overview at 420 px");
  await shoot(page, "overview");

  for (const path of ["/enrichments", "/enrichments/new", "/enrichments/batch", "/restrictive-list"]) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, path);
  }

  await gotoHydrated(page, `/enrichments/${enrichment}`);
  await expect(page.getByTestId("open-network")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(page, "enrichment detail");
  await expectNoSeriousA11yViolations(page, "enrichment detail at 420 px");
  await shoot(page, "enrichment");

  await gotoHydrated(page, `/enrichments/${enrichment}/network`);
  await expect(page.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  await expectNoSidewaysScroll(page, "network page");
  // the minimap would cover half the graph at this width: it is hidden
  await expect(page.locator(".react-flow__minimap")).toBeHidden();
  await expectNoSeriousA11yViolations(page, "network page at 420 px");
  await shoot(page, "network");
});
