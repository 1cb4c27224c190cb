import { readSheet } from "../test/support/sheet";
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

    // issue 29: "Exportar CSV", a pt-BR spreadsheet file of the table's numbers
    const download = page.waitForEvent("download");
    await page.getByTestId("usage-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^uso-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { header, rows } = readSheet(text);
    expect(header).toEqual(["dia", "acao", "acao_codigo", "quantidade"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const [day, action, code, count] of rows) {
      expect(day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(action).not.toBe(code);
      expect(action).toMatch(/^(Enriquecimento|Verificação|Adicional)/);
      expect(Number(count)).toBeGreaterThan(0);
    }
    expect(rows.reduce((sum, r) => sum + Number(r[3]), 0)).toBe(total);
  });
});

test("an analyst is refused by the page and by the BFF", async ({ page }) => {
  await gotoHydrated(page, "/usage");
  await expect(page.getByTestId("usage-refused")).toContainText("Acesso restrito a administradores");
  await expect(page.getByRole("link", { name: "Uso" })).toHaveCount(0);
  const response = await page.request.get("/bff/usage?from=2026-01-01&to=2026-01-02");
  expect(response.status()).toBe(403);
});
