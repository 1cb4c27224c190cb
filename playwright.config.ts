import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { API_URL, AUTH_DIR, E2E_DATA_DIR, E2E_RECEIVER_CA, WEB_URL } from "./e2e/support/env";

// End-to-end tests: the console in a real Chromium against the real service and database.
// Both servers are started here: the API on a fresh data folder (.lupa-e2e, removed right before it
// starts; Playwright starts web servers before globalSetup, so the removal cannot live there) and
// the console in production mode, rebuilt so the tests never run an old build.

// Debian's chromium-headless-shell (the build Playwright itself uses for headless runs) when it is
// installed: the same engine without the full browser's shell, at about 60% of the full browser's
// CPU on these tests (docs/benchmarks.md, "npm test"); else the full /usr/bin/chromium.
const chromiumPath =
  process.env.LUPA_CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";
const CI = Boolean(process.env.CI);
const reuse = !CI && process.env.LUPA_E2E_REUSE === "1";

export default defineConfig({
  testDir: "./e2e",
  outputDir: ".test-output/playwright-artifacts",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  // Two workers: a test spends most of its time waiting on the console and the service, so two
  // files side by side halve the wall time on the two-core machines (the other lanes of npm test
  // run beside them).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: CI,
  reporter: [["list"], ["json", { outputFile: ".test-output/playwright.json" }]],
  use: {
    baseURL: WEB_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // Traces record every action's screenshots and DOM snapshots for every test, kept or not: a
    // third of the browser's CPU. Off unless asked for (LUPA_E2E_TRACE=retain-on-failure); a failed
    // test still leaves its screenshot and its page's ARIA snapshot (error-context.md).
    trace: (process.env.LUPA_E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    // The console honours the reduced-motion preference (app/globals.css): no animation repaints
    // pages while the tests wait.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"], headless: true } },
    {
      name: "chromium",
      testMatch: /.*\.spec\.ts$/,
      testIgnore: /\.solo\.spec\.ts$/,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], headless: true, storageState: `${AUTH_DIR}/analyst.json` },
    },
    // Tests that change the whole demo workspace's sign-in policy (e2e/sso-password-off.solo.spec.ts)
    // run after every other one, alone: beside another test, that test's sign-in was refused.
    {
      name: "solo",
      testMatch: /\.solo\.spec\.ts$/,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], headless: true, storageState: `${AUTH_DIR}/analyst.json` },
    },
  ],
  webServer: [
    {
      command: `node -e "require('node:fs').rmSync('${E2E_DATA_DIR}', { recursive: true, force: true })" && npm run start:api`,
      url: `${API_URL}/health`,
      env: {
        LUPA_DATA_DIR: E2E_DATA_DIR,
        LUPA_API_PORT: new URL(API_URL).port,
        // Short-lived access tokens, so the console's refresh in proxy.ts runs during the suite.
        LUPA_ACCESS_TOKEN_SECONDS: process.env.LUPA_ACCESS_TOKEN_SECONDS ?? "75",
        LUPA_SANDBOX_SLOW_MS: process.env.LUPA_SANDBOX_SLOW_MS ?? "30000",
        // Every test signs in to the one demo workspace: two workers, their API helpers and the
        // console's polling together passed its 50 requests/s (a 429 on a test's setup call). The
        // limit itself is tested by the service tests (platform.test.ts).
        LUPA_RATE_LIMIT_PER_SECOND: process.env.LUPA_RATE_LIMIT_PER_SECOND ?? "500",
        // e2e/sso.spec.ts runs an OpenID provider on loopback, over http
        LUPA_SSO_ALLOW_HTTP_ISSUER: "1",
        // webhooks (e2e/webhooks.spec.ts): the test's HTTPS receiver on 127.0.0.1, its certificate
        // written to this file by the test before the first delivery (read at each delivery round)
        LUPA_CALLBACK_ALLOW_LIST: process.env.LUPA_CALLBACK_ALLOW_LIST ?? "127.0.0.1",
        LUPA_CALLBACK_CA_FILE: process.env.LUPA_CALLBACK_CA_FILE ?? E2E_RECEIVER_CA,
        // Step-up (issue 34): the suite's sessions are signed in once by the setup project and used
        // for longer than the default 15 minutes on a busy machine; e2e/mfa.spec.ts tests the window
        // on a private API of its own (e2e/support/private-stack.ts).
        LUPA_STEP_UP_SECONDS: process.env.LUPA_STEP_UP_SECONDS ?? "7200",
      },
      timeout: 120_000,
      reuseExistingServer: reuse,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/start-web.mjs",
      url: `${WEB_URL}/login`,
      env: {
        LUPA_WEB_PORT: new URL(WEB_URL).port,
        LUPA_API_URL: API_URL,
        LUPA_DATA_DIR: E2E_DATA_DIR,
        LUPA_WEB_REBUILD: process.env.LUPA_WEB_REBUILD ?? "1",
      },
      timeout: 300_000,
      reuseExistingServer: reuse,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
