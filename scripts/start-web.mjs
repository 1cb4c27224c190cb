// Starts the console in production mode (`next start`) on 127.0.0.1:${LUPA_WEB_PORT:-3000}.
// The build skips its type check (LUPA_WEB_BUILD_TYPECHECK=0 unless set: next.config.ts).
// NEXTAUTH_SECRET comes from the shared secrets (environment or the data folder), NEXTAUTH_URL from
// the port. Builds first when there is no production build yet (or always with LUPA_WEB_REBUILD=1),
// then waits for the API to answer (up to LUPA_WEB_WAIT_API_MS, default two minutes) before it
// listens, so the first pages never meet an API that is still starting.
//
// The API's rule for demo accounts applies to the console too: asked to listen beyond loopback
// (LUPA_WEB_HOST), it first asks the API whether demo accounts still have the published password
// (GET /api/review/v1/demo-exposure) and refuses to start when they do, or when the API cannot
// say, unless LUPA_ALLOW_DEMO=1 (a public demo on purpose).
/* global AbortSignal */
import { spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { isLoopback } from "../server/support/loopback.mjs";
import { loadSecrets } from "../server/support/secrets.mjs";
import { demoAccountsOpen, localWebUrl, readyLines, waitForApi, warmUp, webNeedsBuild } from "./start-lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", ".bin", "next");
const port = process.env.LUPA_WEB_PORT || "3000";
const host = process.env.LUPA_WEB_HOST || "127.0.0.1";

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXTAUTH_SECRET: loadSecrets().nextAuthSecret,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL || `http://${host}:${port}`,
  // the local service unless told otherwise, on the port it was given
  LUPA_API_URL: process.env.LUPA_API_URL || `http://127.0.0.1:${process.env.LUPA_API_PORT || "4000"}`,
  NEXT_TELEMETRY_DISABLED: "1",
  // the build on start does not type-check the console (37 s of a first start's 237 s here): CI's
  // static lane and `npm run typecheck` do, over the whole project. LUPA_WEB_BUILD_TYPECHECK=1 keeps it.
  LUPA_WEB_BUILD_TYPECHECK: process.env.LUPA_WEB_BUILD_TYPECHECK ?? "0",
};

/** "open", "closed", or why the API could not say; waits up to two minutes for an API that is starting. */
async function demoExposure(apiUrl) {
  const until = Date.now() + 120_000;
  let reason = "no answer";
  while (Date.now() < until) {
    try {
      const res = await fetch(`${apiUrl}/api/review/v1/demo-exposure`, { signal: AbortSignal.timeout(10_000) });
      if (res.status !== 200) return `it answered HTTP ${res.status}`;
      const body = await res.json();
      if (typeof body?.demoAccountsOpen !== "boolean") return "its answer had no demoAccountsOpen";
      return body.demoAccountsOpen ? "open" : "closed";
    } catch (error) {
      reason = error instanceof Error && error.name === "TimeoutError" ? "it did not answer within 10 s" : "it could not be reached";
      await sleep(1000);
    }
  }
  return reason;
}

if (!isLoopback(host) && process.env.LUPA_ALLOW_DEMO !== "1") {
  const verdict = await demoExposure(env.LUPA_API_URL);
  if (verdict !== "closed") {
    console.error(
      verdict === "open"
        ? `[web] Refusing to start: the console would listen on ${host}, beyond this machine, while demo accounts still have the demo password. ` +
            "Change their passwords (npm run admin -- reset-password --email <email>) or disable them (npm run admin -- disable-user --email <email>), " +
            "listen on 127.0.0.1 (LUPA_WEB_HOST), or set LUPA_ALLOW_DEMO=1 to run a public demo on purpose."
        : `[web] Refusing to start: the console would listen on ${host}, beyond this machine, and the API at ${env.LUPA_API_URL} could not say ` +
            `whether demo accounts still have the demo password (${verdict}). Listen on 127.0.0.1 (LUPA_WEB_HOST), start the API first, ` +
            "or set LUPA_ALLOW_DEMO=1 when the API has no open demo account.",
    );
    process.exit(1);
  }
}

let child = null;
let stopping = false;

function run(args) {
  return new Promise((resolve) => {
    child = spawn(nextBin, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code, signal) => {
      child = null;
      resolve({ code, signal });
    });
  });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

const rebuild = process.env.LUPA_WEB_REBUILD === "1";
if (webNeedsBuild(root, process.env)) {
  console.log(rebuild ? "[web] LUPA_WEB_REBUILD=1: running next build" : "[web] no production build found: running next build");
  const build = await run(["build"]);
  if (stopping) process.exit(0);
  if (build.code !== 0) {
    console.error("[web] next build failed");
    process.exit(build.code ?? 1);
  }
}

const waitMs = Number(process.env.LUPA_WEB_WAIT_API_MS ?? 120_000);
if (waitMs > 0 && !(await waitForApi(env.LUPA_API_URL, { timeoutMs: 1_000 }))) {
  console.log(`[web] waiting for the API at ${env.LUPA_API_URL} to start...`);
  const up = await waitForApi(env.LUPA_API_URL, { timeoutMs: waitMs });
  if (stopping) process.exit(0);
  console.log(up ? "[web] the API answers" : `[web] the API did not answer within ${Math.round(waitMs / 1000)} s: starting anyway`);
}
console.log(`[web] starting the console on http://${host}:${port} (API ${env.LUPA_API_URL})`);
const serving = run(["start", "--hostname", host, "--port", port]);
// the sign-in page and next-auth's routes loaded once, before the first person signs in; then the
// terminal says the console is ready and, while they keep the demo password, the demo accounts
// again (the API printed them before the build scrolled them away)
void warmUp(localWebUrl(host, port)).then(async (answered) => {
  if (answered.length === 0 || stopping) return;
  for (const line of readyLines(`http://${host}:${port}`, await demoAccountsOpen(env.LUPA_API_URL))) console.log(line);
});
const server = await serving;
process.exit(stopping ? 0 : (server.code ?? (server.signal ? 1 : 0)));
