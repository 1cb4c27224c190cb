// What an attacker found in the team features, second round (issue 30, findings 1, 5, 7 and 8):
// each reproduced against the service, failing before its fix. The forged origin (finding 6) is
// the console's: test/unit/bff-origin.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, PASSWORD, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, R, reviewApi } from "../support/review";
import { caseNotes, reviewViews } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("finding 8: the audit trail records the server's request id, the client's apart", () => {
  it("a forged x-request-id never becomes an event's request_id; it is kept as client_request_id", async () => {
    const forged = "forged-by-the-client-0001";
    const caseId = await insertCase(t, ws);
    const note = await t.request({
      method: "POST",
      url: `${R}/cases/${caseId}/notes`,
      token: ws.tokens.analyst,
      body: { text: "nota" },
      headers: { "x-request-id": forged },
    });
    expect(note.statusCode).toBe(201);
    expect(note.headers["x-request-id"]).toBe(forged); // both sides can still quote the client's id
    const [created] = await eventsOf(t, ws.id, "note.created", caseId);
    expect(created!.request_id).toMatch(UUID);
    expect(created!.request_id).not.toBe(forged);
    expect(created!.client_request_id).toBe(forged);

    // a GET that records (the queue's export), and a sign-in, with the same forged id
    const exported = await t.request({
      method: "GET",
      url: `${R}/cases/export.csv`,
      token: ws.tokens.analyst,
      headers: { "x-request-id": forged },
    });
    expect(exported.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/authentication",
      payload: { username: ws.users.viewer.email, password: PASSWORD },
      headers: { "x-request-id": forged },
    });
    expect(signIn.statusCode).toBe(200);
    const rows = await t.services.database.query(
      "select type, request_id, client_request_id from audit_events where workspace_id = $1 and (request_id = $2 or client_request_id = $2)",
      [ws.id, forged],
    );
    const events = rows.rows as { type: string; request_id: string; client_request_id: string }[];
    expect(events.map((e) => e.type).sort()).toEqual(["cases.exported", "note.created", "session.started"]);
    for (const e of events) {
      expect(e.request_id).toMatch(UUID);
      expect(e.client_request_id).toBe(forged);
    }
    // each request its own server id
    expect(new Set(events.map((e) => e.request_id)).size).toBe(3);

    // the API shows both, as fields of their own
    const listed = (await api.get(`/audit-events?caseId=${caseId}&type=note.created`, ws.tokens.admin)).json();
    expect(listed.events[0]).toMatchObject({ requestId: created!.request_id, clientRequestId: forged });
    // without a client's id, there is none
    const plain = await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "outra" });
    expect(plain.statusCode).toBe(201);
    const [latest] = await eventsOf(t, ws.id, "note.created", caseId);
    expect(latest!.request_id).toBe(plain.headers["x-request-id"]);
    expect(latest!.client_request_id).toBeNull();
  });
});

const MB = 1024 * 1024;

/**
 * Runs `load` while /health is asked every 5 ms (each must answer 200), and gives the process's
 * memory growth over it. /health's time is the benchmark's figure, not a bound here.
 */
