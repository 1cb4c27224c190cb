// The decisions of `npm start` (issue 20, "Newcomer's terminal"): the web prefix printed once, the
// build announced only when there will be one, human-readable API logs only for a terminal, and
// the console waiting for the API.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import {
  DEMO_ACCOUNTS,
  DEMO_ACCOUNTS_PASSWORD,
  childEnv,
  demoAccountsOpen,
  localWebUrl,
  nodeTooOld,
  prefixLine,
  readyLines,
  startBanner,
  waitForApi,
  warmUp,
  webNeedsBuild,
} from "../../scripts/start-lib.mjs";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/tenancy/demo";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("npm start's decisions", () => {
  it("prints the demo accounts again once the console is ready, while they keep the demo password (issue 29)", async () => {
    expect(DEMO_ACCOUNTS).toEqual(DEMO_USERS.map((u) => ({ email: u.email, role: u.role })));
    expect(DEMO_ACCOUNTS_PASSWORD).toBe(DEMO_PASSWORD);
    const open = readyLines("http://127.0.0.1:3000", true);
    expect(open[0]).toBe("[web] Lupa is ready: open http://127.0.0.1:3000");
    expect(open[1]).toBe(
      "[web] Demo accounts (password lupa-demo): admin@lupa.local (admin), admin2@lupa.local (admin), analyst@lupa.local (analyst), analyst2@lupa.local (analyst), viewer@lupa.local (viewer), integration@lupa.local (integration)",
    );
    expect(readyLines("http://127.0.0.1:3000", false)).toEqual(["[web] Lupa is ready: open http://127.0.0.1:3000"]);
    // the API's answer decides; an API that cannot say means no password printed
    const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
    expect(await demoAccountsOpen("http://x", { fetchImpl: answer(200, { demoAccountsOpen: true }) })).toBe(true);
    expect(await demoAccountsOpen("http://x", { fetchImpl: answer(200, { demoAccountsOpen: false }) })).toBe(false);
    expect(await demoAccountsOpen("http://x", { fetchImpl: answer(404, {}) })).toBe(false);
    expect(await demoAccountsOpen("http://x", { fetchImpl: () => Promise.reject(new Error("down")) })).toBe(false);
  });

  it("prefixes a child's line once: start-web's own [web] lines are not tagged again", () => {
    expect(prefixLine("web", "[web] starting the console on http://127.0.0.1:3000")).toBe(
      "[web] starting the console on http://127.0.0.1:3000",
    );
    expect(prefixLine("web", "▲ Next.js 16.4.5")).toBe("[web] ▲ Next.js 16.4.5");
    expect(prefixLine("api", "[web] not mine")).toBe("[api] [web] not mine");
    expect(prefixLine("web", "[webby] x")).toBe("[web] [webby] x");
  });

  it("announces the console's build only when there is none yet (or LUPA_WEB_REBUILD=1)", () => {
    const root = mkdtempSync(path.join(tmpdir(), "lupa-start-"));
    dirs.push(root);
    expect(webNeedsBuild(root, {})).toBe(true);
    expect(startBanner({}, true)).toContain("builds it first");
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
    expect(webNeedsBuild(root, {})).toBe(false);
    expect(webNeedsBuild(root, { LUPA_WEB_REBUILD: "1" })).toBe(true);
    const second = startBanner({ LUPA_WEB_PORT: "3150", LUPA_API_PORT: "4150" }, false);
    expect(second).toBe("Starting Lupa: console on http://127.0.0.1:3150, API on http://127.0.0.1:4150");
    expect(second).not.toMatch(/build/);
  });

  it("asks the API for human-readable logs only when its own output is a terminal and nothing was chosen", () => {
    expect(childEnv({ A: "1" }, true)).toEqual({ A: "1", LUPA_LOG_FORMAT: "pretty" });
    expect(childEnv({ A: "1" }, false)).toEqual({ A: "1" });
    expect(childEnv({ LUPA_LOG_FORMAT: "json" }, true)).toEqual({ LUPA_LOG_FORMAT: "json" });
  });

  it("waits for the API: false while nothing listens, true once it answers (whatever the status)", async () => {
    const server: Server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));
    const url = `http://127.0.0.1:${port}`;
    expect(await waitForApi(url, { timeoutMs: 600, intervalMs: 100 })).toBe(false);
    // the API comes up while the console waits
    setTimeout(() => server.listen(port, "127.0.0.1"), 400);
    const started = Date.now();
    expect(await waitForApi(url, { timeoutMs: 10_000, intervalMs: 100 })).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await new Promise<void>((r) => server.close(() => r()));
  });
});

describe("the console's warm-up", () => {
  it("waits for the console, then requests the sign-in page and next-auth's routes once each", async () => {
    const seen: string[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(req.url === "/login" ? 200 : 302, { location: "/login" }).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = String((server.address() as { port: number }).port);
    const url = localWebUrl("0.0.0.0", port);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(localWebUrl("::1", port)).toBe(`http://[::1]:${port}`);
    expect(await warmUp(url, { timeoutMs: 5_000 })).toEqual(["/login", "/api/auth/csrf", "/api/auth/session"]);
    expect(seen).toEqual(["/login", "/api/auth/csrf", "/api/auth/session"]);
    await new Promise<void>((r) => server.close(() => r()));
    expect(await warmUp(url, { timeoutMs: 600 })).toEqual([]);
  });
});

describe("npm start on an older Node (issue 28, item 7)", () => {
  it("accepts the engines' version and newer, and names the Node to install for an older one", () => {
    expect(nodeTooOld("22.12.0", ">=22.12")).toBeNull();
    expect(nodeTooOld("22.23.3", ">=22.12")).toBeNull();
    expect(nodeTooOld("24.1.0", ">=22.12")).toBeNull();
    expect(nodeTooOld("v22.11.0", ">=22.12")).toContain("Lupa needs Node 22.12 or newer");
    const line = nodeTooOld("20.19.5", ">=22.12")!;
    expect(line).toBe(
      "Lupa needs Node 22.12 or newer, and this is Node 20.19.5: install Node 22 (nvm install 22, or https://nodejs.org/en/download) and run npm start again.",
    );
    expect(line).not.toContain("\n");
  });

  it("stops before npm installs anything: one line on stderr, exit 1", () => {
    // a folder without node_modules: without the check, npm start would run npm ci here
    const root = mkdtempSync(path.join(tmpdir(), "lupa-old-node-"));
    dirs.push(root);
    mkdirSync(path.join(root, "scripts"));
    for (const f of ["start.mjs", "start-lib.mjs"]) writeFileSync(path.join(root, "scripts", f), readFileSync(path.join("scripts", f)));
    writeFileSync(path.join(root, "package.json"), readFileSync("package.json"));
    const run = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, LUPA_NODE_VERSION: "20.19.5" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([nodeTooOld("20.19.5", ">=22.12")]);
    expect(existsSync(path.join(root, "node_modules"))).toBe(false);
  });
});
