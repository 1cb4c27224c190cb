// The record cache (server/http/record-cache.ts; issue 11): terminal records are answered from
// memory, the same bytes as from the database; a decision shows at once in this process and, on
// PostgreSQL, in another process through NOTIFY; another workspace never gets a cached record; a
// read that overlapped a change never stores what it read; a lost LISTEN connection empties it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { TEST_DB } from "../support/databases";
import { makeCpf } from "../../lib/contract/documents";
import { openDatabase, type Database } from "../../server/db/client";
import { RecordCache } from "../../server/http/record-cache";

const SECRETS = {
  LUPA_JWT_SECRET: "record-cache-test-jwt-secret-0123456789abcdef",
  LUPA_CURSOR_SECRET: "record-cache-test-cursor-0123456789abcdef",
};

let t: TestService & Awaited<ReturnType<typeof startService>>;
let ws: TestWorkspace;
let v2Id: string;
let v3Id: string;
const logLines: string[] = [];

const get = (url: string, token = ws.tokens.viewer, service: TestService = t) => service.request({ method: "GET", url, token });

beforeAll(async () => {
  t = await startService({ env: { ...SECRETS, LUPA_LOG_LEVEL: "warn" }, logDestination: { write: (line) => logLines.push(line) } });
  ws = await t.createWorkspace();
  const created = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: ws.tokens.analyst,
    body: { nationalId: makeCpf("529982247"), profileId: "prf_kyc_person", verifications: {} },
  });
  expect(created.statusCode).toBe(201);
  v2Id = created.json().id;
  await eventually(
    () => get(`/api/v2/verifications/${v2Id}`).then((r) => r.json()),
    (v) => v.status === "COMPLETED",
  );
  const enrichment = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: ws.tokens.analyst,
    body: { document: makeCpf("390533447"), profileId: "prf_person_complete" },
  });
  v3Id = enrichment.json().id;
  await eventually(
    () => get(`/api/v3/enrichments/${v3Id}`).then((r) => r.json()),
    (e) => e.status === "COMPLETED",
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("terminal records", () => {
  it("answer the same bytes from memory as from the database, for v2 and v3 (each include apart)", async () => {
    for (const url of [`/api/v2/verifications/${v2Id}`, `/api/v3/enrichments/${v3Id}`, `/api/v3/enrichments/${v3Id}?include=data`]) {
      t.services.records.clear();
      const fromDb = await get(url);
      const hits = t.services.records.hits;
      const fromMemory = await get(url);
      expect(t.services.records.hits).toBe(hits + 1);
      expect(fromMemory.statusCode).toBe(200);
      expect(fromMemory.body).toBe(fromDb.body);
      expect(fromMemory.headers["content-type"]).toBe(fromDb.headers["content-type"]);
      expect(fromMemory.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    const plain = await get(`/api/v3/enrichments/${v3Id}`).then((r) => r.json());
    const withData = await get(`/api/v3/enrichments/${v3Id}?include=data`).then((r) => r.json());
    expect(plain.data).toBeUndefined();
    expect(Object.keys(withData.data).length).toBeGreaterThan(0);
    // an answer sent by the handler itself (here and in the 202/200 of the v3 creation above) is
    // not sent a second time: Fastify would warn FST_ERR_REP_ALREADY_SENT
    expect(logLines.filter((line) => line.includes("Reply was already sent"))).toEqual([]);
  });

  it("never reach another workspace, cached or not", async () => {
    const other = await t.createWorkspace();
    await get(`/api/v2/verifications/${v2Id}`); // cached for its own workspace
    await get(`/api/v3/enrichments/${v3Id}`);
    const v2 = await get(`/api/v2/verifications/${v2Id}`, other.tokens.admin);
    expect(v2.statusCode).toBe(404);
    expect(v2.json()).toEqual({ error: "verification not found" });
    const v3 = await get(`/api/v3/enrichments/${v3Id}`, other.tokens.admin);
    expect(v3.statusCode).toBe(404);
    expect(v3.json().error.code).toBe("not_found");
  });

  it("a decision shows at once in the next read of the same process", async () => {
    const before = await get(`/api/v2/verifications/${v2Id}`).then((r) => r.json());
    expect(t.services.records.size).toBeGreaterThan(0);
    for (const status of ["STANDBY", "APPROVED"]) {
      const posted = await t.request({
        method: "POST",
        url: `/api/v2/verifications/${v2Id}/feedbacks`,
        token: ws.tokens.analyst,
        body: { status },
      });
      expect(posted.statusCode).toBe(201);
      const after = await get(`/api/v2/verifications/${v2Id}`).then((r) => r.json());
      expect(after.feedbackStatus).toBe(status);
      expect(after.feedback.status).toBe(status);
    }
    expect(before.feedbackStatus ?? null).not.toBe("APPROVED");
  });

  it("the cache can be turned off (LUPA_RECORD_CACHE_ENTRIES=0)", async () => {
    const cache = new RecordCache(t.services.database, { maxEntries: 0 });
    await cache.start();
    cache.put(cache.ticket("x"), "v2", ws.id, "", "{}");
    expect(cache.get("v2", ws.id, "x")).toBeUndefined();
    await cache.stop();
  });
});

describe("the cache's rules", () => {
  let cache: RecordCache;
  let now = 0;
  const state = { up: true, generation: 1 };
  const fakeDatabase = {
    listen: async () => async () => {},
    listenerState: () => state,
  } as unknown as Database;

  beforeAll(async () => {
    cache = new RecordCache(fakeDatabase, { ttlMs: 1000, maxEntries: 3, now: () => now });
    await cache.start();
  });

  it("a read that overlapped a change does not store what it read", () => {
    const ticket = cache.ticket("a");
    cache.invalidate("a"); // the change commits while the old row is being read
    cache.put(ticket, "v2", "ws", "", "old");
    expect(cache.get("v2", "ws", "a")).toBeUndefined();
    const fresh = cache.ticket("a");
    cache.put(fresh, "v2", "ws", "", "new");
    expect(cache.get("v2", "ws", "a")).toBe("new");
    cache.invalidate("b"); // another record's change does not matter
    expect(cache.get("v2", "ws", "a")).toBe("new");
  });

  it("is keyed by workspace, kind and variant; expires; keeps the most recently used", () => {
    cache.clear();
    cache.put(cache.ticket("a"), "v3", "ws", "all", "A-all");
    expect(cache.get("v3", "other", "a", "all")).toBeUndefined();
    expect(cache.get("v3", "ws", "a", "")).toBeUndefined();
    expect(cache.get("v2", "ws", "a", "all")).toBeUndefined();
    expect(cache.get("v3", "ws", "a", "all")).toBe("A-all");
    now += 1001;
    expect(cache.get("v3", "ws", "a", "all")).toBeUndefined();
    for (const id of ["a", "b", "c"]) cache.put(cache.ticket(id), "v2", "ws", "", id);
    expect(cache.get("v2", "ws", "a")).toBe("a"); // a is now the most recent
    cache.put(cache.ticket("d"), "v2", "ws", "", "d");
    expect(cache.size).toBe(3);
    expect(cache.get("v2", "ws", "b")).toBeUndefined();
    expect(cache.get("v2", "ws", "a")).toBe("a");
  });

  it("serves nothing while LISTEN is down, and empties when it reconnected (notifications may be lost)", () => {
    cache.clear();
    cache.put(cache.ticket("a"), "v2", "ws", "", "a");
    state.up = false;
    expect(cache.get("v2", "ws", "a")).toBeUndefined();
    cache.put(cache.ticket("b"), "v2", "ws", "", "b");
    state.up = true;
    state.generation = 2;
    expect(cache.get("v2", "ws", "a")).toBeUndefined();
    expect(cache.get("v2", "ws", "b")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe.skipIf(TEST_DB !== "postgres")("two API processes on PostgreSQL", () => {
  let second: TestService;
  let secondDb: Database;

  beforeAll(async () => {
    secondDb = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    second = await startService({ env: SECRETS, workers: false, database: { db: secondDb, testDb: t.database.testDb } });
  });

  afterAll(async () => {
    await second?.stop();
    await secondDb?.close();
  });

  it("a decision made through one process reaches the other's cached record through NOTIFY", async () => {
    const url = `/api/v2/verifications/${v2Id}`;
    await get(url, ws.tokens.viewer, second);
    const hits = second.services.records.hits;
    await get(url, ws.tokens.viewer, second);
    expect(second.services.records.hits).toBe(hits + 1); // the second process answers from memory
    const posted = await t.request({ method: "POST", url: `${url}/feedbacks`, token: ws.tokens.analyst, body: { status: "REPROVED" } });
    expect(posted.statusCode).toBe(201);
    const seen = await eventually(
      () => get(url, ws.tokens.viewer, second).then((r) => r.json()),
      (v) => v.feedbackStatus === "REPROVED",
      5000,
    );
    expect(seen.feedback.status).toBe("REPROVED");
  });
});