async function underLoad(load: () => Promise<unknown>) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const running = load();
  let done = false;
  void running.finally(() => (done = true));
  while (!done) {
    expect((await t.request({ method: "GET", url: "/health" })).statusCode).toBe(200);
    peak = Math.max(peak, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await running;
  return { growthMb: (peak - rssBefore) / MB };
}

describe("finding 1: a case's notes are read a page at a time and capped", () => {
  it("1,000 notes of 4,000 characters: pages under 1 MB, the 1,001st refused, /health answering meanwhile", async () => {
    const caseId = await insertCase(t, ws);
    const start = Date.now() - 3_600_000;
    const text = "n".repeat(4000);
    for (let batch = 0; batch < 10; batch++) {
      await t.services.db.insert(caseNotes).values(
        Array.from({ length: 100 }, (_, i) => ({
          id: randomUUID(),
          workspaceId: ws.id,
          verificationId: caseId,
          authorId: ws.users.analyst.id,
          text,
          // two notes in each instant: the cursor's tie on created_at is broken by the id
          createdAt: new Date(start + Math.floor((batch * 100 + i) / 2) * 1000),
        })),
      );
    }
    expectError(await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "mais uma" }), 409, "note_limit_reached");

    const first = await api.get(`/cases/${caseId}/notes`, ws.tokens.viewer);
    expect(first.statusCode).toBe(200);
    expect(first.json().notes).toHaveLength(20);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    expectError(await api.get(`/cases/${caseId}/notes?limit=51`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/cases/${caseId}/notes?cursor=abc`, ws.tokens.viewer), 400, "invalid_cursor");

    // every note once, oldest first, in pages of 50 under 1 MB
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api.get(`/cases/${caseId}/notes?limit=50${cursor ? `&cursor=${cursor}` : ""}`, ws.tokens.viewer);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(MB);
      seen.push(...res.json().notes);
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor && pages < 30);
    expect(pages).toBe(20);
    expect(new Set(seen.map((n) => n.id)).size).toBe(1000);
    const order = seen.map((n) => n.createdAt);
    expect(order).toEqual([...order].sort());

    // eight readers at once, each reading the whole case page by page
    const readAll = async () => {
      let next: string | null = null;
      do {
        const res = await api.get(`/cases/${caseId}/notes?limit=50${next ? `&cursor=${next}` : ""}`, ws.tokens.viewer);
        next = res.json().nextCursor;
      } while (next);
    };
    const { growthMb } = await underLoad(() => Promise.all(Array.from({ length: 8 }, readAll)));
    // /health's time under the flood is a figure for the benchmark (npm run bench -- abuse notes
    // views, docs/benchmarks.md), beside its idle time in the same run: a bound here failed on a
    // loaded CI machine, not on the service. What made it slow on main is bounded here: no answer
    // over 1 MB, memory within 300 MB, /health answering throughout.
    expect(growthMb).toBeLessThan(300);
  });

  it("the largest page a case can hold stays under 1 MB", async () => {
    const caseId = await insertCase(t, ws);
    // 4,000 three-byte characters, hidden with a 500-character reason: the largest note the API takes
    const wide = "€".repeat(4000);
    await t.services.db.insert(caseNotes).values(
      Array.from({ length: 50 }, () => ({
        id: randomUUID(),
        workspaceId: ws.id,
        verificationId: caseId,
        authorId: ws.users.analyst.id,
        text: wide,
        hiddenAt: new Date(),
        hiddenBy: ws.users.admin.id,
        hiddenReason: "€".repeat(500),
      })),
    );
    const res = await api.get(`/cases/${caseId}/notes?limit=50`, ws.tokens.admin);
    expect(res.json().notes).toHaveLength(50);
    expect(res.rawPayload.length).toBeLessThan(MB);
  });

  it("one person writes at most 30 notes a minute (429 with Retry-After)", async () => {
    const other = await t.createWorkspace();
    const caseId = await insertCase(t, other);
    for (let i = 0; i < 30; i++)
      expect((await api.post(`/cases/${caseId}/notes`, other.tokens.analyst, { text: `nota ${i}` })).statusCode).toBe(201);
    const refused = await api.post(`/cases/${caseId}/notes`, other.tokens.analyst, { text: "a 31ª" });
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // another person is not held back
    expect((await api.post(`/cases/${caseId}/notes`, other.tokens.admin, { text: "outra pessoa" })).statusCode).toBe(201);
  });
});

describe("finding 5: views are shared by admins and analysts only, capped, paginated and audited", () => {
  it("a viewer cannot share; private views stay its own", async () => {
    expectError(
      await api.post("/views", ws.tokens.viewer, { name: "Fila oficial (use esta)", filters: {}, shared: true }),
      403,
      "forbidden",
    );
    expect((await api.post("/views", ws.tokens.viewer, { name: "Minha", filters: {} })).statusCode).toBe(201);
  });

  it("50 views per person (409), a shared one's creation and deletion audited", async () => {
    const other = await t.createWorkspace();
    const shared = await api.post("/views", other.tokens.analyst, { name: "Fila oficial", filters: { sla: "breached" }, shared: true });
    expect(shared.statusCode).toBe(201);
    const [created] = await eventsOf(t, other.id, "view.shared");
    expect(created).toMatchObject({ actor_id: other.users.analyst.id, data: { viewId: shared.json().id, name: "Fila oficial" } });
    for (let i = 1; i < 50; i++)
      expect((await api.post("/views", other.tokens.analyst, { name: `v${i}`, filters: {} })).statusCode).toBe(201);
    expectError(await api.post("/views", other.tokens.analyst, { name: "a 51ª", filters: {} }), 409, "view_limit_reached");
    expect(await eventsOf(t, other.id, "view.shared")).toHaveLength(1); // private ones are not
    // the admin deletes the shared one: recorded; the analyst may save one again
    expect((await api.del(`/views/${shared.json().id}`, other.tokens.admin)).statusCode).toBe(204);
    const [deleted] = await eventsOf(t, other.id, "view.unshared");
    expect(deleted).toMatchObject({ actor_id: other.users.admin.id, data: { viewId: shared.json().id, authorId: other.users.analyst.id } });
    expect((await api.post("/views", other.tokens.analyst, { name: "de novo", filters: {} })).statusCode).toBe(201);
    const listed = (await api.get("/audit-events?type=view.shared,view.unshared", other.tokens.admin)).json();
    expect(listed.events.map((e: { type: string }) => e.type)).toEqual(["view.unshared", "view.shared"]);
  });

  it("GET /views answers pages; 5,000 shared views read page by page with /health answering", async () => {
    const other = await t.createWorkspace();
    const start = Date.now() - 3_600_000;
    for (let batch = 0; batch < 10; batch++) {
      await t.services.db.insert(reviewViews).values(
        Array.from({ length: 500 }, (_, i) => ({
          id: randomUUID(),
          workspaceId: other.id,
          authorId: randomUUID(), // people of the workspace, many of them
          name: "Fila oficial (use esta) ".repeat(4),
          filters: { search: "x".repeat(100), sort: "oldest" },
          shared: true,
          createdAt: new Date(start + Math.floor((batch * 500 + i) / 3)),
        })),
      );
    }
    // what PostgreSQL's autovacuum does after such an insert (the planner then reads the page index
    // in order; with no statistics it sorts the workspace's 5,000 views for each page)
    await t.services.database.query("analyze review_views");
    const first = await api.get("/views", other.tokens.viewer);
    expect(first.json().views).toHaveLength(50);
    expectError(await api.get("/views?limit=101", other.tokens.viewer), 400, "invalid_parameter");
    const ids = new Set<string>();
    const readAll = async (into?: Set<string>) => {
      let cursor: string | null = null;
      do {
        const res = await api.get(`/views?limit=100${cursor ? `&cursor=${cursor}` : ""}`, other.tokens.viewer);
        expect(res.rawPayload.length).toBeLessThan(MB);
        for (const v of res.json().views) into?.add(v.id);
        cursor = res.json().nextCursor;
      } while (cursor);
    };
    await readAll(ids);

    expect(ids.size).toBe(5000);
    const { growthMb } = await underLoad(() => Promise.all(Array.from({ length: 8 }, () => readAll())));
    // /health's time under the flood is a figure for the benchmark (npm run bench -- abuse notes
    // views, docs/benchmarks.md), beside its idle time in the same run: a bound here failed on a
    // loaded CI machine, not on the service. What made it slow on main is bounded here: no answer
    // over 1 MB, memory within 300 MB, /health answering throughout.
    expect(growthMb).toBeLessThan(300);
  });
});

describe("finding 7: GETs that record an audit event refuse another site", () => {
  it("exports and the PDF: Sec-Fetch-Site cross-site is 403 and records nothing; same-origin and API clients go on", async () => {
    const other = await t.createWorkspace();
    const caseId = await insertCase(t, other);
    const reads = [
      { url: `${R}/cases/export.csv`, token: other.tokens.analyst, type: "cases.exported" },
      { url: `${R}/audit-events.csv`, token: other.tokens.admin, type: "audit.exported" },
      { url: `/api/v2/blacklist/export?workspaceId=${other.id}`, token: other.tokens.analyst, type: "restrictive_list.exported" },
      { url: `/api/v2/verifications/${caseId}/pdf`, token: other.tokens.analyst, type: "report.downloaded" },
    ];
    for (const read of reads) {
      const refused = await t.request({ method: "GET", url: read.url, token: read.token, headers: { "sec-fetch-site": "cross-site" } });
      expect(refused.statusCode, read.url).toBe(403);
      if (read.url.startsWith(R)) expectError(refused, 403, "cross_site_request");
      else expect(refused.json()).toEqual({ error: expect.any(String) }); // v2's envelope: the message only
      expect(await eventsOf(t, other.id, read.type), read.url).toHaveLength(0);
    }
    for (const read of reads) {
      for (const headers of [{ "sec-fetch-site": "same-origin" }, {}] as Record<string, string>[]) {
        const res = await t.request({ method: "GET", url: read.url, token: read.token, headers });
        expect(res.statusCode, read.url).toBe(200);
      }
      expect(await eventsOf(t, other.id, read.type), read.url).toHaveLength(2);
    }
  });
});
