import { mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASSWORD, USERS } from "./support/env";
import { SIGN_IN_TIMEOUT } from "./support/fixtures";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";
import { startOidcProvider, type TestProvider } from "../test/support/oidc-provider";

// Issue 34 item 3 for SSO accounts, in a real browser: a person who signs in through the
// workspace's provider (oidc-provider on loopback) has no password; past the step-up window,
// revealing a document opens "Confirme sua identidade" with "Confirmar com SSO" only, which goes
// back to the provider (max_age=0, prompt=login: its login form again) and returns to the page;
// the act is not repeated, a toast says the identity was confirmed, and the reveal then works.
// A private API and console with a short window (./support/private-stack.ts). Screenshots at
// 1280 and 420 px of the prompt go to LUPA_SHOTS_DIR (default /work/shots/sso-stepup).

const STEP_UP_SECONDS = 12;
const DOMAIN = "sso-stepup-e2e.test";
const PERSON = `rita@${DOMAIN}`;
const SHOTS = process.env.LUPA_SHOTS_DIR ?? "/work/shots/sso-stepup";

let stack: PrivateStack;
let idp: TestProvider;
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(420_000);
  stack = await startPrivateStack({
    LUPA_STEP_UP_SECONDS: String(STEP_UP_SECONDS),
    LUPA_ACCESS_TOKEN_SECONDS: "900",
    LUPA_SSO_ALLOW_HTTP_ISSUER: "1",
  });
  idp = await startOidcProvider({
    redirectUris: [`${stack.webUrl}/api/auth/sso/callback`],
    people: [{ email: PERSON, name: "Rita Campos", groups: ["lupa-analistas"] }],
  });
  const login = await request.post(`${stack.apiUrl}/api/v1/authentication`, { data: { username: USERS.admin, password: DEMO_PASSWORD } });
  const put = await request.put(`${stack.apiUrl}/api/review/v1/sso`, {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: {
      enabled: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: [DOMAIN],
      groupsClaim: "groups",
      roleMapping: [{ group: "lupa-analistas", role: "analyst" }],
      passwordAllowed: true,
    },
  });
  expect(put.status(), await put.text()).toBe(200);
});
test.afterAll(async () => {
  await stack?.stop();
  await idp?.close();
});

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** The provider's own login form (oidc-provider's): any password. */
async function atProvider(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`), { timeout: SIGN_IN_TIMEOUT });
  await expect(page.locator('input[name="login"]')).toHaveValue(PERSON);
  await page.locator('input[name="password"]').fill("senha-no-provedor");
  await page.locator('button[type="submit"]').click();
}

test("an SSO person reveals a document after a step-up through the provider", async ({ page, request }) => {
  test.setTimeout(300_000);
  const login = await request.post(`${stack.apiUrl}/api/v1/authentication`, { data: { username: USERS.admin, password: DEMO_PASSWORD } });
  const list = await request.get(`${stack.apiUrl}/api/v2/verifications?limit=5&status=COMPLETED`, {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
  });
  const caseId = ((await list.json()) as { verifications: { id: string }[] }).verifications[0]!.id;

  await hydrated(page, `${stack.webUrl}/login`);
  await page.getByTestId("login-email").fill(PERSON);
  await page.getByTestId("login-sso-submit").click();
  await atProvider(page);
  await expect(page).toHaveURL(/\/overview$/, { timeout: SIGN_IN_TIMEOUT });

  // past the window, the reveal asks: "Confirmar com SSO", no password field (this person has none)
  await sleep((STEP_UP_SECONDS + 1) * 1000);
  await hydrated(page, `${stack.webUrl}/verifications/${caseId}`);
  const document = page.getByTestId("verification-document");
  await expect(document).toHaveAttribute("data-revealed", "false");
  await page.getByTestId("document-reveal").first().click();
  const dialog = page.getByTestId("step-up-dialog");
  await expect(dialog.getByTestId("step-up-sso-button")).toBeVisible();
  await expect(dialog.getByTestId("step-up-sso-button")).toBeFocused();
  await expect(dialog.getByTestId("step-up-password")).toHaveCount(0);
  await expect(dialog).toContainText("A ação não será repetida automaticamente");
  await expectNoSeriousA11yViolations(page, "SSO step-up prompt");
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/step-up-sso-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // to the provider, which asks to sign in again (max_age=0), and back to the same page
  await dialog.getByTestId("step-up-sso-button").click();
  await atProvider(page);
  await expect(page).toHaveURL(new RegExp(`/verifications/${caseId}$`), { timeout: SIGN_IN_TIMEOUT });
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await expect(page.getByText("Identidade confirmada pelo login único")).toBeVisible();
  // not repeated: the person reveals it again, now without a prompt
  await expect(document).toHaveAttribute("data-revealed", "false");
  await page.getByTestId("document-reveal").first().click();
  await expect(document).toHaveAttribute("data-revealed", "true");
  await expect(document).toHaveText(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  await expect(page.getByTestId("step-up-dialog")).toBeHidden();
});
