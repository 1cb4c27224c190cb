// API keys for integrations (issue 34, items 4 and 6): created by admins, the secret answered once
// and stored hashed (the row read), listed without it; `Bearer lupa_sk_…` works on v2 and v3 with
// the integration role's permissions (not on the review API); revoked and expired keys are 401,
// on another service too within a second (two services on one database here; on PostgreSQL two
// real API processes); use counted; audit events; every invalid body and parameter; another
// workspace's key 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, reviewApi } from "../support/review";
import { apiKeys } from "../../server/db/schema";
import { TEST_DB } from "../support/databases";
import { freePort, startProcess, type ServiceProcess } from "../support/processes";
import { API_KEY_LIVE_LIMIT } from "../../lib/contract/api-keys";
import { CHECK_MS } from "../../server/apikeys/guard";

let t: Awaited<ReturnType<typeof startService>>;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

const create = (body: unknown, token = ws.tokens.admin) => api.post("/api-keys", token, body);
async function newKey(name = "ERP", extra: Record<string, unknown> = {}, workspace = ws) {
  const res = await create({ name, role: "integration", ...extra }, workspace.tokens.admin);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string; prefix: string; name: string };
}
const v2 = (secret: string, service: Pick<TestService, "request"> = t) =>
  service.request({ method: "GET", url: "/api/v2/verifications", token: secret });
const v3 = (secret: string, service: Pick<TestService, "request"> = t) =>
  service.request({ method: "GET", url: "/api/v3/profiles", token: secret });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("creating a key", () => {
  it("answers the secret once (lupa_sk_ and 32 bytes), stores only its SHA-256 and prefix, lists it without the secret", async () => {
    const expiresAt = new Date(Date.now() + 365 * 86_400_000);
    expiresAt.setUTCMilliseconds(0);
    const res = await create({
      name: "  Sistema de crédito  ",
      role: "integration",
      expiresAt: expiresAt.toISOString().replace(".000Z", "Z"),
    });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key.secret).toMatch(/^lupa_sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.secret.slice(8), "base64url")).toHaveLength(32);
    expect(key).toMatchObject({
      name: "Sistema de crédito",
      role: "integration",
      state: "active",
      prefix: key.secret.slice(0, 16),
      createdBy: { id: ws.users.admin.id, email: ws.users.admin.email },
      useCount: 0,
      lastUsedAt: null,
      revokedAt: null,
    });
    // at rest: the hash and the prefix, never the secret
    const [row] = await t.services.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(createHash("sha256").update(key.secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    expect(row!.prefix).toBe(key.secret.slice(0, 16));
    // listed without it
    const list = await api.get("/api-keys", ws.tokens.admin);
    expect(list.statusCode).toBe(200);
    const listed = list.json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: "Sistema de crédito", prefix: key.prefix, expiresAt: expiresAt.toISOString() });
    expect(listed.secret).toBeUndefined();
    expect(list.body).not.toContain(key.secret);
    expect(list.json().liveLimit).toBe(API_KEY_LIVE_LIMIT);
    // recorded, without the secret
    const [event] = await eventsOf(t, ws.id, "api_key.created");
    expect(event).toMatchObject({
      actor_id: ws.users.admin.id,
      data: { apiKeyId: key.id, name: "Sistema de crédito", prefix: key.prefix },
    });
    expect(JSON.stringify(event)).not.toContain(key.secret);
  });

  it.each([
    ["no name", { role: "integration" }],
    ["an empty name", { name: "   ", role: "integration" }],
    ["a name of 81 characters", { name: "x".repeat(81), role: "integration" }],
    ["a name that is not a string", { name: 12, role: "integration" }],
    ["no role", { name: "ERP" }],
    ["another role", { name: "ERP", role: "admin" }],
    ["an unknown field", { name: "ERP", role: "integration", scopes: ["all"] }],
    ["an expiry that is not an instant", { name: "ERP", role: "integration", expiresAt: "amanhã" }],
    ["an expiry in the past", { name: "ERP", role: "integration", expiresAt: "2020-01-01T00:00:00Z" }],
    [
      "an expiry beyond 3 years",
      { name: "ERP", role: "integration", expiresAt: "2099-01-01T00:00:00Z".replace("2099", String(new Date().getFullYear() + 4)) },
    ],
  ])("refuses %s: 400 invalid_body", async (_name, body) => {
    expectError(await create(body), 400, "invalid_body");
  });

  it("takes a name of 80 characters", async () => {
    expect((await create({ name: "y".repeat(80), role: "integration" })).statusCode).toBe(201);
  });

  it("only admins manage keys (403), and a key cannot manage keys", async () => {
    const key = await newKey("gestão");
    for (const role of ["analyst", "viewer", "integration"] as const) {
      expectError(await create({ name: "x", role: "integration" }, ws.tokens[role]), 403, "forbidden");
      expectError(await api.get("/api-keys", ws.tokens[role]), 403, "forbidden");
      expectError(await api.del(`/api-keys/${key.id}`, ws.tokens[role]), 403, "forbidden");
    }
    expectError(await api.get("/api-keys", key.secret), 403, "forbidden");
    expectError(await create({ name: "x", role: "integration" }, key.secret), 403, "forbidden");
  });

  it("caps the live keys of a workspace (409 api_key_limit_reached); a revoked one frees a place", async () => {
    const ws3 = await t.createWorkspace();
    const made = [];
    for (let i = 0; i < API_KEY_LIVE_LIMIT; i++) made.push(await newKey(`k${i}`, {}, ws3));
    expectError(await create({ name: "one more", role: "integration" }, ws3.tokens.admin), 409, "api_key_limit_reached");
    expect((await api.del(`/api-keys/${made[0]!.id}`, ws3.tokens.admin)).statusCode).toBe(200);
    expect((await create({ name: "one more", role: "integration" }, ws3.tokens.admin)).statusCode).toBe(201);
  });
});

