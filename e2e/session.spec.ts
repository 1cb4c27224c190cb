import { expect, readSessionToken, signInThroughForm, test } from "./support/fixtures";

// The API tokens stay on the server: never in the browser's storage, cookies it can read, or any
// response it receives. And they are refreshed by the console before they expire.
test.use({ storageState: { cookies: [], origins: [] } });

test("no API token reaches the browser", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!/json|html|text|x-component|javascript/.test(type)) return;
    try {
      bodies.push(await response.text());
    } catch {
      // Redirects and aborted requests have no body.
    }
  });

  await signInThroughForm(page, "analyst");
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Verificações" }).click();
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  await page.getByTestId("verification-row").first().getByTestId("row-name").click();
  await expect(page.getByTestId("verification-header")).toBeVisible();

  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
  expect(Object.keys(session).sort()).toEqual(["expires", "user"]);
  // secondFactor: whether the session still owes its second step (issue 34), a state, never a secret
  expect(Object.keys(session.user).sort()).toEqual(["email", "role", "secondFactor", "workspaceId"]);
  expect(session.user.secondFactor).toBeNull();
  expect(JSON.stringify(session)).not.toMatch(/accessToken|refreshToken|eyJ/);

  const token = await readSessionToken(page);
  const accessToken = token?.accessToken as string;
  const refreshToken = token?.refreshToken as string;
  expect(accessToken).toBeTruthy();
  expect(refreshToken).toBeTruthy();

  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie?.httpOnly).toBe(true);
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );
  expect(storage).not.toContain("next-auth.session-token");
  await page.waitForLoadState("networkidle");
  for (const secret of [accessToken, refreshToken]) {
    expect(storage).not.toContain(secret);
    expect(bodies.some((body) => body.includes(secret))).toBe(false);
  }
  expect(bodies.length).toBeGreaterThan(3);
});

test("the console refreshes the API access token before it expires", async ({ page }) => {
  await signInThroughForm(page, "analyst");
  await expect(page).toHaveURL(/\/overview$/);
  const before = await readSessionToken(page);
  const expires = before?.accessTokenExpires as number;
  expect(typeof expires).toBe("number");
  const lifetime = expires - Date.now();
  // playwright.config.ts starts the API with LUPA_ACCESS_TOKEN_SECONDS=75 so the refresh window comes quickly
  expect(lifetime, "short-lived access tokens (LUPA_ACCESS_TOKEN_SECONDS=75)").toBeLessThanOrEqual(80_000);

  // proxy.ts refreshes when the token expires within 60 s.
  await page.waitForTimeout(Math.max(0, lifetime - 60_000 + 1_000));
  // the next page load goes through proxy.ts, which refreshes (sign-in now lands on /overview)
  await page.goto("/verifications");
  await expect(page.getByTestId("verification-row").first()).toBeVisible();
  const after = await readSessionToken(page);
  expect(after?.accessToken).not.toBe(before?.accessToken);
  expect(after?.accessTokenExpires as number).toBeGreaterThan(expires);
  await expect(page.getByTestId("user-email")).toHaveText("analyst@lupa.local");
});
