import { AUTH_DIR } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";

// /usage: admins see billed actions per day and per action; analysts are refused (page and BFF).

test.describe("as an admin", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json` });
  test("sees the chart and the table of the period", async ({ page }) => {
    await gotoHydrated(page, "/usage");
    await expect(page.getByRole("link", { name: "Uso" })).toBeVisible();
    await expect(page.getByTestId("usage-chart")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(".recharts-bar-rectangle").first()).toBeVisible();
    const total = Number((await page.getByTestId("usage-total").textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(0);
    await expect(page.getByTestId("usage-row").first()).toBeVisible();
  });
});

test("an analyst is refused by the page and by the BFF", async ({ page }) => {
  await gotoHydrated(page, "/usage");
  await expect(page.getByTestId("usage-refused")).toContainText("Acesso restrito a administradores");
  await expect(page.getByRole("link", { name: "Uso" })).toHaveCount(0);
  const response = await page.request.get("/bff/usage?from=2026-01-01&to=2026-01-02");
  expect(response.status()).toBe(403);
});
