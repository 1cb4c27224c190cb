// `npm run build:server`: the service compiled to plain JavaScript in dist/, so the API, the worker
// and the admin command run with `node dist/...` and no TypeScript loader (docs/operations.md).
// esbuild bundles our code into one module per entry point (shared code in chunks) and leaves the
// packages of node_modules as imports; the SQL migrations and the worker threads' files are copied
// beside the bundles, where `import.meta.url` finds them.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(root, "dist");
/** What the bundles are made of: a change in any of these makes dist/ stale. */
const SOURCES = ["server", "lib/contract", "package-lock.json"];

/** Entry points: the processes, and the worker threads they start by URL. */
export const ENTRIES = {
  main: "server/main.ts",
  "worker-main": "server/worker-main.ts",
  admin: "server/admin/cli.ts",
  "pdf-worker": "server/reports/pdf/worker.ts", // the PDF report's thread (server/reports/pdf/renderer.ts)
};

/** Files the bundles open at run time beside themselves (`new URL("./x", import.meta.url)`). */
const ASSETS = [
  ["server/db/migrations", "migrations"],
  ["server/providers/face/face-worker.mjs", "face-worker.mjs"],
  ["server/providers/face/decode.mjs", "decode.mjs"], // imported by the face worker
  // the demo's CNH card and selfies (server/tenancy/demo-features.ts)
  ["server/tenancy/demo-cnh.png", "demo-cnh.png"],
  ["server/tenancy/demo-selfie-cnh.jpg", "demo-selfie-cnh.jpg"],
  ["server/tenancy/demo-selfie-match.jpg", "demo-selfie-match.jpg"],
  ["server/tenancy/demo-selfie-mismatch.jpg", "demo-selfie-mismatch.jpg"],
];

/** The newest modification time under the sources, in ms. */
function newestSource(file = null) {
  if (file === null) return Math.max(...SOURCES.map((s) => newestSource(path.join(root, s))));
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(file)) newest = Math.max(newest, newestSource(path.join(file, name)));
  return newest;
}

/** Whether `out` holds a build newer than every source. */
export function isFresh(out = DIST) {
  const stamp = path.join(out, "BUILD");
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource();
}

export async function buildServer({ out = DIST, quiet = false } = {}) {
  const started = performance.now();
  let build;
  try {
    ({ build } = await import("esbuild"));
  } catch {
    throw new Error("The service is not built and esbuild is missing: run `npm ci` (with dev dependencies), then `npm run build:server`.");
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: out,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    sourcemap: "linked",
    outExtension: { ".js": ".mjs" },
    chunkNames: "[name]-[hash]", // beside the entries: `import.meta.url` of every file is in dist/
    logLevel: "warning",
  });
  for (const [from, to] of ASSETS) cpSync(path.join(root, from), path.join(out, to), { recursive: true });
  // the stamp is written last: a build that stopped halfway is stale
  writeFileSync(path.join(out, "BUILD"), `${new Date().toISOString()}\n`);
  if (!quiet) console.log(`Built the service into ${path.relative(root, out)}/ in ${Math.round(performance.now() - started)} ms`);
}

// `node scripts/build-server.mjs [--if-stale]`: --if-stale builds only when a source is newer than dist/.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--if-stale") && isFresh()) process.exit(0);
  await buildServer();
}
