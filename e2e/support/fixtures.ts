import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { decode } from "next-auth/jwt";
import { LupaApi } from "./api";
import { API_URL, DEMO_PASSWORD, E2E_DATA_DIR, USERS, type Role } from "./env";

// Typed fixture `api`: talks to the service directly (tokens of the demo accounts) to prepare data.

export const test = base.extend<{ api: LupaApi }>({
  api: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: API_URL });
    await use(new LupaApi(request));
    await request.dispose();
  },
});

export { expect };

/** Opens a page and waits until React has hydrated it (controls and shortcuts are live). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * Opens the list and waits until its keys listen (html[data-list-keys]): the list's effects run
 * after the layout's data-hydrated is set.
 */
export async function gotoList(page: Page, url: string): Promise<void> {
  await gotoHydrated(page, url);
  await expect(page.locator("html")).toHaveAttribute("data-list-keys", "true");
}

/**
 * Opens a case page and waits until its own client code runs: its server-rendered buttons show
 * before they work, and with team review its keys wait for the case's review state.
 * CaseTriage marks html[data-triage=<id>] when it is live.
 */
export async function gotoCase(page: Page, id: string): Promise<void> {
  await gotoHydrated(page, `/verifications/${id}`);
  await expect(page.locator("html")).toHaveAttribute("data-triage", id);
}

/** Sign-in hashes the password with scrypt at OWASP cost: allow for a busy machine. */
export const SIGN_IN_TIMEOUT = 30_000;

export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await gotoHydrated(page, "/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** Signs in through the login form and waits for the list. */
export async function signInThroughForm(page: Page, role: Role): Promise<void> {
  await submitLogin(page, USERS[role], DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/(overview|verifications)(\?.*)?$/, { timeout: SIGN_IN_TIMEOUT });
  // the page it lands on works once hydrated: a click before it (on "Sair", say) would be lost
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/** The console's session cookie, decrypted with the secret the console runs with. */
export async function readSessionToken(page: Page): Promise<Record<string, unknown> | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  if (!cookie) return null;
  const secret =
    process.env.NEXTAUTH_SECRET ??
    (JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "secrets.json"), "utf8")) as { nextAuthSecret: string }).nextAuthSecret;
  return (await decode({ token: cookie.value, secret })) as Record<string, unknown> | null;
}

/** Opens the header's user menu (Ausente até…, Sessões ativas, Segurança, Sair) and waits for it. */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByRole("menu")).toBeVisible();
}
