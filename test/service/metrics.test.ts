// Metrics for operators (issue 17): GET /metrics is not on the public listener unless configured;
// the operators' listener (startMetricsServer) answers the Prometheus text format with every
// family, whose values move under a batch; no document, name, e-mail or id appears in a scrape;
// /ready answers 200, and 503 while the database is unreachable or being migrated.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { startHttpsReceiver, type HttpsReceiver } from "../support/https-receiver";
import { TEST_DB } from "../support/databases";
import { FAMILIES, familiesOf, has, parseScrape, total, type Sample } from "../support/prometheus";
import { createPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { freePort } from "../support/processes";
import { formatDocument, makeCpf } from "../../lib/contract/documents";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { startMetricsServer, type MetricsServer } from "../../server/metrics/server";
import { buildApp } from "../../server/http/app";
import { MIGRATION_LOCK_ID } from "../../server/db/migrate";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/services";
import { createLogger } from "../../server/support/logger";

const PERMANENT = sandboxDocumentFor("permanent_failure", "person")!.document;
const cpf = (n: number) => makeCpf(String(410000000 + n));
const DOCUMENTS = [cpf(1), cpf(2), cpf(3), cpf(4)];

let t: TestService;
let receiver: HttpsReceiver;
let dir: string;
let metrics: MetricsServer;
let base: string;
let databaseClosed = false;

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  dir = mkdtempSync(path.join(tmpdir(), "lupa-metrics-"));
  writeFileSync(path.join(dir, "ca.pem"), receiver.ca);
  t = await startService({ env: { LUPA_CALLBACK_ALLOW_LIST: "127.0.0.1", LUPA_CALLBACK_CA_FILE: path.join(dir, "ca.pem") } });
  metrics = await startMetricsServer(t.services, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${metrics.port}`;
});
afterAll(async () => {
  await metrics?.close();
  if (databaseClosed) {
    // the last test closed the database already: closing it again fails, and ends close() early
    await t.close().catch(() => {});
    rmSync(t.config.dataDir, { recursive: true, force: true });
  } else await t?.close();
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, samples: parseScrape(text) };
}

describe("where /metrics answers", () => {
  it("not on the API's listener by default", async () => {
    const res = await t.request({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("# TYPE");
  });

  it("on the API's listener only with LUPA_METRICS_ON_API=1", async () => {
    const app = await buildApp({ ...t.services, config: { ...t.config, metrics: { ...t.config.metrics, onApi: true } } });
    try {
      const res = await app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(familiesOf(res.body).get("lupa_queue_waiting_jobs")).toBe("gauge");
    } finally {
      await app.close();
    }
  });

  it("on the operators' listener: the text format with every family; /health, /ready; nothing else", async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    const families = familiesOf(text);
    for (const [name, type] of Object.entries(FAMILIES)) expect(families.get(name), name).toBe(type);
    const samples = parseScrape(text); // throws on a malformed line
    expect(total(samples, "lupa_db_pool_max")).toBe(t.services.database.kind === "pglite" ? 1 : 10);
    expect(total(samples, "lupa_db_listen_up")).toBe(1);
    expect(total(samples, "lupa_db_listen_connects_total")).toBeGreaterThanOrEqual(1);
    for (const lane of ["interactive", "batch", "callback"]) {
      expect(has(samples, "lupa_queue_waiting_jobs", { lane }), lane).toBe(true);
      expect(has(samples, "lupa_queue_oldest_waiting_seconds", { lane }), lane).toBe(true);
    }
    expect(has(samples, "lupa_db_pool_connections", { state: "in_use" })).toBe(true);
    expect(has(samples, "lupa_db_pool_connections", { state: "idle" })).toBe(true);

    const health = await fetch(`${base}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${base}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", database: t.services.database.kind }]);
    expect((await fetch(`${base}/api/v3/profiles`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
  });
});

describe("values move under a batch", () => {
  const token = () => t.workspace.tokens.integration;
  const batchOf = async (documents: string[], hook: string) => {
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      token: token(),
      body: {
        profileId: "prf_person_complete",
        items: documents.map((document) => ({ document })),
        callback: { url: receiver.url + hook },
      },
    });
    expect(res.statusCode).toBe(202);
    const ids = (res.json().items as { id: string }[]).map((i) => i.id);
    for (const id of ids)
      await eventually(
        () => t.request({ method: "GET", url: `/api/v3/enrichments/${id}`, token: token() }),
        (r) => ["COMPLETED", "FAILED"].includes(r.json().status),
      );
    return { ids, batchId: res.json().batchId as string };
  };
  const seen: string[] = [];

  it("enrichments, provider calls, dataset cache, callbacks, HTTP requests", async () => {
    const before = (await scrape()).samples;
    const enriched = { kind: "enrichment", lane: "batch" };

    const first = await batchOf([...DOCUMENTS, PERMANENT], "/first");
    seen.push(...first.ids, first.batchId);
    // every item sends its callback when it ends (completed or failed)
    const delivered = (s: Sample[]) => total(s, "lupa_callback_deliveries_total", { outcome: "delivered" });
    const afterFirst = (await eventually(scrape, (r) => delivered(r.samples) - delivered(before) >= 5)).samples;
    expect(delivered(afterFirst) - delivered(before)).toBe(5);

    const delta = (name: string, labels: Record<string, string> = {}) => total(afterFirst, name, labels) - total(before, name, labels);
    expect(delta("lupa_collections_created_total", enriched)).toBe(5);
    expect(delta("lupa_collections_ended_total", { ...enriched, state: "COMPLETED" })).toBe(4);
    expect(delta("lupa_collections_ended_total", { ...enriched, state: "FAILED" })).toBe(1);
    expect(delta("lupa_collection_duration_seconds_count", enriched)).toBe(5);
    expect(delta("lupa_collection_duration_seconds_bucket", { ...enriched, state: "COMPLETED", le: "+Inf" })).toBe(4);
    expect(delta("lupa_collection_duration_seconds_sum", enriched)).toBeGreaterThan(0);
    // prf_person_complete: profile, finance, lawsuits, related, one call each (the sandbox's
    // permanent_failure document answers profile and related, and fails finance and lawsuits)
    expect(delta("lupa_provider_calls_total", { dataset: "person-profile-2.0", outcome: "ok" })).toBe(5);
    expect(delta("lupa_provider_calls_total", { outcome: "permanent_failure" })).toBe(2);
    expect(delta("lupa_provider_calls_total")).toBe(20);
    expect(delta("lupa_provider_call_duration_seconds_count")).toBe(20);
    expect(delta("lupa_dataset_cache_misses_total", { dataset: "person-profile-2.0" })).toBe(5);
    expect(delta("lupa_dataset_cache_hits_total")).toBe(0);
    expect(delta("lupa_http_requests_total", { route: "/api/v3/enrichments/batch", method: "POST", status: "202" })).toBe(1);
    expect(delta("lupa_http_requests_total", { route: "/api/v3/enrichments/:id", method: "GET", status: "200" })).toBeGreaterThanOrEqual(5);
    expect(delta("lupa_http_request_duration_seconds_count", { route: "/api/v3/enrichments/batch", method: "POST" })).toBe(1);

    // the same documents again, in the same workspace: the dataset cache answers the profiles
    const second = await batchOf(DOCUMENTS, "/second");
    seen.push(...second.ids, second.batchId);
    const afterSecond = (await eventually(scrape, (r) => delivered(r.samples) - delivered(afterFirst) >= 4)).samples;
    const hits = total(afterSecond, "lupa_dataset_cache_hits_total", { dataset: "person-profile-2.0" });
    expect(hits - total(afterFirst, "lupa_dataset_cache_hits_total", { dataset: "person-profile-2.0" })).toBe(4);
    expect(total(afterSecond, "lupa_provider_calls_total", { dataset: "person-profile-2.0" })).toBe(
      total(afterFirst, "lupa_provider_calls_total", { dataset: "person-profile-2.0" }),
    );
    expect(total(afterSecond, "lupa_collections_ended_total", { ...enriched, state: "COMPLETED" })).toBe(
      total(afterFirst, "lupa_collections_ended_total", { ...enriched, state: "COMPLETED" }) + 4,
    );
  });

  it("v2 verifications, and the record cache", async () => {
    const before = (await scrape()).samples;
    const created = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: token(),
      body: { nationalId: cpf(9), profileId: "prf_kyc_person", verifications: {} },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    seen.push(id);
    const read = () => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: token() });
    await eventually(read, (r) => r.json().status === "COMPLETED");
    await read(); // a terminal record: the second read is a record cache hit
    const after = (await scrape()).samples;
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(delta("lupa_collections_created_total", { kind: "verification", lane: "interactive" })).toBe(1);
    expect(delta("lupa_collections_ended_total", { kind: "verification", lane: "interactive", state: "COMPLETED" })).toBe(1);
    expect(delta("lupa_record_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(total(after, "lupa_record_cache_entries")).toBeGreaterThanOrEqual(1);
  });

  it("no document, name, e-mail or id in a scrape; routes are templates", async () => {
    // requests that carry personal data in the path and the query
    await t.request({ method: "GET", url: `/api/v3/enrichments?document=${DOCUMENTS[0]}`, token: token() });
    const stray = await t.request({ method: "GET", url: `/api/v3/nowhere/${DOCUMENTS[1]}`, token: token() });
    expect(stray.statusCode).toBe(404);
    const { text, samples } = await scrape();
    expect(has(samples, "lupa_http_requests_total", { route: "unmatched", method: "GET", status: "404" })).toBe(true);
    const forbidden = [
      ...[...DOCUMENTS, PERMANENT, cpf(9)].flatMap((d) => [d, formatDocument(d)]),
      ...Object.values(t.workspace.users).map((u) => u.email),
      t.workspace.id,
      ...seen,
    ];
    expect(seen.length).toBeGreaterThanOrEqual(10);
    for (const value of forbidden) expect(text, value).not.toContain(value);
    expect(text).not.toContain("@");
    for (const s of samples.filter((x) => x.labels.route !== undefined))
      // a template: lower-case literal segments and camelCase parameters (`:nationalId`, `:noteId`);
      // the registry is the process's, so routes other test files hit in this worker show here too
      expect(s.labels.route, s.labels.route).toMatch(/^(unmatched|\/|(\/([a-z0-9._*-]+|:[a-z][a-zA-Z]*))+\/?)$/);
    // the holders' and their mothers' names, as the enrichments answer them
    let names = 0;
    for (const id of seen.filter((x) => x.startsWith("enr_"))) {
      const read = (await t.request({ method: "GET", url: `/api/v3/enrichments/${id}?include=profile`, token: token() })).json();
      const profile = read.data?.profile?.profile;
      if (!profile) continue; // the failed one has no data
      for (const name of [profile.name.full, profile.name.given, profile.mother.name]) {
        expect(name).toMatch(/\p{L}{3}/u);
        expect(text).not.toContain(name);
        names++;
      }
    }
    expect(names).toBeGreaterThanOrEqual(8 * 3);
  });
});

