// The webhooks' outbox across a process kill (issue 35 item 2): the service runs as a real process
// (embedded database, or PostgreSQL with its workers in the process), an act commits, the process
// is SIGKILLed before its delivery worker looks again (LUPA_WEBHOOK_POLL_MS of 10 minutes: it
// looked once at start), and after a restart the event is delivered, signed, once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runProcess, startProcess, type ServiceProcess } from "../support/processes";
import { eventually } from "../support/harness";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { startHttpsReceiver, type HttpsReceiver } from "../support/https-receiver";
import { verifyWebhookSignature } from "../../lib/contract/webhooks/verify";
import { makeCpf } from "../../lib/contract/documents";

const PASSWORD = "webhook-kill-password";
let dataDir: string;
let testDb: TestDatabase;
let receiver: HttpsReceiver;
let env: Record<string, string>;
let api = "";
const running: ServiceProcess[] = [];
const asOwner = (): Record<string, string> => (testDb.ownerUrl ? { LUPA_MIGRATION_DATABASE_URL: testDb.ownerUrl } : {});

function start(extra: Record<string, string> = {}): ServiceProcess {
  const p = startProcess("server/main.ts", { ...env, ...asOwner(), ...extra });
  running.push(p);
  return p;
}

async function json(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

async function token(): Promise<string> {
  const res = await json("POST", "/api/v1/authentication", undefined, { username: "ops@test.local", password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.accessToken;
}

let workspaceId = "";

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), "lupa-whkill-"));
  writeFileSync(path.join(dataDir, "ca.pem"), receiver.ca);
  testDb = await createTestDatabase();
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  env = {
    LUPA_DATA_DIR: path.join(dataDir, "data"),
    LUPA_API_PORT: String(port),
    LUPA_SEED_DEMO: "0",
    LUPA_LOG_LEVEL: "warn",
    LUPA_SCRYPT_LOG_N: "12",
    LUPA_SWEEP_INTERVAL_MS: "200",
    LUPA_LEASE_MS: "1500",
    LUPA_MODULE_RETRY_MS: "50,100",
    LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1",
    LUPA_CALLBACK_CA_FILE: path.join(dataDir, "ca.pem"),
    LUPA_IN_PROCESS_WORKERS: "1",
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
  const ws = await runProcess("server/admin/cli.ts", { ...env, ...asOwner() }, ["create-workspace", "--name", "Webhook kill"]);
  expect(ws.code, ws.output).toBe(0);
  workspaceId = /: ([0-9a-f-]{36})/.exec(ws.output)![1]!;
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
  await receiver?.close();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the outbox across a SIGKILL after the commit", () => {
  it("delivers the events of acts committed by a process killed before it sent them, after the restart", async () => {
    const first = start({ LUPA_WEBHOOK_POLL_MS: "600000" });
    await first.waitFor(/listening/);
    const t = await token();
    const created = await json("POST", "/api/review/v1/webhooks", t, { url: `${receiver.url}/kill`, events: ["*"] });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;

    // two acts: a restrictive-list entry (committed when the request answers) and a verification
    // the engine completes (committed when its status reads COMPLETED)
    const document = makeCpf("613579246");
    const listed = await json("POST", `/api/v2/blacklist?workspaceId=${workspaceId}`, t, { nationalId: document, reason: "fraude" });
    expect(listed.status).toBe(201);
    const verification = await json("POST", "/api/v2/verifications", t, {
      nationalId: makeCpf("624680135"),
      profileId: "prf_kyc_person",
      verifications: {},
    });
    expect(verification.status).toBeLessThan(300);
    await eventually(
      () => json("GET", `/api/v2/verifications/${verification.body.id}`, t),
      (r) => r.body.status === "COMPLETED",
      60_000,
    );
    expect(receiver.requests).toHaveLength(0); // committed, not sent: the worker sleeps
    await first.kill("SIGKILL");

    const restarted = start({ LUPA_WEBHOOK_POLL_MS: "100" });
    await restarted.waitFor(/listening/);
    const got = await eventually(
      async () =>
        receiver.requests.map((r) => ({ r, body: JSON.parse(r.rawBody) as { id: string; type: string; data: Record<string, unknown> } })),
      (list) =>
        ["restrictive_list.added", "verification.completed", "case.created"].every((type) => list.some((x) => x.body.type === type)),
      60_000,
    );
    for (const { r } of got) {
      expect(verifyWebhookSignature({ secret, rawBody: r.rawBody, signatureHeader: r.headers["lupa-signature"] as string })).toEqual({
        ok: true,
      });
      expect(r.rawBody).not.toContain(document);
    }
    // once each (at least once: nothing was in flight when the process died)
    const ids = got.map((x) => x.body.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(got.find((x) => x.body.type === "verification.completed")!.body.data).toMatchObject({ verificationId: verification.body.id });
    await restarted.kill();
  }, 240_000);
});
