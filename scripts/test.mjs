// `npm test`: every suite, then one closing line "N passed, N failed[, N skipped]".
// Four lanes, two at a time (LUPA_TEST_CHAINS), each writing its output to
// .test-output/<lane>.log:
//  - static: typecheck, lint, import cycles (scripts/import-cycles.mjs) and format check, one after the other
//  - pglite: unit and service tests on PGlite (vitest)
//  - postgres: service tests on PostgreSQL at 127.0.0.1:5432 (skipped, and said so, when unreachable)
//  - e2e: console tests in Chromium against the real service (Playwright)
//  - with LUPA_TEST_EXTRA_NODE=<path of another node binary> (CI: Node 24), the unit tests and one
//    service file again on that Node, after the static checks in their lane
// Each lane prints one line when it ends; a failed lane's log tail and the failed tests' names are
// printed at the end (CI keeps only the tail of the output). `npm test -- server` runs the two
// vitest lanes, `npm test -- e2e` the console tests, `npm test -- static` the checks.
// The console tests and PGlite start; whichever ends first takes PostgreSQL, the other the static
// checks. LUPA_TEST_CHAINS=1 (or LUPA_TEST_SERIAL=1) runs the lanes one after the other, 4 all at once.
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";

const OUT = ".test-output";
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
// The names of failed tests (and of console tests that passed only on retry), repeated at the end.
const failedNames = [];
const failedLogs = [];
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

// GNU time, where installed, adds each step's CPU time (its own and its children's) to its line:
// the lanes share two cores, so CPU seconds say more about a step's cost than its wall time.
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
let steps = 0;

function cpuOf(file) {
  try {
    const [user, sys] = readFileSync(file, "utf8").trim().split("\n").pop().split(" ").map(Number);
    return Number.isFinite(user + sys) ? `, ${Math.round(user + sys)} s CPU` : "";
  } catch {
    return "";
  }
}

/** Runs a command with its output in .test-output/<log>.log; resolves with its exit status. */
function run(title, log, command, args, env = {}) {
  const since = Date.now();
  const file = `${OUT}/${log}.log`;
  const cpuFile = `${OUT}/.cpu-${++steps}`;
  const out = createWriteStream(file, { flags: "a" });
  out.write(`=== ${title}: ${command} ${args.join(" ")}\n`);
  return new Promise((resolve) => {
    const [bin, argv] = TIME ? [TIME, ["-f", "%U %S", "-o", cpuFile, command, ...args]] : [command, args];
    const child = spawn(bin, argv, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const cpu = TIME ? cpuOf(cpuFile) : "";
      out.end(`=== ${title}: exit ${status} after ${seconds(since)}${cpu}\n`);
      console.log(`${status === 0 ? "✓" : "✗"} ${title} (${seconds(since)}${cpu}${status === 0 ? "" : `, exit ${status}: ${file}`})`);
      if (status !== 0) failedLogs.push(file);
      resolve(status);
    });
  });
}

