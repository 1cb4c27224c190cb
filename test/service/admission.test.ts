// Admission control on PGlite (issue 23; server/http/admission.ts): while LUPA_DB_QUEUE_LIMIT
// statements wait for the embedded database, a request that needs it is answered 503 with
// Retry-After and the route's code (docs/decisions.md, "Admission control") before it does
// anything; below the limit nothing is refused; a record the record cache holds is served anyway;
// a refused creation repeated with its Idempotency-Key creates the enrichment once.
//
// The queue is real: a transaction holds PGlite's connection (as a long statement would) and
// statements queue behind it; poolStats() counts them as the metrics do.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { TEST_DB } from "../support/databases";
import { makeCpf } from "../../lib/contract/documents";
import { runCollection } from "../../server/engine/runner";
import { OWNERS } from "../../server/owners";

const LIMIT = 4;
let t: TestService;
let ws: TestWorkspace;
let terminalId: string;

describe.runIf(TEST_DB === "pglite")("admission control on PGlite", () => {
  beforeAll(async () => {
    // no workers: their job fetches would queue too and make the count the test sets inexact; the
    // session check is cached for the whole file, so authentication adds no statement either
    t = await startService({
      workers: false,
      env: { LUPA_DB_QUEUE_LIMIT: String(LIMIT), LUPA_SESSION_CHECK_MS: "600000", LUPA_SYNC_WAIT_MS: "200" },
    });
    ws = await t.createWorkspace();
    const created = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: ws.tokens.integration,
      body: { document: makeCpf("390533447"), profileId: "prf_person_registry" },
    });
    expect(created.statusCode).toBe(202);
    terminalId = created.json().id;
    await runCollection(t.services, OWNERS, terminalId); // the engine, in this process
    const read = await t.request({ method: "GET", url: `/api/v3/enrichments/${terminalId}`, token: ws.tokens.integration });
    expect(read.json().status).toBe("COMPLETED"); // and now in the record cache
    // every token of the file has had its session checked once
    for (const token of Object.values(ws.tokens)) await t.request({ method: "GET", url: "/api/v2/verifications", token });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /**
   * Holds the database's connection with a transaction and queues `n` statements behind it, then
   * runs `during`; releases it and waits for the queued statements.
   */
  async function withQueue<T>(n: number, during: () => Promise<T>): Promise<T> {
    const { client } = t.services.database.direct as { kind: "pglite"; client: import("@electric-sql/pglite").PGlite };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const started = new Promise<void>((resolve) => (holding = resolve));
    const transaction = client.transaction(async () => {
      holding();
      await held;
    });
    await started;
    const queued = Array.from({ length: n }, () => t.services.database.query("select 1"));
    // each statement first yields a turn of the event loop (server/db/client.ts), then waits
    for (let turn = 0; turn < 100 && t.services.database.poolStats().ahead < n; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(t.services.database.poolStats()).toMatchObject({ waiting: n, ahead: n });
    try {
      return await during();
    } finally {
      release();
      await transaction;
      await Promise.all(queued);
    }
  }

  const get = (url: string, token = ws.tokens.integration) => t.request({ method: "GET", url, token });

  it(`refuses with the route's 503 code and Retry-After: 1 once ${LIMIT} statements wait`, async () => {
    const key = `admission-${Date.now()}`;
    const document = makeCpf("529982247");
    const before = t.services.admission.refused;
    const answers = await withQueue(LIMIT, async () => ({
      list: await get("/api/v3/enrichments?limit=5"),
      uncached: await get(`/api/v3/enrichments/${terminalId}?include=data`),
      module: await get(`/api/v3/enrichments/${terminalId}/modules/profile`),
      create: await t.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: ws.tokens.integration,
        headers: { "idempotency-key": key },
        body: { document, profileId: "prf_person_registry" },
      }),
      batch: await t.request({
        method: "POST",
        url: "/api/v3/enrichments/batch",
        token: ws.tokens.integration,
        body: { profileId: "prf_person_registry", items: [{ document: makeCpf("111444777") }] },
      }),
      profiles: await get("/api/v3/profiles"),
      usage: await get("/api/v3/usage", ws.tokens.admin),
      v2list: await get("/api/v2/verifications"),
      review: await get("/api/review/v1/cases", ws.tokens.analyst),
    }));
    const expected: Record<keyof typeof answers, string> = {
      list: "idempotency_retry",
      uncached: "idempotency_retry",
      module: "idempotency_retry",
      create: "profiles_unavailable",
      batch: "profiles_unavailable",
      profiles: "profiles_unavailable",
      usage: "billing_unavailable",
      v2list: "",
      review: "service_busy",
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBe(503);
      expect(res.headers["retry-after"], name).toBe("1");
      const body = res.json();
      if (name === "v2list")
        expect(body).toEqual({ error: expect.stringMatching(/busy/) }); // v2 envelope: a message only
      else expect(body.error.code, name).toBe(expected[name as keyof typeof answers]);
    }
    expect(t.services.admission.refused - before).toBe(Object.keys(answers).length);

    // nothing was created by the refused creation and batch; repeated, the creation is made once
    const count = async () =>
      Number((await t.services.database.query("select count(*)::int as n from enrichments where workspace_id = $1", [ws.id])).rows[0]!.n);
    expect(await count()).toBe(1);
    const again = () =>
      t.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: ws.tokens.integration,
        headers: { "idempotency-key": key },
        body: { document, profileId: "prf_person_registry" },
      });
    const first = await again();
    expect(first.statusCode).toBe(202);
    const second = await again();
    expect(second.json().id).toBe(first.json().id);
    expect(await count()).toBe(2);
  });

  it("serves a record the record cache holds while the queue is full", async () => {
    const res = await withQueue(LIMIT + 2, () => get(`/api/v3/enrichments/${terminalId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: terminalId, status: "COMPLETED" });
  });

  it(`refuses nothing below the limit (${LIMIT - 1} waiting): the request waits its turn and is answered`, async () => {
    const before = t.services.admission.refused;
    const requests: [string, string][] = [
      ["/api/v3/enrichments?limit=5", ws.tokens.integration],
      [`/api/v3/enrichments/${terminalId}?include=data`, ws.tokens.integration],
      ["/api/v3/profiles", ws.tokens.integration],
      ["/api/v3/usage", ws.tokens.admin],
      ["/api/v2/verifications", ws.tokens.integration],
      ["/api/review/v1/cases", ws.tokens.analyst],
    ];
    for (const [url, token] of requests) {
      t.services.records.clear(); // the enrichment's read must need the database
      const pending = await withQueue(LIMIT - 1, async () => {
        const request = get(url, token); // admitted: its statements queue from the LIMIT-th on
        for (let turn = 0; turn < 100 && t.services.database.poolStats().ahead < LIMIT; turn++)
          await new Promise((resolve) => setImmediate(resolve));
        expect(t.services.database.poolStats().ahead, url).toBeGreaterThanOrEqual(LIMIT);
        return { request };
      });
      expect((await pending.request).statusCode, url).toBe(200);
    }
    expect(t.services.admission.refused).toBe(before);
  });

  it("the console's API client waits the Retry-After of a refusal and repeats the request once (lib/api/client.ts)", async () => {
    vi.doMock("server-only", () => ({})); // the marker module throws outside React Server Components
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    vi.stubEnv("LUPA_API_URL", `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    try {
      const { apiFetch } = await import("../../lib/api/client");
      const before = t.services.admission.refused;
      const pending = await withQueue(LIMIT, async () => {
        const answer = apiFetch<{ cases: unknown[] }>("/api/review/v1/cases", { token: ws.tokens.analyst });
        answer.catch(() => {}); // awaited below, once the queue is released
        for (let i = 0; i < 200 && t.services.admission.refused === before; i++) await new Promise((r) => setTimeout(r, 5));
        expect(t.services.admission.refused - before).toBe(1); // the first attempt was refused
        return { answer };
      });
      const body = await pending.answer; // the repeat, a second later, on a drained queue
      expect(Array.isArray(body.cases)).toBe(true);
      expect(t.services.admission.refused - before).toBe(1);
    } finally {
      vi.unstubAllEnvs();
      vi.doUnmock("server-only");
    }
  });
});
