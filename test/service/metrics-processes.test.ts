// The operators' listener as operators start it (issue 17): real `start:api` and `start:worker`
// processes with LUPA_METRICS_PORT answer GET /metrics there with every family, and not on the
// API's listener.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startProcess, type ServiceProcess } from "../support/processes";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../support/databases";
import { FAMILIES, familiesOf, parseScrape, total } from "../support/prometheus";

let dataDir: string;
let testDb: TestDatabase;
let env: Record<string, string>;
const running: ServiceProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lupa-metrics-proc-"));
  testDb = await createTestDatabase();
  env = {
    LUPA_DATA_DIR: dataDir,
    LUPA_SEED_DEMO: "0",
    LUPA_LOG_LEVEL: "warn",
    LUPA_SCRYPT_LOG_N: "12",
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  };
}, 60_000);

afterAll(async () => {
  for (const p of running) await p.kill("SIGKILL");
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function start(script: string, extra: Record<string, string>): ServiceProcess {
  const p = startProcess(script, { ...env, ...extra });
  running.push(p);
  return p;
}

async function get(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

function expectEveryFamily(text: string): void {
  const families = familiesOf(text);
  for (const [name, type] of Object.entries(FAMILIES)) expect(families.get(name), name).toBe(type);
  parseScrape(text); // every line well formed
}

it("the API process: /metrics on LUPA_METRICS_PORT only; /ready on both", async () => {
  const [apiPort, metricsPort] = [await freePort(), await freePort()];
  const api = start("server/main.ts", { LUPA_API_PORT: String(apiPort), LUPA_METRICS_PORT: String(metricsPort) });
  await api.waitFor(/listening/, 120_000);

  const onApi = await get(`http://127.0.0.1:${apiPort}/metrics`);
  expect(onApi.status).toBe(404);
  expect(onApi.text).not.toContain("# TYPE");
  expect((await get(`http://127.0.0.1:${apiPort}/ready`)).status).toBe(200);

  const scrape = await get(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(scrape.status).toBe(200);
  expect(scrape.type).toBe("text/plain; version=0.0.4; charset=utf-8");
  expectEveryFamily(scrape.text);
  // the scrape of /ready above went through the API: counted by its template
  expect(total(parseScrape(scrape.text), "lupa_http_requests_total", { route: "/ready", method: "GET", status: "200" })).toBe(1);
  expect((await get(`http://127.0.0.1:${metricsPort}/ready`)).status).toBe(200);

  await api.kill("SIGTERM");
  expect(await api.exited).toBe(0);
}, 180_000);

describe.runIf(TEST_DB === "postgres")("a worker process", () => {
  it("answers /metrics and /ready on its own LUPA_METRICS_PORT, until it stops", async () => {
    const metricsPort = await freePort();
    const worker = start("server/worker-main.ts", { LUPA_METRICS_PORT: String(metricsPort) });
    await worker.waitFor(/worker \d+ started/, 120_000);
    const scrape = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expectEveryFamily(scrape.text);
    const samples = parseScrape(scrape.text);
    expect(total(samples, "lupa_db_pool_max")).toBe(10);
    expect(total(samples, "lupa_db_listen_up")).toBe(1);
    expect(total(samples, "lupa_queue_waiting_jobs", { lane: "batch" })).toBe(0);
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/ready`)).json()).toEqual({ status: "ready", database: "postgres" });

    await worker.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 180_000);
});
