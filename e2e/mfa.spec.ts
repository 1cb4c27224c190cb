import { mkdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { authenticator } from "otplib";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASSWORD, USERS } from "./support/env";
import { SIGN_IN_TIMEOUT, openUserMenu } from "./support/fixtures";
import { startPrivateStack, type PrivateStack } from "./support/private-stack";

// Issue 34, items 2 and 3, in a real browser: the analyst enrols TOTP with a code computed from the
// QR code's secret (the otpauth URI shown beside it), signs out, signs in again with a code, and
// reveals a full document after a step-up (the dialog: senha + código), on a private API whose
// step-up window is short (./support/private-stack.ts). Screenshots at 1280 and 420 px of the
// enrolment and of the step-up prompt go to LUPA_SHOTS_DIR (default /work/shots/mfa-stepup).

const STEP_UP_SECONDS = 12;
const SHOTS = process.env.LUPA_SHOTS_DIR ?? "/work/shots/mfa-stepup";

let stack: PrivateStack;
test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  stack = await startPrivateStack({ LUPA_STEP_UP_SECONDS: String(STEP_UP_SECONDS), LUPA_ACCESS_TOKEN_SECONDS: "900" });
});
test.afterAll(async () => {
  await stack?.stop();
});

/** TOTP codes as an authenticator app gives them: never the same time step twice (the service refuses a replay). */
function codes(secret: string) {
  let last = -1;
  return async (): Promise<string> => {
    for (;;) {
      const step = Math.floor(Date.now() / 30_000);
      const target = Math.max(step, last + 1);
      if (target <= step + 1) {
        last = target;
        return authenticator.clone({ epoch: target * 30_000 + 1_000 }).generate(secret);
      }
      await sleep(1_000);
    }
  };
}

/** A code of ten steps ago: refused. */
const stale = (secret: string) => authenticator.clone({ epoch: Date.now() - 10 * 30_000 }).generate(secret);

/** The page at 1280 and 420 px wide; a modal (the step-up prompt) as the viewport shows it, its backdrop and all. */
async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 420]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

async function signIn(page: Page) {
  await hydrated(page, `${stack.webUrl}/login`);
  await page.getByTestId("login-email").fill(USERS.analyst);
  await page.getByTestId("login-password").fill(DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
}

test("enrol TOTP from the QR code's secret, sign in again with a code, reveal a document after a step-up", async ({ page, request }) => {
  test.setTimeout(300_000);
  // a case of the demo workspace, read before the analyst has a factor
  const login = await request.post(`${stack.apiUrl}/api/v1/authentication`, { data: { username: USERS.analyst, password: DEMO_PASSWORD } });
  const list = await request.get(`${stack.apiUrl}/api/v2/verifications?limit=5&status=COMPLETED`, {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
  });
  const caseId = ((await list.json()) as { verifications: { id: string }[] }).verifications[0]!.id;

  await signIn(page);
  await expect(page).toHaveURL(/\/(overview|verifications)/, { timeout: SIGN_IN_TIMEOUT });

  // enrolment: "Segurança" → "Ativar segundo fator" → QR code, the secret and the otpauth URI
  await hydrated(page, `${stack.webUrl}/security`);
  await expect(page.getByTestId("factor-none")).toBeVisible();
  await page.getByTestId("enrol-start").click();
  await expect(page.getByTestId("enrol-qr")).toBeVisible();
  const secret = (await page.getByTestId("enrol-secret").textContent())!.trim();
  await page.locator("details summary", { hasText: "otpauth" }).click();
  const uri = new URL((await page.getByTestId("enrol-uri").textContent())!.trim());
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.searchParams.get("secret")).toBe(secret);
  expect(uri.searchParams.get("issuer")).toBe("Lupa");
  await expectNoSeriousA11yViolations(page, "enrolment");
  await shoot(page, "enrolment");

  const next = codes(secret);
  // a wrong code is refused in pt-BR, then the right one confirms it
  await page.getByTestId("enrol-code").fill(stale(secret));
  await page.getByTestId("enrol-confirm").click();
  await expect(page.getByTestId("enrol-problem")).toContainText("Código incorreto");
  await page.getByTestId("enrol-code").fill(await next());
  await page.getByTestId("enrol-confirm").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await shoot(page, "recovery-codes");
  await page.getByTestId("recovery-codes-done").click();
  await expect(page.getByTestId("factor-enrolled")).toBeVisible();

  // sign out, then in again: the second step asks for the code
  await openUserMenu(page);
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page);
  await expect(page).toHaveURL(/\/login\/second-factor/, { timeout: SIGN_IN_TIMEOUT });
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await expect(page.getByText("Código do autenticador")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "second step");
  await shoot(page, "second-step");
  // nothing else opens before the code
  await page.goto(`${stack.webUrl}/verifications/${caseId}`);
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByTestId("second-factor-code").fill(await next());
  await page.getByTestId("second-factor-submit").click();
  await expect(page).toHaveURL(new RegExp(`/verifications/${caseId}`), { timeout: SIGN_IN_TIMEOUT });

  // past the step-up window, revealing the document asks for the password and code, then reveals it
  await sleep((STEP_UP_SECONDS + 1) * 1000);
  await hydrated(page, `${stack.webUrl}/verifications/${caseId}`);
  const document = page.getByTestId("verification-document");
  await expect(document).toHaveAttribute("data-revealed", "false");
  await page.getByTestId("document-reveal").first().click();
  const dialog = page.getByTestId("step-up-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("step-up-code")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "step-up prompt");
  await shoot(page, "step-up", false);
  await dialog.getByTestId("step-up-password").fill("senha-errada");
  await dialog.getByTestId("step-up-code").fill(stale(secret));
  await dialog.getByTestId("step-up-submit").click();
  await expect(dialog.getByTestId("step-up-problem")).toHaveText("Senha incorreta.");
  await dialog.getByTestId("step-up-password").fill(DEMO_PASSWORD);
  await dialog.getByTestId("step-up-code").fill(await next());
  await dialog.getByTestId("step-up-submit").click();
  await expect(dialog).toBeHidden();
  await expect(document).toHaveAttribute("data-revealed", "true");
  await expect(document).toHaveText(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
});
