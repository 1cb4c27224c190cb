import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { ACME, MARIA, releaseOne, writeReleaseFolder } from "../test/support/receita-fixture";
import { expectNoSeriousA11yViolations } from "./support/axe";

// Data that names its source (issue 28), in the browser: a real company's case shows, under each
// dossier section's title, where its data came from. The suite's own API serves the sandbox only,
// so this file starts a second service of its own, as an operator would: a month of the Receita's
// CNPJ open data imported with the admin command (the test fixture's files, in the published
// layout), a workspace and an analyst made with it, then the API with
// LUPA_PROVIDERS=company-profile:receita,company-related:receita and the sandbox on (explicitly),
// and a console on it (the build the suite already made). Both stop when the file ends.

const PASSWORD = "fontes-e2e-senha-1";
const EMAIL = "analista@fontes.local";
const SHOTS = ".test-output/sources";
const children: ChildProcess[] = [];
let api = "";
let web = "";
let dataDir = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function admin(args: string[], env: NodeJS.ProcessEnv, input?: string): string {
  const run = spawnSync(process.execPath, ["dist/admin.mjs", ...args], { env, input, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`admin ${args[0]}: ${run.stderr}`);
  return run.stdout;
}

async function answers(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.describe.configure({ mode: "serial", timeout: 240_000 });
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  // four admin commands, then an API and a console to start: minutes on a busy machine
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "lupa-e2e-sources-"));
  const folder = await writeReleaseFolder(path.join(dataDir, "cnpj"), "2025-06", releaseOne());
  const [apiPort, webPort] = [await freePort(), await freePort()];
  api = `http://127.0.0.1:${apiPort}`;
  web = `http://127.0.0.1:${webPort}`;
  const env = { ...process.env, LUPA_DATA_DIR: path.join(dataDir, "lupa"), LUPA_SEED_DEMO: "0", LUPA_LOG_LEVEL: "warn" };
  admin(["import-cnpj", folder], env);
  const workspace = /: ([0-9a-f-]{36})/.exec(admin(["create-workspace", "--name", "Fontes"], env))![1]!;
  admin(
    ["create-user", "--workspace", workspace, "--email", EMAIL, "--role", "analyst", "--name", "Ana Fontes", "--password-stdin"],
    env,
    `${PASSWORD}\n`,
  );
  children.push(
    spawn(process.execPath, ["dist/main.mjs"], {
      env: {
        ...env,
        LUPA_API_PORT: String(apiPort),
        LUPA_PROVIDERS: "company-profile:receita,company-related:receita",
        LUPA_SANDBOX: "on",
      },
      stdio: "ignore",
    }),
  );
  await answers(`${api}/health`, 60_000);
  children.push(
    spawn(process.execPath, ["scripts/start-web.mjs"], {
      env: { ...env, LUPA_WEB_PORT: String(webPort), LUPA_API_URL: api, LUPA_WEB_REBUILD: "0" },
      stdio: "ignore",
    }),
  );
  await answers(`${web}/login`, 120_000);
});

test.afterAll(async () => {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
  rmSync(dataDir, { recursive: true, force: true });
});

async function apiAs(): Promise<{ context: APIRequestContext; headers: Record<string, string> }> {
  const context = await playwrightRequest.newContext({ baseURL: api });
  const auth = await context.post("/api/v1/authentication", { data: { username: EMAIL, password: PASSWORD } });
  expect(auth.status()).toBe(200);
  return { context, headers: { authorization: `Bearer ${(await auth.json()).accessToken as string}` } };
}

