import type { Page } from "@playwright/test";
import { MASKED_CNPJ, MASKED_CPF } from "./support/documents";
import { expect, gotoHydrated, gotoList, test } from "./support/fixtures";

// The list: rows with masked documents, filters and pagination kept in the URL.

async function rowStatuses(page: Page): Promise<string[]> {
  return page.getByTestId("verification-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-status") ?? ""));
}

async function firstRowId(page: Page): Promise<string | null> {
  return page.getByTestId("verification-row").first().getAttribute("data-id");
}

test("the list shows verifications with masked, formatted documents", async ({ page }) => {
  await gotoHydrated(page, "/verifications");
  const rows = page.getByTestId("verification-row");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("verifications-count")).toHaveText(/^\d[\d.]* verificaç(ão|ões)$/);
  const documents = await page.getByTestId("row-document").allTextContents();
  expect(documents.length).toBeGreaterThan(0);
  for (const document of documents) expect(document).toMatch(new RegExp(`${MASKED_CPF.source}|${MASKED_CNPJ.source}`));
  await expect(rows.first().getByTestId("row-status")).toBeVisible();
});

test("filtering by status updates the URL and the rows, and back restores the list", async ({ page }) => {
  await gotoHydrated(page, "/verifications");
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  const mixed = (await rowStatuses(page)).some((status) => status !== "COMPLETED");

  await page.getByTestId("filter-status").selectOption("COMPLETED");
  await expect(page).toHaveURL(/[?&]status=COMPLETED/);
  await expect(page.getByTestId("verifications-table")).not.toHaveClass(/opacity-60/);
  await expect.poll(() => rowStatuses(page)).not.toContain("PROCESSING");
  const statuses = await rowStatuses(page);
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["COMPLETED"]));

  await page.goBack();
  await expect(page).toHaveURL(/\/verifications$/);
  await expect(page.getByTestId("filter-status")).toHaveValue("");
  if (mixed) await expect.poll(async () => (await rowStatuses(page)).some((status) => status !== "COMPLETED")).toBe(true);

  await page.goForward();
  await expect(page).toHaveURL(/[?&]status=COMPLETED/);
  await expect(page.getByTestId("filter-status")).toHaveValue("COMPLETED");
});

test("a shared URL opens with its filters applied", async ({ page }) => {
  await gotoHydrated(page, "/verifications?status=COMPLETED&limit=20");
  await expect(page.getByTestId("filter-status")).toHaveValue("COMPLETED");
  await expect(page.getByTestId("page-size")).toHaveValue("20");
  const statuses = await rowStatuses(page);
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.length).toBeLessThanOrEqual(20);
  for (const status of statuses) expect(status).toBe("COMPLETED");
});

test("pagination moves through pages and keeps the page in the URL", async ({ page, api }) => {
  const { total } = await api.listVerifications({ limit: 10 });
  expect(total, "the demo workspace has more than one page").toBeGreaterThan(10);

  await gotoHydrated(page, "/verifications");
  await expect(page.getByTestId("pagination-current")).toHaveText(/^Página 1 de \d+$/);
  const firstOnPage1 = await firstRowId(page);

  await page.getByTestId("pagination-next").click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId("pagination-current")).toHaveText(/^Página 2 de \d+$/);
  await expect.poll(() => firstRowId(page)).not.toBe(firstOnPage1);
  await expect(page.getByTestId("pagination-range")).toHaveText(/^11–/);

  const firstOnPage2 = await firstRowId(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByTestId("pagination-current")).toHaveText(/^Página 1 de \d+$/);
  await expect.poll(() => firstRowId(page)).not.toBe(firstOnPage2);
});

test("the page size is kept in the URL and changing a filter returns to page 1", async ({ page }) => {
  await gotoHydrated(page, "/verifications?page=2");
  await page.getByTestId("page-size").selectOption("25");
  await expect(page).toHaveURL(/[?&]limit=25/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  expect(await page.getByTestId("verification-row").count()).toBeLessThanOrEqual(25);
});

test("search by name and score range narrow the list", async ({ page, api }) => {
  const { verifications } = await api.listVerifications({ status: "COMPLETED", limit: 25 });
  const named = verifications.find((v) => v.name);
  expect(named, "a completed verification with a name").toBeTruthy();
  const word = (named!.name as string).split(" ")[0];

  await gotoHydrated(page, "/verifications");
  await page.getByTestId("filter-search").fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
  // the search ignores case and accents ("Vitor" finds "Vitória": docs/benchmarks.md, migration 0013)
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  await expect
    .poll(async () => (await page.getByTestId("row-name").allTextContents()).every((name) => fold(name).includes(fold(word))))
    .toBe(true);

  await page.getByTestId("filters-clear").click();
  await expect(page).toHaveURL(/\/verifications$/);

  await page.getByTestId("filter-score-min").fill("500");
  await page.getByTestId("filter-score-min").press("Enter");
  await expect(page).toHaveURL(/[?&]scoreMin=500/);
  await expect
    .poll(async () => {
      const scores = await page.getByTestId("row-score").allTextContents();
      return scores.every((score) => Number(score.replace(/\D/g, "")) >= 500);
    })
    .toBe(true);
});

test("filters that match nothing show an empty state that says what to do", async ({ page }) => {
  await gotoHydrated(page, "/verifications?q=zzzz-nenhum-resultado-zzzz");
  await expect(page.getByTestId("verifications-empty")).toContainText("Nenhuma verificação encontrada");
  await page.getByTestId("empty-clear-filters").click();
  await expect(page).toHaveURL(/\/verifications$/);
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
});

test("the keyboard moves through the list and opens a case", async ({ page }) => {
  await gotoList(page, "/verifications");
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  const id = await page.getByTestId("verification-row").nth(1).getAttribute("data-id");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/verifications/${id}$`));
});

test("a case opens whole: until it arrives the list stays and its row says it is opening", async ({ page }) => {
  await gotoList(page, "/verifications");
  const row = page.getByTestId("verification-row").nth(2);
  const id = (await row.getAttribute("data-id")) as string;
  // hold the case page's server answer (the navigation's RSC request) for a moment, to see what
  // the analyst sees while it comes; then let it through
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/verifications/${id}*`, async (route) => {
    await held;
    await route.continue();
  });
  await row.getByTestId("row-name").click();
  await expect(row).toHaveAttribute("aria-busy", "true");
  await expect(row.getByRole("status")).toHaveText("Abrindo o caso…");
  await expect(page).toHaveURL(/\/verifications$/);
  await expect(page.getByTestId("verifications-table")).toBeVisible();
  release();
  await expect(page).toHaveURL(new RegExp(`/verifications/${id}$`));
  await expect(page.getByTestId("verification-detail")).toHaveAttribute("data-id", id);
  await expect(page.getByTestId("verification-row")).toHaveCount(0);
});
