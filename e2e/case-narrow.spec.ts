import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCnpj } from "./support/documents";
import { expect, gotoCase, gotoHydrated, test } from "./support/fixtures";

// The case page at a phone's width (420 px): nothing runs past the right edge. A company's profile
// card (partners, long names) used to push its column 120 px past it.

test.use({ viewport: { width: 420, height: 900 } });

test("a company's case page fits 420 px, with its AI summary", async ({ page, api }) => {
  test.setTimeout(120_000);
  const engine = await api.createVerification(randomCnpj(), { profileId: "prf_kyb_company" });
  const legacy = await api.createVerification(randomCnpj());
  for (const created of [engine, legacy]) {
    expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
    await gotoCase(page, created.id);
    await expect(page.getByTestId("company-profile")).toBeVisible();
    await expect(page.getByTestId("ai-summary-section")).toBeVisible();
    // at 420 px the dossier's sections start collapsed (issue 20): the AI summary opens from its heading
    const summary = page.getByTestId("ai-summary-section");
    await expect(summary.getByTestId("section-toggle")).toHaveAttribute("aria-expanded", "false");
    await summary.getByTestId("section-toggle").click();
    await expect(summary.getByTestId("section-toggle")).toHaveAttribute("aria-expanded", "true");
    if (created === engine) await expect(page.getByTestId("ai-summary-text")).toBeVisible();
    await expect(page.getByRole("button", { name: "Baixar PDF" })).toBeEnabled();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.inner).toBe(420);
    expect(widths.scroll, `case page of ${created.id}`).toBeLessThanOrEqual(widths.inner);
  }
  await expectNoSeriousA11yViolations(page, "case page at 420 px");
});

// The lists' tables scroll inside their own box; the screen-reader-only text in their cells (absolutely
// positioned) used to escape that box and widen the page by up to 250 px at 420 px.
test("the verification, enrichment and restrictive lists fit 420 px", async ({ page }) => {
  for (const path of ["/verifications", "/enrichments", "/restrictive-list"]) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.inner).toBe(420);
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.inner);
  }
});
