import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { LupaApi } from "./support/api";
import { API_URL, AUTH_DIR, WEB_URL } from "./support/env";
import { expect, gotoHydrated, SIGN_IN_TIMEOUT, test } from "./support/fixtures";
import { freshToken, reviewCall } from "./support/review";
import { startOidcProvider, type TestProvider } from "../test/support/oidc-provider";

// Login único (SSO, issue 34 item 1): a real OpenID provider (oidc-provider) on loopback; the
// admin's settings in /settings (looked at 1280 and 420 px wide, axe without serious violations);
// a person of the SSO domain types the e-mail on the login page, gets "Entrar com SSO", signs in
// through the provider's own login form and lands in the console, created just in time with the
// mapped role; a person whose groups map to no role is sent back with "Acesso recusado".

const DOMAIN = "sso-e2e.test";
const SHOTS = "/work/shots/sso";
let idp: TestProvider;

test.describe.configure({ mode: "serial" });

/** The section whole, its title included (an element screenshot scrolls it under the sticky header). */
async function shootSection(page: Page, section: Locator, path: string): Promise<void> {
  // from the top of the page, where the sticky header covers nothing below it
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await section.boundingBox();
  if (!box) throw new Error("the section is not on the page");
  await page.screenshot({ path, fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
}

test.beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [`${WEB_URL}/api/auth/sso/callback`],
    people: [
      { email: `marina@${DOMAIN}`, name: "Marina Lopes", groups: ["lupa-analistas"] },
      { email: `sem.grupo@${DOMAIN}`, groups: ["marketing"] },
    ],
  });
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: API_URL });
  const token = await freshToken(new LupaApi(request), "admin");
  await request.delete("/api/review/v1/sso", { headers: { authorization: `Bearer ${token}` } });
  await request.dispose();
  await idp?.close();
});

test.describe("as an admin", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json` });

  test("configures Login único (SSO) in /settings; the secret is never shown again", async ({ page, api }) => {
    await api.request.delete("/api/review/v1/sso", { headers: { authorization: `Bearer ${await freshToken(api, "admin")}` } });
    await gotoHydrated(page, "/settings");
    const section = page.getByTestId("sso-settings");
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId("sso-secret-state")).toHaveText(/Nenhum secret guardado/);
    await section.getByTestId("sso-issuer").fill("login.empresa.com.br");
    await section.getByTestId("sso-client-id").fill(idp.clientId);
    await section.getByTestId("sso-client-secret").fill(idp.clientSecret);
    await section.getByTestId("sso-domains").fill(DOMAIN);
    await section.getByTestId("sso-rule-group-0").fill("lupa-analistas");
    await section.getByTestId("sso-save").click();
    // a bad issuer: the API's exact code, in pt-BR
    await expect(section.getByTestId("sso-problem")).toHaveText(/emissor deve ser uma URL https/);
    await section.getByTestId("sso-issuer").fill(idp.issuer);
    await section.getByTestId("sso-save").click();
    await expect(section.getByTestId("sso-secret-state")).toHaveText(/Um secret está guardado/);
    await expect(section.getByTestId("sso-client-secret")).toHaveValue("");
    await expect(section.getByTestId("sso-callback-url")).toHaveText(`${WEB_URL}/api/auth/sso/callback`);
    const stored = await reviewCall(api, "admin", "GET", "/sso");
    expect(stored.body).toMatchObject({ configured: true, clientSecretSet: true, domains: [DOMAIN], issuer: idp.issuer });
    expect(JSON.stringify(stored.body)).not.toContain(idp.clientSecret);

    await expectNoSeriousA11yViolations(page, "/settings with Login único (SSO)");
    mkdirSync(SHOTS, { recursive: true });
    await shootSection(page, section, `${SHOTS}/sso-settings-1280.png`);
    await page.setViewportSize({ width: 420, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await shootSection(page, section, `${SHOTS}/sso-settings-420.png`);
    await expectNoSeriousA11yViolations(page, "/settings with Login único (SSO) at 420 px");
  });
});

test.describe("signing in", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a person of the SSO domain signs in through the provider's login form, created with the mapped role", async ({ page, api }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, "/login");
    await page.getByTestId("login-email").fill(`marina@${DOMAIN}`);
    const sso = page.getByTestId("login-sso-submit");
    await expect(sso).toBeVisible();
    await expect(sso).toHaveText("Entrar com SSO");
    await expect(page.getByTestId("login-password")).toBeVisible(); // password sign-in stays allowed
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/login-sso-1280.png` });
    await expectNoSeriousA11yViolations(page, "/login offering SSO");
    await sso.click();
    // the provider's own login form (oidc-provider's), the e-mail given as login_hint
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await expect(page.locator('input[name="login"]')).toHaveValue(`marina@${DOMAIN}`);
    await page.locator('input[name="password"]').fill("senha-no-provedor");
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/overview$/, { timeout: SIGN_IN_TIMEOUT });
    await expect(page.getByTestId("user-email")).toHaveText(`marina@${DOMAIN}`);
    // just in time, with the mapped role
    const people = (await reviewCall(api, "admin", "GET", "/people")).body as { people: { email: string; role: string; name: string }[] };
    expect(people.people.find((p) => p.email === `marina@${DOMAIN}`)).toMatchObject({ role: "analyst", name: "Marina Lopes" });
    const events = await reviewCall(api, "admin", "GET", "/audit-events?type=session.started&limit=20");
    expect(JSON.stringify(events.body)).toContain('"method":"sso"');
  });

  test("a person whose groups map to no role is refused with a clear message", async ({ page }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, "/login");
    await page.getByTestId("login-email").fill(`sem.grupo@${DOMAIN}`);
    await page.getByTestId("login-sso-submit").click();
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('input[name="password"]').fill("senha-no-provedor");
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/login\?error=sso_no_role$/, { timeout: SIGN_IN_TIMEOUT });
    await expect(page.getByTestId("login-error")).toHaveText(/Acesso recusado: nenhum dos seus grupos/);
    await page.setViewportSize({ width: 420, height: 800 });
    await page.screenshot({ path: `${SHOTS}/login-refused-420.png` });
    await expectNoSeriousA11yViolations(page, "/login after an SSO refusal");
  });
});
