import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { AUTH_DIR, USERS } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";

// The header's user menu (Ausente até…, Sessões ativas, Segurança, Sair): the WAI-ARIA menu button
// pattern from the keyboard and the mouse, at 1280 and 420 px, axe without serious violations. At
// 1280 px an analyst's seven links share one row with the button; an admin's ten keep a row of their
// own, all of them in view.

test.use({ storageState: `${AUTH_DIR}/admin.json` });

const ITEMS = [/^Ausente até/, "Sessões ativas", "Segurança", "Sair"];

function parts(page: Page): { button: Locator; menu: Locator; items: Locator } {
  const button = page.getByTestId("user-menu-button");
  const menu = page.getByRole("menu");
  return { button, menu, items: menu.getByRole("menuitem") };
}

test("at 1280 px: opened, walked and closed from the keyboard; an admin's ten links all in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/overview");
  const { button, menu, items } = parts(page);
  await expect(button).toHaveAttribute("aria-haspopup", "menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button.getByTestId("user-email")).toHaveText(USERS.admin);
  await expect(menu).toHaveCount(0);

  // the ten links on a row of their own, below the button, none of them cut off
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link")).toHaveCount(10);
  expect((await nav.boundingBox())!.y).toBeGreaterThanOrEqual((await button.boundingBox())!.y + 40);
  expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

  // Enter opens on the first item
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-controls", (await menu.getAttribute("id"))!);
  await expect(items).toHaveText(ITEMS);
  await expect(items.nth(0)).toBeFocused();
  await expect(page.getByTestId("user-role")).toHaveText("Administrador");
  await expectNoSeriousA11yViolations(page, "user menu open at 1280 px");

  // arrows move and wrap, Home and End jump, a letter goes to the next item starting with it
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("s");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("s");
  await expect(items.nth(2)).toBeFocused();

  // Escape closes and gives the focus back to the button
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // ↑ opens on the last item; Tab closes it
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // a click outside closes it
  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toHaveCount(0);

  // Space opens it, and Enter on an item follows it (the menu closes on the new page)
  await button.focus();
  await page.keyboard.press(" ");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sessões ativas" })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("at 420 px: the button fits, the menu opens inside the screen, and Escape closes it", async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await gotoHydrated(page, "/overview");
  const { button, menu, items } = parts(page);
  await expect(button).toBeVisible();
  await button.click();
  await expect(menu).toBeVisible();
  await expect(items).toHaveText(ITEMS);
  await expect(items.nth(0)).toBeFocused();
  for (const box of [await page.getByTestId("user-menu").boundingBox(), await button.boundingBox()]) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  await expectNoSeriousA11yViolations(page, "user menu open at 420 px");
  await page.keyboard.press("End");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // "Ausente até…" opens its dialog from the menu; Escape closes it and the focus goes back to the button
  await button.click();
  await items.nth(0).click();
  const dialog = page.getByTestId("away-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("away-day")).toBeFocused();
  await expectNoSeriousA11yViolations(page, "Ausente até… dialog at 420 px");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test.describe("as an analyst", () => {
  test.use({ storageState: `${AUTH_DIR}/analyst.json` });

  test("at 1280 px the seven links share one row with the user menu's button", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/overview");
    const { button } = parts(page);
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link")).toHaveCount(7);
    const navBox = (await nav.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    expect(Math.abs(navBox.y + navBox.height / 2 - (buttonBox.y + buttonBox.height / 2))).toBeLessThanOrEqual(4);
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(60);
  });
});
