// The decisions of `npm start` (scripts/start.mjs) and of the console's start (scripts/start-web.mjs),
// kept apart from the processes they start so that test/unit/start-lib.test.ts checks them.
/* global AbortSignal */
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * `npm start`'s first check, before it installs anything: null when `version` (process.versions.node)
 * satisfies `required` (package.json's engines, ">=22.12"), otherwise the one line to print. On an
 * older Node, npm ci printed four EBADENGINE warnings and went on to a start that failed later.
 */
export function nodeTooOld(version, required = ">=22.12") {
  const parse = (v) =>
    v
      .replace(/^[^0-9]*/, "")
      .split(".")
      .map((n) => Number.parseInt(n, 10) || 0);
  const [major = 0, minor = 0] = parse(version);
  const [needMajor = 0, needMinor = 0] = parse(required);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `Lupa needs Node ${needMajor}.${needMinor} or newer, and this is Node ${version}: install Node ${needMajor} ` +
    `(nvm install ${needMajor}, or https://nodejs.org/en/download) and run npm start again.`
  );
}

/**
 * A child's output line as `npm start` prints it: `[name] line`, unless the child already said
 * who it is (start-web.mjs prints its own `[web] ...` lines: they were printed `[web] [web] ...`).
 */
export function prefixLine(name, line) {
  const tag = `[${name}]`;
  return line === tag || line.startsWith(`${tag} `) ? line : `${tag} ${line}`;
}

/** Whether the console's start will run `next build` first: no production build yet, or LUPA_WEB_REBUILD=1. */
export function webNeedsBuild(root, env) {
  return env.LUPA_WEB_REBUILD === "1" || !existsSync(path.join(root, ".next", "BUILD_ID"));
}

/**
 * The environment of `npm start`'s children. Their output is piped through this process, so the
 * API cannot see the terminal itself: when this process writes to a terminal and LUPA_LOG_FORMAT
 * is unset, the API logs human-readable lines (server/support/log-format.ts); JSON otherwise.
 */
export function childEnv(env, isTTY) {
  return env.LUPA_LOG_FORMAT || !isTTY ? { ...env } : { ...env, LUPA_LOG_FORMAT: "pretty" };
}

/** The line `npm start` begins with; it mentions the console's build only when there will be one. */
export function startBanner(env, willBuild) {
  const web = env.LUPA_WEB_PORT || "3000";
  const api = env.LUPA_API_PORT || "4000";
  const build = willBuild ? " (this start builds it first: a few minutes, README.md)" : "";
  return `Starting Lupa: console on http://127.0.0.1:${web}${build}, API on http://127.0.0.1:${api}`;
}

/**
 * Waits until the API answers GET /health (any HTTP answer: it is listening), up to `timeoutMs`.
 * Returns whether it answered. The console starts after it, so a restart no longer shows
 * "Serviço indisponível" for the seconds the API takes to open its database.
 */
export async function waitForApi(apiUrl, { timeoutMs = 120_000, intervalMs = 500, fetchImpl = fetch } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetchImpl(`${apiUrl}/health`, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      return true;
    } catch {
      if (Date.now() + intervalMs > until) return false;
      await sleep(intervalMs);
    }
  }
}

/** The URL the console answers on from this machine, for its own warm-up. */
export function localWebUrl(host, port) {
  const h = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${h.includes(":") ? `[${h}]` : h}:${port}`;
}

/**
 * The console's warm-up, once it listens: the sign-in page and next-auth's routes are requested
 * once, so the first sign-in does not also pay for loading their code (about half a second on
 * these machines). Waits up to `timeoutMs` for the console; never throws. Returns the paths that answered.
 */
export async function warmUp(
  webUrl,
  { paths = ["/login", "/api/auth/csrf", "/api/auth/session"], timeoutMs = 60_000, fetchImpl = fetch } = {},
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetchImpl(`${webUrl}${paths[0]}`, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
      await res.body?.cancel();
      break;
    } catch {
      if (Date.now() + 500 > until) return [];
      await sleep(500);
    }
  }
  const answered = [paths[0]];
  for (const p of paths.slice(1)) {
    try {
      const res = await fetchImpl(`${webUrl}${p}`, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
      await res.body?.cancel();
      answered.push(p);
    } catch {
      // a warm-up only
    }
  }
  return answered;
}

/**
 * The demo accounts, as `npm start` prints them again once the console is ready (issue 29): the
 * API prints them at its start, and the console's first build scrolled them away. The same list
 * as server/tenancy/demo.ts (test/unit/start-lib.test.ts checks it); this file runs before the
 * service is compiled, so it cannot import it.
 */
export const DEMO_ACCOUNTS = [
  { email: "admin@lupa.local", role: "admin" },
  { email: "admin2@lupa.local", role: "admin" },
  { email: "analyst@lupa.local", role: "analyst" },
  { email: "analyst2@lupa.local", role: "analyst" },
  { email: "viewer@lupa.local", role: "viewer" },
  { email: "integration@lupa.local", role: "integration" },
];
export const DEMO_ACCOUNTS_PASSWORD = "lupa-demo";

/**
 * The lines the console prints once it answers: where to open it and, while the demo accounts
 * keep the published password (GET /api/review/v1/demo-exposure said so), how to sign in.
 */
export function readyLines(webUrl, demoAccountsOpen) {
  const lines = [`[web] Lupa is ready: open ${webUrl}`];
  if (demoAccountsOpen)
    lines.push(
      `[web] Demo accounts (password ${DEMO_ACCOUNTS_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(", ")}`,
    );
  return lines;
}

/**
 * Whether the API says its demo accounts keep the published password; false when it cannot say.
 * Its first answer compares the password with each demo account's hash (scrypt at OWASP cost):
 * about 9 s on a busy two-core machine, so the wait is a minute.
 */
export async function demoAccountsOpen(apiUrl, { fetchImpl = fetch, timeoutMs = 60_000 } = {}) {
  try {
    const res = await fetchImpl(`${apiUrl}/api/review/v1/demo-exposure`, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) {
      await res.body?.cancel();
      return false;
    }
    const body = await res.json();
    return body?.demoAccountsOpen === true;
  } catch {
    return false;
  }
}
