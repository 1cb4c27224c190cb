// Demo accounts beyond this machine (issue 21, item 6). The published demo password signs in only
// from a loopback client, as the API sees the client: the connection's address, or the address a
// trusted proxy (by default one on loopback: the console) forwards in X-Forwarded-For. The console
// asks GET /api/review/v1/demo-exposure before it listens beyond loopback, and refuses to start
// while demo accounts keep the demo password.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startService, type TestService } from "../support/harness";
import { startProcess, type ServiceProcess } from "../support/processes";
import { DEMO_PASSWORD } from "../../lib/contract/demo";
import { createUser } from "../../server/tenancy/workspaces";

const REFUSED = { error: "The demo password signs in only from the service's own machine" };
const DEMO_EMAIL = "admin@lupa.local";

let t: TestService;
let base: string;
const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-demo-web-"));
beforeAll(async () => {
  t = await startService({ workers: false });
  await createUser(
    t.services.db,
    { workspaceId: t.workspace.id, email: DEMO_EMAIL, role: "admin", password: DEMO_PASSWORD },
    { demoPassword: true },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);
const webs: ServiceProcess[] = [];
afterAll(async () => {
  for (const web of webs) await web.kill("SIGKILL");
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function signIn(username: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/authentication",
    remoteAddress,
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    payload: JSON.stringify({ username, password }),
  });
}

describe("POST /api/v1/authentication with the demo password", () => {
  it("signs in from this machine", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it("is refused (401) from any other address, before any password comparison", async () => {
    const before = t.services.passwords.stats.comparisons;
    for (const address of ["203.0.113.7", "10.0.0.5", "192.168.1.20", "2001:db8::1"]) {
      const res = await signIn(DEMO_EMAIL, DEMO_PASSWORD, address);
      expect(res.statusCode, address).toBe(401);
      expect(res.json()).toEqual(REFUSED);
    }
    // whatever the account: the published password is what is refused
    expect((await signIn("nobody@test.local", DEMO_PASSWORD, "203.0.113.7")).json()).toEqual(REFUSED);
    expect(t.services.passwords.stats.comparisons).toBe(before);
  });

  it("judges the browser behind the console: the address a loopback proxy forwards, never one a remote client claims", async () => {
    // the console (on loopback) passes on a remote browser's address
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "127.0.0.1", "203.0.113.7")).json()).toEqual(REFUSED);
    // a proxy appends the address it saw after whatever the client wrote
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "127.0.0.1", "127.0.0.1, 198.51.100.4")).json()).toEqual(REFUSED);
    // a remote client that claims to be local is not believed: it is not a trusted proxy
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "203.0.113.7", "127.0.0.1")).json()).toEqual(REFUSED);
    // a browser on this machine, through the console
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "127.0.0.1", "127.0.0.1")).statusCode).toBe(200);
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "127.0.0.1", "::ffff:127.0.0.1")).statusCode).toBe(200);
  });

  it("another password signs in from anywhere, and LUPA_ALLOW_DEMO=1 lets the demo password in too", async () => {
    expect((await signIn(t.workspace.users.analyst.email, PASSWORD, "203.0.113.7")).statusCode).toBe(200);
    t.services.config.allowDemo = true;
    try {
      expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD, "203.0.113.8")).statusCode).toBe(200);
    } finally {
      t.services.config.allowDemo = false;
    }
  });
});

describe("GET /api/review/v1/demo-exposure and the console's start", () => {
  it("says whether a demo account keeps the demo password, without a token", async () => {
    const res = await t.request({ method: "GET", url: "/api/review/v1/demo-exposure" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ demoAccountsOpen: true });
    const other = await startService({ workers: false });
    try {
      expect((await other.request({ method: "GET", url: "/api/review/v1/demo-exposure" })).json()).toEqual({ demoAccountsOpen: false });
    } finally {
      await other.close();
    }
  });

  const startWeb = (apiUrl: string) => {
    const web = startProcess("scripts/start-web.mjs", {
      LUPA_DATA_DIR: dataDir,
      LUPA_WEB_HOST: "0.0.0.0",
      LUPA_WEB_PORT: "3999",
      LUPA_API_URL: apiUrl,
      LUPA_WEB_REBUILD: "0",
    });
    webs.push(web);
    return web;
  };

  it("the console refuses to listen beyond loopback while demo accounts keep the demo password", async () => {
    const web = startWeb(base);
    expect(await web.exited).toBe(1);
    expect(web.output()).toContain(
      "[web] Refusing to start: the console would listen on 0.0.0.0, beyond this machine, while demo accounts still have the demo password.",
    );
    expect(web.output()).not.toContain("next build");
  });

  it("and when the API cannot say (another deployment without the route)", async () => {
    const web = startWeb(`${base}/not-the-api`);
    expect(await web.exited).toBe(1);
    expect(web.output()).toMatch(/could not say whether demo accounts still have the demo password \(it answered HTTP 404\)/);
  });
});
