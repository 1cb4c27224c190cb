// Deployment defaults (issue 10, items 4 and 5): the data folder and its database are private
// (0700) and the secrets file 0600; secrets given by environment shorter than 32 bytes refuse the
// start with a clear message; the API refuses to listen beyond loopback while the demo accounts
// keep the demo password (unless LUPA_ALLOW_DEMO=1); new passwords have at least 12 characters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { freePort, runProcess, startProcess, type ServiceProcess } from "../support/processes";
import { TEST_DB } from "../support/databases";
import { startService, type TestService } from "../support/harness";
import { createUser, MIN_PASSWORD_LENGTH, resetPassword } from "../../server/tenancy/workspaces";
import { isLoopback } from "../../server/tenancy/demo-guard";
import { DEMO_USERS } from "../../server/tenancy/demo";

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-deploy-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const mode = (p: string) => statSync(p).mode & 0o777;

describe("data folder", () => {
  it("creates the folder 0700 and secrets.json 0600", () => {
    const dir = path.join(tempDir(), "fresh", ".lupa");
    loadConfig({ LUPA_DATA_DIR: dir });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "secrets.json"))).toBe(0o600);
  });

  it("creates the embedded database folder 0700", async () => {
    const dir = path.join(tempDir(), ".lupa");
    loadConfig({ LUPA_DATA_DIR: dir });
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(mode(path.join(dir, "pglite"))).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});

describe("secrets given by environment", () => {
  it.each(["LUPA_JWT_SECRET", "LUPA_CURSOR_SECRET", "NEXTAUTH_SECRET"])(
    "refuses %s under 32 bytes, naming it and not its value",
    (variable) => {
      const dir = tempDir();
      const call = () => loadConfig({ LUPA_DATA_DIR: dir, [variable]: "s3cr3t-but-short-31-bytes-xxxxx" });
      expect(call).toThrow(new RegExp(`^${variable} must be at least 32 bytes long \\(it has 31\\)`));
      try {
        call();
      } catch (error) {
        expect((error as Error).message).not.toContain("s3cr3t");
      }
    },
  );

  it("accepts 32 bytes", () => {
    const secret = "x".repeat(32);
    expect(loadConfig({ LUPA_DATA_DIR: tempDir(), LUPA_JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it("the API process refuses to start with a short secret, with the message alone", async () => {
    const { code, output } = await runProcess(
      "server/main.ts",
      { LUPA_DATA_DIR: tempDir(), LUPA_API_PORT: String(await freePort()), LUPA_JWT_SECRET: "short" },
      [],
    );
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^LUPA_JWT_SECRET must be at least 32 bytes long \(it has 5\)/);
  }, 60_000);
});

describe("new passwords", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startService({ workers: false });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it(`need at least ${MIN_PASSWORD_LENGTH} characters for a new user and for a reset`, async () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    const ws = await t.createWorkspace();
    await expect(
      createUser(t.services.db, { workspaceId: ws.id, email: "short@test.local", role: "viewer", password: "eleven-char" }),
    ).rejects.toThrow(/at least 12 characters/);
    await expect(
      createUser(t.services.db, { workspaceId: ws.id, email: "ok@test.local", role: "viewer", password: "twelve-chars" }),
    ).resolves.toMatchObject({ email: "ok@test.local" });
    await expect(resetPassword(t.services.db, "ok@test.local", "eleven-char")).rejects.toThrow(/at least 12 characters/);
    expect(await resetPassword(t.services.db, "ok@test.local", "another-12-chars")).toBe(true);
  });
});

describe("address checks", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.0.10", false],
    ["10.0.0.1", false],
  ])("%s is loopback: %s", (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

// Real processes on the embedded database; the check does not depend on the database kind.
describe.runIf(TEST_DB === "pglite")("demo accounts beyond loopback (real processes)", () => {
  const running: ServiceProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.kill("SIGKILL");
  });

  it("refuses to start on 0.0.0.0 with the demo password, starts with LUPA_ALLOW_DEMO=1, and starts once the demo passwords are changed; the admin command refuses short passwords", async () => {
    const env = {
      LUPA_DATA_DIR: tempDir(),
      LUPA_API_PORT: String(await freePort()),
      LUPA_API_HOST: "0.0.0.0",
      LUPA_SEED_DEMO: "1",
      LUPA_LOG_LEVEL: "warn",
      LUPA_SCRYPT_LOG_N: "12",
    };
    const refused = startProcess("server/main.ts", env);
    running.push(refused);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      /Refusing to start: the API would listen on 0\.0\.0\.0, beyond this machine, while demo accounts still have the demo password \(admin2@lupa\.local, admin@lupa\.local, analyst2@lupa\.local, analyst@lupa\.local, integration@lupa\.local, viewer@lupa\.local\)/,
    );
    expect(refused.output()).not.toMatch(/listening/);

    const allowed = startProcess("server/main.ts", { ...env, LUPA_ALLOW_DEMO: "1" });
    running.push(allowed);
    await allowed.waitFor(/listening/);
    await allowed.kill();

    const short = await runProcess(
      "server/admin/cli.ts",
      env,
      ["reset-password", "--email", DEMO_USERS[0]!.email, "--password-stdin"],
      "short-pass\n",
    );
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/at least 12 characters/);
    // one through the admin command, the others directly on the (stopped) data folder: the same function
    const first = await runProcess(
      "server/admin/cli.ts",
      env,
      ["reset-password", "--email", DEMO_USERS[0]!.email, "--password-stdin"],
      "changed-admin-password\n",
    );
    expect(first.code, first.output).toBe(0);
    const database = await openDatabase({ databaseUrl: null, dataDir: env.LUPA_DATA_DIR });
    try {
      for (const u of DEMO_USERS.slice(1)) expect(await resetPassword(database.db, u.email, `changed-${u.role}-password`)).toBe(true);
    } finally {
      await database.close();
    }
    const started = startProcess("server/main.ts", env);
    running.push(started);
    await started.waitFor(/listening/);
    await started.kill();
  }, 480_000);
});
