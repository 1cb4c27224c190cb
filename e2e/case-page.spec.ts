import { makeCpf } from "@/lib/contract/documents";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, gotoHydrated, test } from "./support/fixtures";

// The case page's score panel and dossier sections, on a sandbox document with lawsuits
// (docs/sandbox.md: 003.000.008-47 fires has_criminal_lawsuit and has_active_lawsuits_as_defendant).

test("the score panel explains the score and the dossier shows finance, lawsuits and related parties", async ({ page, api }) => {
  test.setTimeout(150_000); // a shared, busy machine: creation, processing and a full case page
  const created = await api.createVerification(makeCpf("003000008"), { profileId: await api.verificationProfileId("person") });
  const done = await api.waitUntilTerminal(created.id);
  expect(done.status).toBe("COMPLETED");
  await gotoHydrated(page, `/verifications/${created.id}`);

  const panel = page.getByTestId("result-section");
  await expect(panel.getByTestId("score-band")).toContainText(/Risco (alto|médio|baixo)/);
  await expect(panel.getByRole("img", { name: /Distribuição da dedução do score por módulo: Processos/ })).toBeVisible();
  // the chart's code (Recharts) loads as it comes within 100 px of the viewport (WhenVisible): far
  // below the case's first view, it is not there until the analyst scrolls to it
  const figure = panel.getByTestId("result-distribution");
  const viewport = page.viewportSize()!;
  expect((await figure.boundingBox())!.y).toBeGreaterThan(viewport.height + 100);
  await page.waitForLoadState("networkidle"); // what the page loads by itself has loaded
  await expect(figure.locator(".recharts-wrapper")).toHaveCount(0);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator(".recharts-bar-rectangle").first()).toBeVisible();
  const rule = panel.locator('[data-rule="has_criminal_lawsuit"]');
  await expect(rule).toContainText("Processo criminal");
  await expect(rule).toContainText("Fonte: módulo Processos");

  const lawsuits = page.getByTestId("lawsuits-section");
  await expect(lawsuits.getByTestId("lawsuit-number").first()).toHaveText(/^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/);
  const all = await lawsuits.getByTestId("lawsuit").count();
  await lawsuits.getByTestId("lawsuits-filter-side").selectOption("defendant");
  await expect(lawsuits.getByTestId("lawsuit")).not.toHaveCount(0);
  expect(await lawsuits.getByTestId("lawsuit").count()).toBeLessThanOrEqual(all);
  for (const badge of await lawsuits.getByTestId("lawsuit").all()) await expect(badge).toContainText("Réu");

  await expect(page.getByTestId("finance-section")).toContainText("Renda estimada");
  const related = page.getByTestId("related-section");
  await expect(related.getByTestId("related-party").first()).toBeVisible();
  // a related party's name opens its case or offers to start one (e2e/case-long.spec.ts); it no
  // longer links to /verifications?q=<full document>, which put the document in the browser
  await expect(related.getByTestId("related-party-open").first()).toBeVisible();
  await expect(related.locator('a[href*="?q="]')).toHaveCount(0);

  // sections can be linked
  await page.goto(`/verifications/${created.id}#processos`);
  await expect(page.locator("#processos")).toBeInViewport();
  // once the case's review state is in: until then the decision buttons are dimmed as busy, and
  // axe measured their contrast mid-way on a fast run
  await expect(page.locator("html")).toHaveAttribute("data-triage", created.id);
  await expectNoSeriousA11yViolations(page, "case page");
});

test("the list and the case page have no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/verifications");
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  await expect(page.getByTestId("row-decision").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/verifications");
  await page.getByTestId("preset-high-risk").click();
  await expect(page).toHaveURL(/scoreMax=399/);
  await expect(page.getByTestId("preset-high-risk")).toHaveAttribute("aria-pressed", "true");
  // once the filtered page is in: until then the old rows stay, dimmed (opacity 60%), and axe
  // measured their contrast (failed once)
  await expect(page.getByTestId("verifications-table")).not.toHaveAttribute("aria-busy", "true");
  await expectNoSeriousA11yViolations(page, "/verifications risco alto");
});
