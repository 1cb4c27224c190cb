import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { AUTH_DIR, DEMO_PASSWORD, USERS } from "./support/env";
import { expect, gotoHydrated, openUserMenu, test } from "./support/fixtures";

// "Chaves de API" and "Sessões ativas" (issue 34, items 4 and 5): an admin creates a key, sees
// its secret once (copy button, warning), the test uses it against the API (v2 and v3), the list
// shows its use, revoking it (with a confirmation) makes the API refuse it; a person ends one of
// their sessions. Screenshots at 1280 and 420 px go to /work/shots/apikeys/ (LUPA_SHOTS_DIR).

const SHOTS = process.env.LUPA_SHOTS_DIR ?? "/work/shots/apikeys";

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("as an admin", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json`, permissions: ["clipboard-read", "clipboard-write"] });

  test("creates a key, sees it once, uses it on v2 and v3, sees its use, revokes it", async ({ page, api }) => {
    test.setTimeout(120_000);
    const name = `ERP e2e ${Date.now().toString(36)}`;
    await gotoHydrated(page, "/settings/api-keys");
    await expect(page.getByRole("heading", { level: 1, name: "Chaves de API" })).toBeVisible();
    await expect(page.getByTestId("settings-links").getByRole("link", { name: "Chaves de API" })).toHaveAttribute("aria-current", "page");

    // an empty name is refused before anything is sent
    await page.getByTestId("api-key-create").click();
    await expect(page.getByTestId("api-key-problem")).toHaveText("Dê um nome à chave: para que sistema ela é.");

    await page.getByTestId("api-key-name").fill(name);
    await page.getByTestId("api-key-create").click();
    const secretBox = page.getByTestId("api-key-secret");
    await expect(secretBox).toBeVisible();
    await expect(secretBox).toContainText("Ela não será mostrada de novo");
    const secret = await page.getByTestId("api-key-secret-value").inputValue();
    expect(secret).toMatch(/^lupa_sk_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId("api-key-copy").click();
    await expect(secretBox.getByRole("status")).toHaveText("Copiada para a área de transferência.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const row = page.locator("[data-testid=api-key-row]", { hasText: name });
    await expect(row.getByTestId("api-key-row-prefix")).toHaveText(`${secret.slice(0, 16)}…`);
    await expect(row.getByTestId("api-key-row-state")).toHaveText("Ativa");
    await expect(row.getByTestId("api-key-row-last-used")).toHaveText("nunca usada");

    await expectNoSeriousA11yViolations(page, "/settings/api-keys with a new secret");
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, "keys-secret-1280");
    await page.setViewportSize({ width: 420, height: 900 });
    await fitsWidth(page);
    await shoot(page, "keys-secret-420");
    await page.setViewportSize({ width: 1280, height: 900 });

    // the key works against the API, v2 and v3
    const auth = { authorization: `Bearer ${secret}` };
    expect((await api.request.get("/api/v2/verifications", { headers: auth })).status()).toBe(200);
    expect((await api.request.get("/api/v3/profiles", { headers: auth })).status()).toBe(200);

    // once gone from the page, the secret is nowhere: not after "Já copiei", not after a reload
    await page.getByTestId("api-key-secret-done").click();
    await expect(secretBox).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(secret);
    // the use is counted (written about once a second) and shown
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId("api-key-row-uses")).toHaveText("2", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(row.getByTestId("api-key-row-last-used")).not.toHaveText("nunca usada");
    expect(await page.content()).not.toContain(secret);
    await expectNoSeriousA11yViolations(page, "/settings/api-keys list");
    await shoot(page, "keys-list-1280");
    await page.setViewportSize({ width: 420, height: 900 });
    await fitsWidth(page);
    await shoot(page, "keys-list-420");
    await page.setViewportSize({ width: 1280, height: 900 });

    // revoke, from the keyboard: the dialog asks first, Escape keeps the key
    await row.getByTestId("api-key-revoke").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("api-key-revoke-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
    await expectNoSeriousA11yViolations(page, "revoke dialog");
    await shoot(page, "keys-revoke-dialog-1280");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("api-key-row-state")).toHaveText("Ativa");
    await row.getByTestId("api-key-revoke").click();
    await dialog.getByTestId("api-key-revoke-confirm").click();
    await expect(row.getByTestId("api-key-row-state")).toHaveText("Revogada");
    await expect(row.getByTestId("api-key-revoke")).toHaveCount(0);
    // the API refuses it (the one API process of the suite forgets it at once)
    const refused = await api.request.get("/api/v3/profiles", { headers: auth });
    expect(refused.status()).toBe(401);
    expect((await api.request.get("/api/v2/verifications", { headers: auth })).status()).toBe(401);
  });

  test("Sessões ativas: lists this session and another one, and ends the other", async ({ page, api }) => {
    // another sign-in of the same person, from "curl"
    const signIn = await api.request.post("/api/v1/authentication", {
      data: { username: USERS.admin, password: DEMO_PASSWORD },
      headers: { "user-agent": "curl/8.5.0" },
    });
    expect(signIn.status()).toBe(200);
    const { refreshToken } = (await signIn.json()) as { refreshToken: string };
    const sid = (JSON.parse(Buffer.from(refreshToken.split(".")[1]!, "base64url").toString()) as { sid: string }).sid;

    await gotoHydrated(page, "/overview");
    await openUserMenu(page);
    await page.getByTestId("sessions-link").click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sessões ativas" })).toBeVisible();
    const current = page.locator("[data-testid=session-row][data-current=true]");
    await expect(current).toHaveCount(1);
    await expect(current).toContainText("Esta sessão");
    await expect(current.getByTestId("session-end")).toHaveCount(0);
    const other = page.locator(`[data-testid=session-row][data-session-id='${sid}']`);
    await expect(other).toBeVisible();
    await expect(other.getByTestId("session-device")).toHaveText("curl");
    await expectNoSeriousA11yViolations(page, "/sessions");
    await shoot(page, "sessions-1280");
    await page.setViewportSize({ width: 420, height: 900 });
    await fitsWidth(page);
    await shoot(page, "sessions-420");
    await page.setViewportSize({ width: 1280, height: 900 });

    await other.getByTestId("session-end").click();
    await page.getByTestId("session-end-dialog").getByTestId("session-end-confirm").click();
    await expect(other).toHaveCount(0);
    await expect(current).toHaveCount(1); // this one goes on
    // the ended sign-in's refresh token is refused
    const refreshed = await api.request.post("/api/v1/authentication/refresh", { data: { refreshToken } });
    expect(refreshed.status()).toBe(401);
  });
});

test.describe("as an admin, Membros", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json` });

  test("lists the people with Encerrar sessões, asking first", async ({ page }) => {
    await gotoHydrated(page, "/settings/members");
    await expect(page.getByRole("heading", { level: 1, name: "Membros" })).toBeVisible();
    const row = page.locator("[data-testid=member-row]", { hasText: USERS.viewer });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/settings/members");
    await shoot(page, "members-1280");
    // the dialog asks; Cancelar ends nothing (the suite's viewer keeps its session)
    await row.getByTestId("member-end-sessions").click();
    const dialog = page.getByTestId("member-end-dialog");
    await expect(dialog).toContainText("precisará entrar de novo em todos os aparelhos");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 420, height: 900 });
    await fitsWidth(page);
    await shoot(page, "members-420");
  });
});

test.describe("on a phone (420 px)", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 420, height: 900 } });

  test("the user menu leads to Sessões ativas", async ({ page }) => {
    await gotoHydrated(page, "/overview");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sessões ativas" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.locator("[data-testid=session-row][data-current=true]")).toHaveCount(1);
  });
});

test.describe("as an analyst", () => {
  test("the keys page says only admins manage keys", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys");
    await expect(page.getByTestId("api-keys-forbidden")).toBeVisible();
    await expect(page.getByTestId("api-key-form")).toHaveCount(0);
  });
});
