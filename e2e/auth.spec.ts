import { API_URL, DEMO_PASSWORD, USERS, WEB_URL } from "./support/env";
import {
  SIGN_IN_TIMEOUT,
  expect,
  gotoHydrated,
  openUserMenu,
  readSessionToken,
  signInThroughForm,
  submitLogin,
  test,
} from "./support/fixtures";

// Sign-in, wrong credentials, sign-out and page protection, from a browser with no session.
test.use({ storageState: { cookies: [], origins: [] } });

test("signing in as an analyst lands on the overview", async ({ page }) => {
  await signInThroughForm(page, "analyst");
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("user-email")).toHaveText(USERS.analyst);
  await openUserMenu(page);
  await expect(page.getByTestId("user-role")).toHaveText("Analista");
  await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
});

test("a wrong password shows a clear message and keeps the analyst on the login page", async ({ page }) => {
  await submitLogin(page, USERS.analyst, "wrong-password");
  await expect(page.getByTestId("login-error")).toHaveText("E-mail ou senha incorretos.", { timeout: SIGN_IN_TIMEOUT });
  await expect(page).toHaveURL(/\/login/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name.endsWith("next-auth.session-token"))).toBeUndefined();
});

test("an unknown e-mail gets the same message as a wrong password", async ({ page }) => {
  await submitLogin(page, "nobody@lupa.local", "lupa-demo");
  await expect(page.getByTestId("login-error")).toHaveText("E-mail ou senha incorretos.", { timeout: SIGN_IN_TIMEOUT });
});

test.describe("a browser beyond the service's machine, through a proxy in front of the console", () => {
  // the proxy's X-Forwarded-For: the console passes it on, and the API judges the browser by it
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.7" } });

  test("cannot sign in with the demo password, and is told why; another password is only 'incorrect'", async ({ page }) => {
    await submitLogin(page, USERS.admin, DEMO_PASSWORD);
    await expect(page.getByTestId("login-error")).toHaveText(
      "A senha das contas de demonstração só vale a partir da máquina onde o serviço roda.",
      {
        timeout: SIGN_IN_TIMEOUT,
      },
    );
    await expect(page).toHaveURL(/\/login/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name.endsWith("next-auth.session-token"))).toBeUndefined();
    await submitLogin(page, USERS.admin, "another-password-1");
    await expect(page.getByTestId("login-error")).toHaveText("E-mail ou senha incorretos.", { timeout: SIGN_IN_TIMEOUT });
  });
});

test("protected pages redirect to the login page and come back after signing in", async ({ page }) => {
  await page.goto("/verifications?status=COMPLETED");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fverifications%3Fstatus%3DCOMPLETED/);
  await page.getByTestId("login-email").fill(USERS.analyst);
  await page.getByTestId("login-password").fill("lupa-demo");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/verifications\?status=COMPLETED$/, { timeout: SIGN_IN_TIMEOUT });
  await expect(page.getByTestId("filter-status")).toHaveValue("COMPLETED");
});

test("every console route needs a session", async ({ page, request }) => {
  for (const path of ["/", "/verifications", "/verifications/00000000-0000-4000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
  const bff = await request.get("/bff/verifications");
  expect(bff.status()).toBe(401);
  expect(await bff.json()).toMatchObject({ error: { code: "unauthorized" } });
});

test("signing out returns to the login page, ends the session on the service and closes the protected pages", async ({ page, request }) => {
  await signInThroughForm(page, "analyst");
  await expect(page).toHaveURL(/\/overview$/);
  const session = await readSessionToken(page);
  const refreshToken = session?.refreshToken as string;
  expect(typeof refreshToken).toBe("string");
  await openUserMenu(page);
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("login-form")).toBeVisible();

  await page.goto("/verifications");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fverifications/);
  const bff = await page.request.get("/bff/verifications");
  expect(bff.status()).toBe(401);
  // "Sair" ended the token family: the refresh token the cookie held is refused by the service
  const refreshed = await request.post(`${API_URL}/api/v1/authentication/refresh`, { data: { refreshToken } });
  expect(refreshed.status()).toBe(401);
});

test("a callbackUrl that would leave the console lands on the overview instead (open redirect)", async ({ page }) => {
  await gotoHydrated(page, "/login?callbackUrl=%2F%09%2Fevil.com");
  await page.getByTestId("login-email").fill(USERS.analyst);
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/overview$/, { timeout: SIGN_IN_TIMEOUT });
  expect(new URL(page.url()).origin).toBe(new URL(WEB_URL).origin);
});