async function createCase(): Promise<string> {
  const { context, headers } = await apiAs();
  const created = await context.post("/api/v2/verifications", {
    headers,
    data: { nationalId: ACME, profileId: "prf_kyb_company", verifications: {} },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  await expect
    .poll(async () => ((await (await context.get(`/api/v2/verifications/${id}`, { headers })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe("COMPLETED");
  await context.dispose();
  return id;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${web}/login`);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByTestId("login-email").fill(EMAIL);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/(overview|verifications)(\?.*)?$/, { timeout: 30_000 });
}

const source = (page: Page, module: string) => page.locator(`[data-testid=module-source][data-module=${module}]`);

test("a real company's case names each section's source: the Receita and its release, the sandbox as fictitious", async ({ page }) => {
  const id = await createCase();
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${web}/verifications/${id}`);
  await expect(page.getByTestId("company-profile")).toBeVisible();

  await expect(page.getByTestId("company-profile").getByTestId("module-source")).toHaveText("Fonte: Receita Federal, release 2025-06");
  await expect(source(page, "related")).toHaveText("Fonte: Receita Federal, release 2025-06");
  await expect(source(page, "lawsuits")).toHaveText("Sandbox: dados fictícios");
  await expect(source(page, "finance")).toHaveText("Sandbox: dados fictícios");
  // the partners' lawsuits follow the registry's QSA (MARIA is in it), their lawsuits invented
  const owners = page.getByTestId("owner-lawsuits-section");
  await expect(owners.first()).toBeVisible();
  await expect(page.getByRole("heading", { name: `Processos do sócio ${MARIA.name}` })).toBeVisible();
  for (const line of await owners.getByTestId("module-source").all())
    await expect(line).toHaveText("Sandbox: dados fictícios, sobre os sócios da Receita Federal");
  await expect(page.getByTestId("score-fictitious")).toContainText("Este score inclui dados fictícios do sandbox");
  await expectNoSeriousA11yViolations(page, "a real company's case");
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/case-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 420, height: 900 });
  await expect(source(page, "lawsuits")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(420);
  await page.screenshot({ path: `${SHOTS}/case-420.png`, fullPage: true });
});

test("an enrichment of a real company names each module's source", async ({ page }) => {
  const { context, headers } = await apiAs();
  const created = await context.post("/api/v3/enrichments", { headers, data: { document: ACME, profileId: "prf_company_complete" } });
  expect([200, 202]).toContain(created.status());
  const id = (await created.json()).id as string;
  await context.dispose();
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${web}/enrichments/${id}`);
  await expect(page.getByTestId("enrichment-detail")).toHaveAttribute("data-status", "COMPLETED", { timeout: 30_000 });
  const moduleSource = (module: string) => page.locator(`[data-testid=module-data][data-module=${module}] [data-testid=module-source]`);
  await expect(moduleSource("profile")).toHaveText("Fonte: Receita Federal, release 2025-06");
  await expect(moduleSource("related")).toHaveText("Fonte: Receita Federal, release 2025-06");
  await expect(moduleSource("lawsuits")).toHaveText("Sandbox: dados fictícios");
  // one line per partner's lawsuits section: each names the same source
  for (const line of await moduleSource("ownersLawsuits").all())
    await expect(line).toHaveText("Sandbox: dados fictícios, sobre os sócios da Receita Federal");
  await page.screenshot({ path: `${SHOTS}/enrichment-1280.png`, fullPage: false });

  // issue 29: the Receita's fields in pt-BR, through the case page's profile (fields, partners)
  const profile = page.getByTestId("company-profile");
  const extras = profile.getByTestId("profile-extras");
  for (const label of [
    "Situação especial",
    "Simples Nacional: optante",
    "Simples Nacional: desde",
    "Simples Nacional: até",
    "MEI: optante",
    "MEI: até",
  ])
    await expect(extras.getByText(label, { exact: true })).toBeVisible();
  const joao = profile.getByTestId("partner").filter({ hasText: "JOÃO PEREIRA LIMA" });
  await expect(joao).toContainText("Identificação do sócio: Nome e CPF mascarado");
  await expect(joao).toContainText("Faixa etária: ");
  await expect(joao).toContainText("Representante legal: ANA PEREIRA LIMA");
  await expect(page.getByTestId("module-states")).toContainText("Cadastro de pessoa jurídica, versão 2.0");
  const text = await page.getByTestId("enrichment-detail").innerText();
  for (const raw of [
    "Special status",
    "Age band",
    "name_and_masked_cpf",
    "Legal representative",
    "Simples nacional",
    "Opted",
    "Until",
    "company-profile-2.0",
  ])
    expect(text, raw).not.toContain(raw);
  await page.screenshot({ path: "/tmp/enrichment-page-receita-1280.png", fullPage: true });
  await page.setViewportSize({ width: 420, height: 900 });
  await expect(joao).toContainText("Nome e CPF mascarado");
  await expect(page.locator("table")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  await page.screenshot({ path: "/tmp/enrichment-page-receita-420.png", fullPage: true });
});
