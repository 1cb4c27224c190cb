// `npm start`: the quick start. Installs dependencies when missing, then runs the service (API and
// workers on the embedded database, demo data on first start) and the console side by side.
// Ctrl-C stops both. Settings: see docs/configuration.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { childEnv, nodeTooOld, prefixLine, startBanner, webNeedsBuild } from "./start-lib.mjs";

// first, before npm installs anything: on an older Node, one line that says which Node to install
// (LUPA_NODE_VERSION stands for process.versions.node in test/unit/start-lib.test.ts)
const tooOld = nodeTooOld(
  process.env.LUPA_NODE_VERSION || process.versions.node,
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines?.node,
);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

if (!existsSync("node_modules/.bin/next") || !existsSync("node_modules/.bin/esbuild")) {
  console.log("Installing dependencies (npm ci)...");
  const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
// the service runs compiled (dist/): built on the first start and whenever its sources changed
const { buildServer, isFresh } = await import("./build-server.mjs");
if (!isFresh()) await buildServer();

const children = [];
const env = childEnv(process.env, Boolean(process.stdout.isTTY));
const willBuild = webNeedsBuild(process.cwd(), process.env);
let stopping = false;

function start(name, command, args) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const prefix = (stream, out) => {
    let buffer = "";
    stream.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop();
      for (const line of lines) out.write(`${prefixLine(name, line)}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`[${name}] exited with code ${code}; stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r))))).then(() => process.exit(code));
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start("api", process.execPath, ["dist/main.mjs"]);
start("web", "node", ["scripts/start-web.mjs"]);
console.log(startBanner(process.env, willBuild));
