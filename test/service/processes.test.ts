// The service as operators run it, in real processes: data survives a restart, a second process on
// the same embedded data folder is refused, a worker killed (SIGKILL) in the middle of an
// enrichment loses nothing — the enrichment completes after restart and is billed once — and on
// PostgreSQL several worker processes share the work without losing or doubling any.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, runProcess, startProcess, type ServiceProcess } from "../support/processes";
import { eventually } from "../support/harness";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../support/databases";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCpf } from "../../lib/contract/documents";
import { ACTIONS } from "../../server/tenancy/catalog";

const PASSWORD = "process-test-password";
const SLOW = sandboxDocumentFor("slow", "person")!.document;

let dataDir: string;
let testDb: TestDatabase;
let env: Record<string, string>;
let api = "";
const running: ServiceProcess[] = [];

/** PostgreSQL: the schema owner's URL, for the processes that migrate (the API, the admin command). */
const asOwner = (): Record<string, string> => (testDb.ownerUrl ? { LUPA_MIGRATION_DATABASE_URL: testDb.ownerUrl } : {});

function start(script: string, extra: Record<string, string> = {}): ServiceProcess {
  const p = startProcess(script, { ...env, ...extra });
  running.push(p);
  return p;
}

async function json(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lupa-proc-"));
  testDb = await createTestDatabase();
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  env = {
    LUPA_DATA_DIR: dataDir,
    LUPA_API_PORT: String(port),
    LUPA_SEED_DEMO: "0",
    LUPA_LOG_LEVEL: "warn",
    LUPA_SANDBOX_SLOW_MS: "5000",
    LUPA_LEASE_MS: "1500",
    LUPA_SWEEP_INTERVAL_MS: "200",
    LUPA_SYNC_WAIT_MS: "300",
    LUPA_MODULE_RETRY_MS: "50,100",
    LUPA_SCRYPT_LOG_N: "12",
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  // the admin command creates the workspace and the user (and proves it works); on PostgreSQL it
  // is given the owner's URL, as the API is, and the workers are not (docs/operations.md)
  const ws = await runProcess("server/admin/cli.ts", { ...env, ...asOwner() }, ["create-workspace", "--name", "Process test"]);
  expect(ws.code, ws.output).toBe(0);
  const workspaceId = /: ([0-9a-f-]{36})/.exec(ws.output)![1]!;
  const user = await runProcess(
    "server/admin/cli.ts",
    { ...env, ...asOwner() },
    ["create-user", "--workspace", workspaceId, "--email", "ops@test.local", "--role", "admin", "--password-stdin"],
    `${PASSWORD}\n`,
  );
  expect(user.code, user.output).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const p of running) await p.kill("SIGKILL");
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function token(): Promise<string> {
  const res = await json("POST", "/api/v1/authentication", undefined, { username: "ops@test.local", password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.accessToken;
}

const billingOf = async (t: string) => (await json("GET", "/api/v3/usage", t)).body;

describe.runIf(TEST_DB === "pglite")("embedded database (one process owns the folder)", () => {
  it("refuses a second process on the same data folder, survives a SIGKILL mid-enrichment, completes it after restart and bills once", async () => {
    const first = start("server/main.ts");
    await first.waitFor(/listening/);

    const second = startProcess("server/main.ts", { ...env, LUPA_API_PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Lupa process \(pid \d+\)/);

    const t = await token();
    const created = await json("POST", "/api/v3/enrichments", t, { document: SLOW, profileId: "prf_person_complete" });
    expect(created.status).toBe(202);
    const id = created.body.id;
    // profile done, slow modules in flight: the worker is in the middle of the enrichment
    await eventually(
      () => json("GET", `/api/v3/enrichments/${id}`, t),
      (r) => r.body.status === "FETCHING" && r.body.modules.profile.status === "ok",
      60_000,
    );
    await first.kill("SIGKILL");

    const restarted = start("server/main.ts");
    await restarted.waitFor(/listening/);
    const t2 = await token();
    const done = await eventually(
      () => json("GET", `/api/v3/enrichments/${id}`, t2),
      (r) => r.body.status === "COMPLETED",
      60_000,
    );
    expect(done.body.outcome).toBe("ok");
    const usage = await billingOf(t2);
    expect(usage.actions).toEqual([{ action: ACTIONS.enrichmentPerson, count: 1 }]);
    await restarted.kill();
  }, 240_000);
});

describe.runIf(TEST_DB === "postgres")("PostgreSQL with separate worker processes", () => {
  it("shares work between workers without losing or doubling, and recovers from a killed worker", async () => {
    const apiProcess = start("server/main.ts", asOwner());
    await apiProcess.waitFor(/listening/);
    expect(apiProcess.output()).toMatch(/workers in separate processes/);
    const workers = [start("server/worker-main.ts"), start("server/worker-main.ts")];
    await Promise.all(workers.map((w) => w.waitFor(/worker \d+ started/)));
    // two roles: no process's role could change the audit trail, so none says so
    for (const p of [apiProcess, ...workers]) expect(p.output()).not.toMatch(/not protected/);

    const t = await token();
    const slow = await json("POST", "/api/v3/enrichments", t, { document: SLOW, profileId: "prf_person_complete" });
    expect(slow.status).toBe(202);
    const ordinary = [];
    for (let i = 0; i < 12; i++) {
      const res = await json("POST", "/api/v3/enrichments", t, {
        document: makeCpf(String(200_000_000 + i * 7)),
        profileId: "prf_person_complete",
      });
      expect([200, 202]).toContain(res.status);
      ordinary.push(res.body.id);
    }
    await eventually(
      () => json("GET", `/api/v3/enrichments/${slow.body.id}`, t),
      (r) => r.body.status === "FETCHING" && r.body.modules.profile.status === "ok",
      60_000,
    );
    // kill every worker while the slow enrichment is in flight, then start a fresh one
    for (const w of workers) await w.kill("SIGKILL");
    const replacement = start("server/worker-main.ts");
    await replacement.waitFor(/worker \d+ started/);

    for (const id of [slow.body.id, ...ordinary]) {
      const done = await eventually(
        () => json("GET", `/api/v3/enrichments/${id}`, t),
        (r) => r.body.status === "COMPLETED",
        60_000,
      );
      expect(done.body.outcome).toBe("ok");
    }
    const usage = await billingOf(t);
    expect(usage.actions).toEqual([{ action: ACTIONS.enrichmentPerson, count: 13 }]);
  }, 240_000);
});