describe("using a key", () => {
  it("works on v2 and v3 with the integration role: creates a verification, reads; review routes 403", async () => {
    const key = await newKey("uso");
    expect((await v2(key.secret)).statusCode).toBe(200);
    expect((await v3(key.secret)).statusCode).toBe(200);
    const created = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: key.secret,
      body: { nationalId: "529.982.247-25", profileId: "prf_kyc_person", verifications: {} },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    // the workspace's objects only: another workspace's key reads its own workspace
    const list = (await v2(key.secret)).json();
    expect(list.verifications.some((i: { id: string }) => i.id === created.json().id)).toBe(true);
    // not the integration role's: restrictive list writes, callbacks are; the review API is not
    const blacklist = await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${ws.id}`,
      token: key.secret,
      body: { nationalId: "529.982.247-25", reason: "teste" },
    });
    expect(blacklist.statusCode).toBe(403);
    expectError(await api.get("/cases", key.secret), 403, "forbidden");
    expectError(await api.get("/sessions", key.secret), 403, "forbidden");
    expect((await t.request({ method: "GET", url: "/api/v3/callback-secret", token: key.secret })).statusCode).toBe(200);
  });

  it("refuses unknown and malformed keys: 401", async () => {
    const key = await newKey("forma");
    const wrong = key.secret.slice(0, -1) + (key.secret.endsWith("A") ? "B" : "A");
    for (const secret of [wrong, "lupa_sk_short", `${key.secret}x`]) {
      const res = await v2(secret);
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toContain("invalid_token");
    }
    const res = await v3(wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
  });

  it("counts uses and shows the last one; the first use is recorded once", async () => {
    const key = await newKey("contada");
    for (let i = 0; i < 3; i++) expect((await v2(key.secret)).statusCode).toBe(200);
    expect((await v3(key.secret)).statusCode).toBe(200);
    await t.services.apiKeys.flush();
    const listed = (await api.get("/api-keys", ws.tokens.admin)).json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.useCount).toBe(4);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.parse(listed.createdAt) - 1);
    const first = (await eventsOf(t, ws.id, "api_key.first_used")).filter((e) => e.data.apiKeyId === key.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      actor_id: key.id,
      actor_email: `api-key:${key.prefix}`,
      data: { name: "contada", prefix: key.prefix },
    });
  });

  it("an expired key is 401 and listed as expired", async () => {
    const key = await newKey("curta", { expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect((await v2(key.secret)).statusCode).toBe(200);
    await sleep(1600);
    const res = await v2(key.secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "API key expired" });
    const listed = (await api.get("/api-keys", ws.tokens.admin)).json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.state).toBe("expired");
  });
});

describe("revoking a key", () => {
  it("refuses it at once on this service and within a second on another one on the same database", async () => {
    const second = await startService({ workers: false, database: t.database });
    try {
      const key = await newKey("revogada");
      expect((await v2(key.secret)).statusCode).toBe(200);
      expect((await v3(key.secret, second)).statusCode).toBe(200); // cached there now
      const res = await api.del(`/api-keys/${key.id}`, ws.tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: key.id, state: "revoked", revokedAt: expect.any(String) });
      const here = await v3(key.secret);
      expect(here.statusCode).toBe(401);
      expect(here.json().error.message).toBe("API key revoked");
      // the other service's answer is at most CHECK_MS old: after twice that, it has looked again
      await sleep(CHECK_MS * 2);
      expect((await v2(key.secret, second)).statusCode).toBe(401);
      expect((await v3(key.secret, second)).statusCode).toBe(401);
      const [event] = (await eventsOf(t, ws.id, "api_key.revoked")).filter((e) => e.data.apiKeyId === key.id);
      expect(event).toMatchObject({ actor_id: ws.users.admin.id, data: { name: "revogada", prefix: key.prefix } });
    } finally {
      await second.stop();
    }
  });

  it("409 api_key_revoked when revoked already; 404 for another workspace's key, an unknown id; 400 for a bad id", async () => {
    const key = await newKey("duas vezes");
    expect((await api.del(`/api-keys/${key.id}`, ws.tokens.admin)).statusCode).toBe(200);
    expectError(await api.del(`/api-keys/${key.id}`, ws.tokens.admin), 409, "api_key_revoked");
    const theirs = await newKey("deles", {}, other);
    expectError(await api.del(`/api-keys/${theirs.id}`, ws.tokens.admin), 404, "not_found");
    expect((await v2(theirs.secret)).statusCode).toBe(200); // untouched
    expectError(await api.del("/api-keys/00000000-0000-4000-8000-000000000000", ws.tokens.admin), 404, "not_found");
    expectError(await api.del("/api-keys/not-a-uuid", ws.tokens.admin), 400, "invalid_parameter");
    // another workspace's keys are not listed
    const listed = (await api.get("/api-keys", ws.tokens.admin)).json().keys.map((k: { id: string }) => k.id);
    expect(listed).not.toContain(theirs.id);
  });
});

describe.runIf(TEST_DB === "postgres")("two API processes (PostgreSQL)", () => {
  const running: ServiceProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const p of running) await p.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("a key works on both, and a revocation on one reaches the other within a second", async () => {
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      dirs.push(mkdtempSync(path.join(tmpdir(), "lupa-apikeys-")));
      const p = startProcess("server/main.ts", {
        LUPA_API_PORT: String(port),
        LUPA_DATA_DIR: dirs[i]!,
        LUPA_SEED_DEMO: "0",
        LUPA_LOG_LEVEL: "warn",
        LUPA_JWT_SECRET: t.config.jwtSecret, // the admin's token of this test works there too
        DATABASE_URL: t.database.testDb.url!,
        ...(t.database.testDb.ownerUrl ? { LUPA_MIGRATION_DATABASE_URL: t.database.testDb.ownerUrl } : {}),
      });
      running.push(p);
      await p.waitFor(/listening/);
      urls.push(`http://127.0.0.1:${port}`);
    }
    const key = await newKey("processos");
    const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key.secret}` } });
    for (const url of urls) {
      expect((await get(url, "/api/v2/verifications")).status).toBe(200);
      expect((await get(url, "/api/v3/profiles")).status).toBe(200);
    }
    const revoked = await fetch(`${urls[0]}/api/review/v1/api-keys/${key.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${ws.tokens.admin}` },
    });
    expect(revoked.status).toBe(200);
    expect((await get(urls[0]!, "/api/v3/profiles")).status).toBe(401); // the process that revoked it: at once
    await sleep(CHECK_MS * 2);
    expect((await get(urls[1]!, "/api/v3/profiles")).status).toBe(401);
    expect((await get(urls[1]!, "/api/v2/verifications")).status).toBe(401);
    // each process wrote its uses
    await sleep(1500);
    const listed = (await api.get("/api-keys", ws.tokens.admin)).json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.useCount).toBe(4);
  }, 240_000);
});
