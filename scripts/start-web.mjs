// Starts the console in production mode (`next start`) on 127.0.0.1:${LUPA_WEB_PORT:-3000}.
// NEXTAUTH_SECRET comes from the shared secrets (environment or the data folder), NEXTAUTH_URL from
// the port. Builds first when there is no production build yet (or always with LUPA_WEB_REBUILD=1).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadSecrets } from "../server/support/secrets.mjs";

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
};

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
if (rebuild || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log(rebuild ? "[web] LUPA_WEB_REBUILD=1: running next build" : "[web] no production build found: running next build");
  const build = await run(["build"]);
  if (stopping) process.exit(0);
  if (build.code !== 0) {
    console.error("[web] next build failed");
    process.exit(build.code ?? 1);
  }
}

console.log(`[web] starting the console on http://${host}:${port} (API ${env.LUPA_API_URL})`);
const server = await run(["start", "--hostname", host, "--port", port]);
process.exit(stopping ? 0 : (server.code ?? (server.signal ? 1 : 0)));
