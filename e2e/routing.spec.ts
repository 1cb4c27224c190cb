import { mkdirSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { AUTH_DIR, USERS } from "./support/env";
import { expect, gotoHydrated, openUserMenu, test } from "./support/fixtures";
import { changeSettings, reviewCall } from "./support/review";

// Routing in the console (issue 35 item 5): an admin adds a rule in /settings → "Distribuição"
// and saves it (the mode stays off, so the cases other tests complete meanwhile are not routed),
// marks the analyst away, and sees the dry run of the last cases under round_robin ("quem teria
// recebido": the absent analyst gets none); the analyst sets and clears their own absence from
// the user menu. Screenshots at 1280 and 420 px, axe without serious violations.

const SHOTS = "/work/shots/routing";

test("routing: a rule, an absence, the dry run; the analyst's own 'Ausente até…'", async ({ page, api, browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const members = (await reviewCall(api, "admin", "GET", "/members")).body!.members as Array<{ id: string; email: string; name: string }>;
  const analyst = members.find((m) => m.email === USERS.analyst)!;
  const admin = members.find((m) => m.email === USERS.admin)!;
  const before = await changeSettings(api, { routing: { mode: "off", rules: [] } });
  const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await context.newPage();
  try {
    await gotoHydrated(a, "/settings");
    const section = a.getByTestId("routing-section");
    await expect(section.getByTestId("routing-no-rules")).toBeVisible();

    // a rule for everyone: the analyst and the admin, in turn
    await section.getByTestId("routing-add-rule").click();
    const rule = section.getByTestId("routing-rule");
    await rule.getByTestId("routing-rule-name").fill("Todos os casos");
    await rule.getByRole("checkbox", { name: analyst.name || analyst.email }).check();
    await rule.getByRole("checkbox", { name: admin.name || admin.email }).check();
    await section.getByTestId("routing-save").click();
    await expect(a.getByText("Distribuição salva.")).toBeVisible();
    const saved = (await reviewCall(api, "admin", "GET", "/settings")).body!.routing as { mode: string; rules: { name: string }[] };
    expect(saved).toMatchObject({ mode: "off", rules: [{ name: "Todos os casos" }] });

    // the analyst away, from the team list
    const row = section.getByTestId("routing-member").filter({ hasText: analyst.name || analyst.email });
    await row.getByTestId("routing-member-away-input").fill("2099-12-31");
    await row.getByTestId("routing-member-save").click();
    await expect(row.getByTestId("routing-member-away")).toHaveText("Ausente até 31/12/2099");

    // the dry run under round_robin (on screen, not saved): the absent analyst receives nothing
    await section.getByTestId("routing-mode").selectOption("round_robin");
    await section.getByTestId("routing-dry-run-button").click();
    const dry = section.getByTestId("routing-dry-run");
    await expect(dry).toBeVisible();
    await expect(dry.getByTestId("routing-dry-run-case").first()).toBeVisible();
    await expect(dry).toContainText(`${admin.name || admin.email} (`);
    await expect(dry.getByRole("cell", { name: analyst.name || analyst.email, exact: true })).toHaveCount(0);

    await a.evaluate(() => window.scrollTo(0, 0));
    await a.screenshot({ path: `${SHOTS}/distribuicao-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "Distribuição at 1280 px");
    await a.setViewportSize({ width: 420, height: 900 });
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.screenshot({ path: `${SHOTS}/distribuicao-420.png`, fullPage: true });
    await expectNoSeriousA11yViolations(a, "Distribuição at 420 px");

    // the analyst's own absence from the user menu: set, then cleared
    await reviewCall(api, "admin", "PUT", `/members/${analyst.id}/routing`, { cap: null, awayUntil: null });
    await page.setViewportSize({ width: 420, height: 900 });
    await gotoHydrated(page, "/overview");
    await openUserMenu(page);
    await page.getByTestId("away-menu").click();
    await page.getByTestId("away-day").fill("2099-01-15");
    await page.getByTestId("away-save").click();
    // the user menu's button says it, and so does its item
    await expect(page.getByTestId("user-menu-away")).toHaveText("ausente até 15/01");
    await openUserMenu(page);
    await expect(page.getByTestId("away-menu")).toHaveText("Ausente até 15/01/2099");
    await page.getByTestId("away-menu").click();
    await page.screenshot({ path: `${SHOTS}/ausente-ate-420.png` });
    await expectNoSeriousA11yViolations(page, "Ausente até… at 420 px");
    await page.getByTestId("away-clear").click();
    await expect(page.getByTestId("user-menu-away")).toHaveCount(0);
    await openUserMenu(page);
    await expect(page.getByTestId("away-menu")).toHaveText("Ausente até…");
    const mine = (await reviewCall(api, "admin", "GET", "/routing/members")).body!.members as Array<{
      userId: string;
      awayUntil: string | null;
    }>;
    expect(mine.find((m) => m.userId === analyst.id)!.awayUntil).toBeNull();
  } finally {
    await context.close();
    await reviewCall(api, "admin", "PUT", `/members/${analyst.id}/routing`, { cap: null, awayUntil: null });
    await changeSettings(api, before);
  }
});
