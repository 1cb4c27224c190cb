import AxeBuilder from "@axe-core/playwright";
import { AUTH_DIR } from "./support/env";
import { HUGE_COMPANY, createEnrichment } from "./support/enrichments";
import { expect, gotoHydrated, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

// axe-core on every page of the enrichments, the graph and usage: no serious or critical violations.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0]?.target.join(" ")})`);
}

let id: string;
test.beforeAll(async ({ playwright }) => {
  const { LupaApi } = await import("./support/api");
  const { API_URL } = await import("./support/env");
  const request = await playwright.request.newContext({ baseURL: API_URL });
  id = await createEnrichment(request, new LupaApi(request), HUGE_COMPANY, "prf_company_complete");
  await request.dispose();
});

for (const path of ["/enrichments", "/enrichments/new", "/enrichments/batch", "/usage"]) {
  test(`axe: ${path} as analyst`, async ({ page }) => {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe: enrichment detail, graph and Lista tab", async ({ page }) => {
  // axe walks every node of a 300-node graph: slow on a busy machine
  test.setTimeout(240_000);
  await gotoHydrated(page, `/enrichments/${id}`);
  await expect(page.getByTestId("enrichment-detail")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await expect(page.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  await page.locator("[data-testid=graph-node][data-risk=defendant]").first().click();
  await expect(page.getByTestId("node-lawsuit").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("tab", { name: "Lista" }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

/** The moderate rules a screen reader user meets first: one h1, headings in order, regions named apart. */
async function structureViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["page-has-heading-one", "heading-order", "landmark-unique"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("structure: the company's tables are named apart, the graph page's headings follow its h1, /usage refused has its h1", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // two modules of a company both hold "Sócios": each table is named after its module
  await gotoHydrated(page, `/enrichments/${id}`);
  await expect(page.getByTestId("enrichment-detail")).toBeVisible();
  expect(await structureViolations(page)).toEqual([]);
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await expect(page.getByTestId("network-legend")).toBeVisible({ timeout: 45_000 });
  expect(await structureViolations(page)).toEqual([]);
  await page.getByRole("tab", { name: "Lista" }).click();
  // a node "Com processos": its risk was small white text on amber (axe color-contrast)
  await page
    .getByRole("row")
    .filter({ hasText: "Com processos" })
    .first()
    .getByRole("button", { name: /Ver processos/ })
    .click();
  await expect(page.locator("#node-panel-title")).toBeVisible();
  expect(await structureViolations(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await gotoHydrated(page, "/usage");
  await expect(page.getByTestId("usage-refused")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Uso" })).toBeVisible();
  expect(await structureViolations(page)).toEqual([]);
});

test("axe at 420 px: the list and the enrichment detail, whose wide tables scroll sideways", async ({ page }) => {
  // two cold pages, each until the network is idle, and two axe runs: over a minute on a 2-core
  // machine busy with the other lanes (as the other tests of this file allow)
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 420, height: 900 });
  for (const path of ["/enrichments", `/enrichments/${id}`]) {
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test.describe("as an admin", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json` });
  test("axe: /usage with its chart", async ({ page }) => {
    await gotoHydrated(page, "/usage");
    await expect(page.getByTestId("usage-chart").or(page.getByTestId("usage-empty"))).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("structure: a company case's lawsuits sections, one per partner, are named apart", async ({ page, api }) => {
  // a sandbox company whose two partners both have lawsuits (company-ownersLawsuits-1.0)
  const created = await api.createVerification("11222012000187", { profileId: await api.verificationProfileId("company") });
  expect((await api.waitUntilTerminal(created.id)).status).toBe("COMPLETED");
  await gotoHydrated(page, `/verifications/${created.id}`);
  const owners = page.getByTestId("owner-lawsuits-section");
  await expect(owners.first()).toBeVisible();
  expect(await owners.count()).toBeGreaterThan(1);
  expect(await structureViolations(page)).toEqual([]);
});
