// The first minute of a fresh start (issue 28, item 7): while the demo seed is still collecting its
// cases (created in the past days), the overview counts none of them as stuck, though a case
// truly stuck is still counted; and a person's own v2 batch is not queued behind the demo's work.
// Runs the real start (startLupa with seedDemo, the API and the workers) on a database of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startLupa, type Lupa } from "../../server/start";
import { createLogger } from "../../server/support/logger";
import { openDatabase, type Database } from "../../server/db/client";
import { collections, verifications, workspaces } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/tenancy/demo";
import { makeCpf } from "../../lib/contract/documents";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { eventually } from "../support/harness";

let testDb: TestDatabase;
let db: Database;
let lupa: Lupa;
let app: FastifyInstance;
let dataDir: string;
let demoWs: string;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lupa-first-minute-"));
  testDb = await createTestDatabase();
  const { REDIS_URL: _redis, ...host } = process.env;
  const config = loadConfig({
    ...host,
    LUPA_DATA_DIR: dataDir,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    LUPA_LOG_LEVEL: "silent",
    LUPA_SWEEP_INTERVAL_MS: "200",
    LUPA_MODULE_RETRY_MS: "50,100",
    // each module answers after a quarter of a second, as real sources take their time: the demo's
    // few dozen cases take some seconds to collect, the first minute of a newcomer in small
    LUPA_SANDBOX_LATENCY_MS: "250",
    LUPA_RATE_LIMIT_PER_SECOND: "1000000",
    LUPA_DB_QUEUE_LIMIT: "0",
  });
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, memory: !config.databaseUrl, template: testDb.template });
  lupa = await startLupa({
    config,
    services: { log: createLogger("silent"), database: db },
    api: {},
    workers: true,
    sweepers: true,
    seedDemo: true,
  });
  app = lupa.app!;
  const [ws] = await lupa.services.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, "Demo"));
  demoWs = ws!.id;
  const signIn = await app.inject({
    method: "POST",
    url: "/api/v1/authentication",
    payload: { username: "analyst@lupa.local", password: DEMO_PASSWORD },
  });
  token = signIn.json().accessToken;
}, 240_000);

afterAll(async () => {
  await lupa?.stop();
  await db?.close();
  await testDb?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** The demo's cases still being collected that the seed dated more than 15 minutes ago. */
async function seedCasesCollecting(): Promise<number> {
  const [row] = await lupa.services.db
    .select({ n: count() })
    .from(verifications)
    .where(
      and(
        eq(verifications.workspaceId, demoWs),
        inArray(verifications.status, ["CREATED", "PROCESSING"]),
        lt(verifications.createdAt, new Date(Date.now() - 15 * 60_000)),
      ),
    );
  return row!.n;
}

describe("the first minute of a fresh start", () => {
  it("counts no demo case as stuck while the seed is still collecting them", async () => {
    // the demo's cases are dated in the past days and most are still waiting to be collected
    expect(await seedCasesCollecting()).toBeGreaterThan(10);
    const stats = await get("/api/review/v1/stats");
    expect(stats.stuck).toBe(0);
    const list = await get("/api/review/v1/cases?stuck=true");
    expect(list.cases).toEqual([]);
    expect(list.total).toBe(0);
  });

  it("runs a person's v2 batch before the demo's background work", async () => {
    const documents = [makeCpf("710000001"), makeCpf("710000002"), makeCpf("710000003")];
    const started = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/v2/verifications/batch",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: JSON.stringify({ nationalId: documents, profileId: "prf_kyc_person", verifications: {} }),
    });
    expect(res.statusCode).toBe(202);
    const ids = Object.values(res.json().items as Record<string, { id: string }>).map((i) => i.id);
    expect(ids).toHaveLength(3);
    const seedBatchCollections = and(
      eq(collections.workspaceId, demoWs),
      eq(collections.lane, "batch"),
      sql`${collections.id} not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const [before] = await lupa.services.db
      .select({ n: count() })
      .from(collections)
      .where(and(seedBatchCollections, isNull(collections.startedAt)));
    // the demo's batch-lane work was not done when the person sent theirs
    expect(before!.n).toBeGreaterThan(10);

    await eventually(
      async () =>
        (
          await lupa.services.db
            .select({ n: count() })
            .from(verifications)
            .where(and(inArray(verifications.id, ids), inArray(verifications.status, ["COMPLETED", "FAILED"])))
        )[0]!.n,
      (n) => n === ids.length,
      120_000,
    );
    const seconds = (performance.now() - started) / 1000;
    // finished while demo cases sent before it had not even started: it was not queued behind them
    const [notStarted] = await lupa.services.db
      .select({ n: count() })
      .from(collections)
      .where(and(seedBatchCollections, isNull(collections.startedAt)));
    expect(notStarted!.n, `the person's batch took ${seconds.toFixed(1)} s`).toBeGreaterThan(0);
  }, 150_000);

  it("still counts a case truly stuck: in collection for more than 15 minutes", async () => {
    // a demo case waiting for its recovery round (exhausts_rounds, fails_first_round): PROCESSING
    const waiting = await eventually(
      () =>
        lupa.services.db
          .select({ id: collections.id })
          .from(collections)
          .where(
            and(
              eq(collections.workspaceId, demoWs),
              eq(collections.owner, "verification"),
              eq(collections.status, "FETCHING"),
              isNotNull(collections.nextRetryAt),
            ),
          ),
      (rows) => rows.length > 0,
      120_000,
    );
    const id = waiting[0]!.id;
    expect((await get("/api/review/v1/stats")).stuck).toBe(0);
    // as if it had been sent to be collected 20 minutes ago
    await lupa.services.db
      .update(collections)
      .set({ createdAt: sql`now() - interval '20 minutes'` })
      .where(eq(collections.id, id));
    expect((await get("/api/review/v1/stats")).stuck).toBe(1);
    const list = await get("/api/review/v1/cases?stuck=true");
    expect(list.cases.map((c: { id: string }) => c.id)).toEqual([id]);
  }, 150_000);
});