async function check(title, command, args) {
  const status = await run(title, "static", command, args);
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
    // an unhandled error fails the run with every test passed: count it, or the totals say 0 failed
    if (status !== 0 && report.numFailedTests === 0 && report.numFailedTestSuites === 0) {
      totals.failed += 1;
      failedNames.push(`${title}: the run failed outside any test (an unhandled error: see its log)`);
    }
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

async function staticChecks() {
  await check("typecheck", "npx", ["tsc", "--noEmit", "-p", "."]);
  await check("lint", "npx", ["eslint", "."]);
  await check("import cycles", "node", ["scripts/import-cycles.mjs"]);
  await check("format (prettier --check)", "npx", ["prettier", "--check", "--log-level", "warn", "."]);
}

async function vitest(title, lane, args, env, node = null) {
  const report = `${OUT}/vitest-${lane}.json`;
  const vitestArgs = ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const status = node
    ? await run(title, lane, node, ["node_modules/vitest/vitest.mjs", ...vitestArgs], env)
    : await run(title, lane, "npx", ["vitest", ...vitestArgs], env);
  countVitest(title, report, status);
}

/** The smaller pass on a second Node version: the unit tests and one service file end to end. */
async function extraNodeTests(node) {
  const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
  await vitest(
    `unit tests and v3 creation on Node ${version}`,
    "node-extra",
    ["test/unit", "test/service/v3-enrichments-create.test.ts"],
    { LUPA_TEST_DB: "pglite" },
    node,
  );
}

async function postgresTests() {
  if (!(await postgresReachable())) {
    console.log("- service tests on PostgreSQL: SKIPPED, nothing listens on 127.0.0.1:5432");
    return;
  }
  await vitest("service tests on PostgreSQL (127.0.0.1:5432)", "postgres", ["test/service"], { LUPA_TEST_DB: "postgres" });
}

async function consoleTests() {
  const report = `${OUT}/playwright.json`;
  const status = await run("console tests in Chromium (Playwright)", "e2e", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    // the build's own type check covers console files the static lane's tsc checks too
    ...(lanes.some((lane) => lane.part === "static") ? { LUPA_WEB_BUILD_TYPECHECK: "0" } : {}),
  });
  countPlaywright("console tests", report, status);
}

const only = process.argv[2]; // optional: "server", "e2e" or "static"
const extraNode = !only && process.env.LUPA_TEST_EXTRA_NODE;
// The lanes in the order they start: the console tests (a build, then a browser that mostly waits:
// about a third of a core) beside PGlite (two files at a time); whichever ends first takes the
// PostgreSQL pass, the other the static checks. So the machine's two cores stay busy without the
// four lanes at once starving the browser's and the setup hooks' bounded waits.
const allLanes = [
  { part: "e2e", run: consoleTests },
  { part: "server", run: () => vitest("unit and service tests on PGlite", "pglite", [], { LUPA_TEST_DB: "pglite" }) },
  { part: "server", run: postgresTests },
  {
    part: "static",
    run: async () => {
      await staticChecks();
      // the smaller pass on the second Node follows the static checks (as a lane of its own from
      // the start, its service file's setup waited over two minutes for a core)
      if (extraNode) await extraNodeTests(extraNode);
    },
  },
];
const lanes = allLanes.filter((lane) => !only || lane.part === only);
if (lanes.length === 0) {
  console.error(`Unknown part ${only}: use server, e2e or static`);
  process.exit(2);
}
// LUPA_TEST_CHAINS: how many lanes run at once (1: one after the other; 2, the default; 4: all side
// by side, for a machine with more cores). LUPA_TEST_SERIAL=1 means 1.
const chainCount = process.env.LUPA_TEST_SERIAL === "1" ? 1 : Number(process.env.LUPA_TEST_CHAINS ?? 2);
if (!Number.isInteger(chainCount) || chainCount < 1) {
  console.error(`LUPA_TEST_CHAINS=${process.env.LUPA_TEST_CHAINS}: use a whole number from 1`);
  process.exit(2);
}
console.log(`Running ${lanes.length} lane(s), ${Math.min(chainCount, lanes.length)} at a time; logs in ${OUT}/`);
const queue = [...lanes];
await Promise.all(
  Array.from({ length: Math.min(chainCount, lanes.length) }, async () => {
    for (let lane = queue.shift(); lane; lane = queue.shift()) await lane.run();
  }),
);

for (const file of failedLogs) {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  console.log(`\n--- last lines of ${file} ---\n${lines.slice(-60).join("\n")}`);
}
if (failedNames.length) console.log(`\nFailed tests:\n${failedNames.map((name) => `  ✗ ${name}`).join("\n")}`);
if (problems.length) console.log(`\nFailed: ${problems.join(", ")}`);
console.log(`\nAll lanes ended in ${seconds(started)}.`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 || problems.length > 0 ? 1 : 0);
