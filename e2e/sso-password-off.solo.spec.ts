import { mkdirSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { LupaApi } from "./support/api";
import { API_URL, WEB_URL } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { freshToken } from "./support/review";
import { startOidcProvider, type TestProvider } from "../test/support/oidc-provider";

// Login único with "Permitir também a entrada com senha" off (issue 34 item 1): the login page
// offers only SSO for the provider's domain and keeps the password form for another.
//
// A solo test (playwright.config.ts, project "solo"): it runs after every other console test, with
// nothing beside it, because turning password sign-in off is the workspace's whole policy: the
// people of the demo workspace can no longer sign in with a password while it is off (docs/security.md).
// Run beside the other tests (it lived in sso.spec.ts), a test of the other worker signing in as
// the analyst at that moment was answered 401 (CI, stop 38). Alone:
// `npx playwright test e2e/sso-password-off.solo.spec.ts --no-deps` (else the project's dependency
// runs every other test first).

const DOMAIN = "sso-solo.test";
const SHOTS = "/work/shots/sso";
let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: [`${WEB_URL}/api/auth/sso/callback`],
    people: [{ email: `marina@${DOMAIN}`, groups: ["lupa-analistas"] }],
  });
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: API_URL });
  const token = await freshToken(new LupaApi(request), "admin");
  await request.delete("/api/review/v1/sso", { headers: { authorization: `Bearer ${token}` } });
  await request.dispose();
  await idp?.close();
});

test.use({ storageState: { cookies: [], origins: [] } });

test("with password sign-in turned off, the login page offers only SSO for that domain", async ({ page, api }) => {
  const settings = {
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: [DOMAIN],
    roleMapping: [{ group: "lupa-analistas", role: "analyst" }],
  };
  // the admin's token is taken before the switch: while it is off the admin cannot sign in either
  const admin = { authorization: `Bearer ${await freshToken(api, "admin")}` };
  const put = (passwordAllowed: boolean) =>
    api.request.put("/api/review/v1/sso", { headers: admin, data: { ...settings, passwordAllowed } });
  const off = await put(false);
  expect(off.status(), await off.text()).toBe(200);
  try {
    // the people of the workspace: no password sign-in while it is off (integration accounts keep theirs)
    const refused = await api.request.post("/api/v1/authentication", { data: { username: "analyst@lupa.local", password: "lupa-demo" } });
    expect(refused.status()).toBe(401);
    await page.setViewportSize({ width: 420, height: 800 });
    await gotoHydrated(page, "/login");
    await page.getByTestId("login-email").fill(`marina@${DOMAIN}`);
    await expect(page.getByTestId("login-sso-submit")).toBeVisible();
    await expect(page.getByTestId("login-password")).toHaveCount(0);
    await expect(page.getByTestId("login-submit")).toHaveCount(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/login-sso-only-420.png` });
    await expectNoSeriousA11yViolations(page, "/login offering only SSO");
    // another domain keeps the password form
    await page.getByTestId("login-email").fill("analyst@lupa.local");
    await expect(page.getByTestId("login-password")).toBeVisible();
    await expect(page.getByTestId("login-sso-submit")).toHaveCount(0);
  } finally {
    const on = await put(true);
    expect(on.status(), await on.text()).toBe(200);
  }
  const allowed = await api.request.post("/api/v1/authentication", { data: { username: "analyst@lupa.local", password: "lupa-demo" } });
  expect(allowed.status()).toBe(200);
});