describe("/ready", () => {
  it("answers 200 on the API's listener while the database answers", async () => {
    const res = await t.request({ method: "GET", url: "/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", database: t.services.database.kind });
  });

  it.runIf(TEST_DB === "postgres")("answers 503 migrating while another connection holds the migration lock", async () => {
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      const res = await t.request({ method: "GET", url: "/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", reason: "migrating", database: "postgres" });
      const listener = await fetch(`${base}/ready`);
      expect([listener.status, await listener.json()]).toEqual([503, { status: "unavailable", reason: "migrating", database: "postgres" }]);
      await other.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      expect((await t.request({ method: "GET", url: "/ready" })).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });
});

describe.runIf(TEST_DB === "postgres")("/ready while the database is unreachable (a private PostgreSQL, stopped)", () => {
  let postgres: PrivatePostgres;
  let services: Awaited<ReturnType<typeof createServices>>;
  let data: string;

  beforeAll(async () => {
    postgres = createPrivatePostgres(await freePort());
    data = mkdtempSync(path.join(tmpdir(), "lupa-ready-"));
    const config = loadConfig({ ...process.env, DATABASE_URL: postgres.url, LUPA_DATA_DIR: data, LUPA_LOG_LEVEL: "silent" });
    services = await createServices(config, { log: createLogger("silent") });
  }, 120_000);
  afterAll(async () => {
    await services?.close().catch(() => {});
    postgres?.destroy();
    if (data) rmSync(data, { recursive: true, force: true });
  });

  it("503 database_unreachable while it is down, 200 again once it is back", async () => {
    const app = await buildApp(services);
    const listener = await startMetricsServer(services, { host: "127.0.0.1", port: 0 });
    const ready = async () => {
      const res = await fetch(`http://127.0.0.1:${listener.port}/ready`);
      return { status: res.status, body: await res.json() };
    };
    try {
      expect((await app.inject({ method: "GET", url: "/ready" })).statusCode).toBe(200);
      expect((await ready()).status).toBe(200);
      postgres.stop();
      const down = await app.inject({ method: "GET", url: "/ready" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: "unavailable", reason: "database_unreachable", database: "postgres" });
      expect(await ready()).toEqual({ status: 503, body: { status: "unavailable", reason: "database_unreachable", database: "postgres" } });
      // the scrape still answers, without the queue's figures, and says the LISTEN connection is down
      const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(res.status).toBe(200);
      const samples = parseScrape(await res.text());
      expect(has(samples, "lupa_queue_waiting_jobs")).toBe(false);
      await eventually(
        async () => parseScrape(await (await fetch(`http://127.0.0.1:${listener.port}/metrics`)).text()),
        (s) => total(s, "lupa_db_listen_up") === 0,
      );
      postgres.start();
      await eventually(ready, (r) => r.status === 200, 30_000);
      expect((await app.inject({ method: "GET", url: "/ready" })).statusCode).toBe(200);
    } finally {
      await listener.close();
      await app.close();
    }
  }, 120_000);
});

// last: the service stops (its workers take no more jobs), then on PGlite its database closes
describe("after the service stopped", () => {
  it("the queue's depth and oldest waiting job, read from pg-boss", async () => {
    await t.stop(); // the API, the workers and the queue; the database stays open
    await t.services.database.query(`insert into pgboss.job (name, data, start_after)
      select 'collect-batch', '{}'::jsonb, now() - interval '90 seconds' from generate_series(1, 3)
      union all select 'collect-batch', '{}'::jsonb, now() + interval '1 hour'
      union all select 'callback-deliver', '{}'::jsonb, now() - interval '5 seconds'`);
    const listener = await startMetricsServer(t.services, { host: "127.0.0.1", port: 0 }); // no read kept from before
    try {
      const samples = parseScrape(await (await fetch(`http://127.0.0.1:${listener.port}/metrics`)).text());
      expect(total(samples, "lupa_queue_waiting_jobs", { lane: "batch" })).toBe(3);
      expect(total(samples, "lupa_queue_scheduled_jobs", { lane: "batch" })).toBe(1);
      expect(total(samples, "lupa_queue_oldest_waiting_seconds", { lane: "batch" })).toBeGreaterThanOrEqual(90);
      expect(total(samples, "lupa_queue_oldest_waiting_seconds", { lane: "batch" })).toBeLessThan(600);
      expect(total(samples, "lupa_queue_waiting_jobs", { lane: "callback" })).toBe(1);
      expect(total(samples, "lupa_queue_oldest_waiting_seconds", { lane: "callback" })).toBeGreaterThanOrEqual(5);
      expect(total(samples, "lupa_queue_waiting_jobs", { lane: "interactive" })).toBe(0);
      expect(total(samples, "lupa_queue_oldest_waiting_seconds", { lane: "interactive" })).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it.runIf(TEST_DB === "pglite")("/ready answers 503 database_unreachable once the embedded database is closed", async () => {
    await t.services.database.close();
    databaseClosed = true;
    const app = await buildApp(t.services);
    try {
      const res = await app.inject({ method: "GET", url: "/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", reason: "database_unreachable", database: "pglite" });
      const listener = await fetch(`${base}/ready`);
      expect([listener.status, await listener.json()]).toEqual([
        503,
        { status: "unavailable", reason: "database_unreachable", database: "pglite" },
      ]);
    } finally {
      await app.close();
    }
  });
});
