// `npm test`: every suite, then one closing line "N passed, N failed[, N skipped]".
//  1. typecheck, lint and format check
//  2. unit and service tests on PGlite (vitest)
//  3. service tests on PostgreSQL at 127.0.0.1:5432 (skipped, and said so, when unreachable)
//  4. console tests in Chromium against the real service (Playwright)
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";

const OUT = ".test-output";
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
// The names of failed tests (and of console tests that passed only on retry), repeated at the end:
// CI keeps only the tail of the output.
const failedNames = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(title, command, args) {
  const status = run(title, command, args);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(title);
  }
}

function countVitest(title, file, status) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numFailedTests > 0 || report.numFailedTestSuites > 0 || status !== 0) problems.push(title);
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
    for (const suite of report.testResults ?? []) {
      const path = suite.name.replace(`${process.cwd()}/`, "");
      const failed = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failed) failedNames.push(`${title}: ${path} › ${test.fullName}`);
      if (suite.status === "failed" && failed.length === 0)
        failedNames.push(`${title}: ${path} (${(suite.message ?? "failed to run").split("\n")[0]})`);
    }
  } catch {
    totals.failed += 1;
    problems.push(`${title} (no report)`);
  }
}

function countPlaywright(title, file, status) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const { stats } = report;
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (stats.unexpected > 0 || status !== 0) problems.push(title);
    if (status !== 0 && stats.unexpected === 0) totals.failed += 1;
    const walk = (suite, titles) => {
      // a file's suite is titled with its path; describe() blocks with their titles
      const here = suite.title && !/\.(ts|js)$/.test(suite.title) ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected" || test.status === "flaky")
            failedNames.push(
              `${title}: ${spec.file} › ${[...here, spec.title].join(" › ")}${test.status === "flaky" ? " (passed on retry)" : ""}`,
            );
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  } catch {
    totals.failed += 1;
    problems.push(`${title} (no report)`);
  }
}

function postgresReachable() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: 5432, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const only = process.argv[2]; // optional: "server" or "e2e"

if (!only) {
  check("typecheck", "npx", ["tsc", "--noEmit", "-p", "."]);
  check("lint", "npx", ["eslint", "."]);
  check("format (prettier --check)", "npx", ["prettier", "--check", "--log-level", "warn", "."]);
}

if (!only || only === "server") {
  const pgliteReport = `${OUT}/vitest-pglite.json`;
  const status = run(
    "unit and service tests on PGlite",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgliteReport}`],
    { LUPA_TEST_DB: "pglite" },
  );
  countVitest("tests on PGlite", pgliteReport, status);

  if (await postgresReachable()) {
    const pgReport = `${OUT}/vitest-postgres.json`;
    const pgStatus = run(
      "service tests on PostgreSQL (127.0.0.1:5432)",
      "npx",
      ["vitest", "run", "test/service", "--reporter=default", "--reporter=json", `--outputFile.json=${pgReport}`],
      { LUPA_TEST_DB: "postgres" },
    );
    countVitest("tests on PostgreSQL", pgReport, pgStatus);
  } else {
    console.log("\n=== service tests on PostgreSQL: SKIPPED, nothing listens on 127.0.0.1:5432 ===");
  }
}

if (!only || only === "e2e") {
  const e2eReport = `${OUT}/playwright.json`;
  const status = run("console tests in Chromium (Playwright)", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
  countPlaywright("console tests", e2eReport, status);
}

if (failedNames.length) console.log(`\nFailed tests:\n${failedNames.map((name) => `  ✗ ${name}`).join("\n")}`);
if (problems.length) console.log(`\nFailed: ${problems.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 || problems.length > 0 ? 1 : 0);
