import { randomCpf } from "./support/documents";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, gotoHydrated, test } from "./support/fixtures";

// /overview: figures of the workspace, each a link to the list with the same filters.

test("the overview's figures open the list with the matching filters and the same counts", async ({ page, api }) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);

  // Other files' tests create and decide cases in the same workspace meanwhile (two workers): each
  // figure is read and followed again until the figure and its list agree, so the equality is
  // checked between two reads nothing was written between.
  await expect(async () => {
    await gotoHydrated(page, "/overview?range=7d");
    await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
    await expect(page.getByTestId("range-7d")).toHaveAttribute("aria-current", "page");
    const completedLink = page.getByTestId("overview-by-status").locator('[data-key="COMPLETED"] a');
    const completed = Number((await completedLink.innerText()).replace(/\D/g, ""));
    expect(completed).toBeGreaterThan(0);
    await completedLink.click();
    await expect(page).toHaveURL(/\/verifications\?status=COMPLETED&from=/);
    await expect(page.getByTestId("period-chip")).toContainText("Criadas desde");
    await expect(page.getByTestId("verifications-count")).toHaveText(new RegExp(`^${completed.toLocaleString("pt-BR")} verificaç`), {
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });

  await expect(async () => {
    await gotoHydrated(page, "/overview?range=7d");
    const waiting = page.getByTestId("overview-by-decision").locator('[data-key="NOTSTARTED"] a');
    const waitingCount = Number((await waiting.innerText()).replace(/\D/g, ""));
    await waiting.click();
    await expect(page).toHaveURL(/feedback=NOTSTARTED/);
    await expect(page.getByTestId("verifications-count")).toHaveText(new RegExp(`^${waitingCount.toLocaleString("pt-BR")} verificaç`), {
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });

  await gotoHydrated(page, "/overview?range=all");
  await page.getByTestId("figure-stuck").click();
  await expect(page).toHaveURL(/\/verifications\?stuck=true$/);
  await expect(page.getByTestId("preset-stuck")).toHaveAttribute("aria-pressed", "true");
});

test("the score histogram has a text alternative whose numbers link to the score range", async ({ page }) => {
  await gotoHydrated(page, "/overview?range=all");
  const table = page.getByTestId("histogram-table");
  await expect(table.getByRole("link")).toHaveCount(10);
  await expect(page.getByRole("figure", { name: /Histograma de scores/ })).toBeVisible();
  // the charts' code (Recharts) loads as they come within 100 px of the viewport (WhenVisible):
  // below the overview's first view, they are placeholders until the analyst scrolls to them
  const histogram = page.getByTestId("overview-histogram");
  expect((await histogram.boundingBox())!.y).toBeGreaterThan(page.viewportSize()!.height + 100);
  await page.waitForLoadState("networkidle"); // what the page loads by itself has loaded
  await expect(histogram.locator(".recharts-wrapper")).toHaveCount(0);
  await histogram.scrollIntoViewIfNeeded();
  await expect(histogram.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await table.getByRole("link", { name: /Score de 900 a 1000/ }).click();
  await expect(page).toHaveURL(/scoreMin=900&scoreMax=1000/);
});

test("the overview has no serious accessibility violations (analyst)", async ({ page }) => {
  await gotoHydrated(page, "/overview?range=all");
  await expect(page.getByTestId("figure-total")).toBeVisible();
  await page.waitForTimeout(500); // charts load after the figures
  await expectNoSeriousA11yViolations(page, "/overview");
});

test.describe("as a viewer", () => {
  test.use({ storageState: ".test-output/auth/viewer.json" });
  test("the overview shows the same figures to a viewer, without errors", async ({ page }) => {
    await gotoHydrated(page, "/overview?range=30d");
    await expect(page.getByTestId("figure-total")).toBeVisible();
    await expect(page.getByTestId("overview-error")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "/overview as viewer");
  });
});
