// GET /api/v2/verifications/stats (beyond the spec): figures of the workspace over a range of
// creation dates. Rows are written straight into the tables (dates in the past, decisions) since
// no route can backdate them; the figures are then read through the route.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { verificationFeedbacks, verifications } from "../../server/db/schema";

let t: TestService;
let other: TestWorkspace;
const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000);
const DAY = 24 * 60;

async function insertVerification(ws: TestWorkspace, status: string, score: number | null, createdAt: Date): Promise<string> {
  const id = randomUUID();
  await t.services.db.insert(verifications).values({
    id,
    workspaceId: ws.id,
    userId: ws.users.analyst.id,
    nationalId: "52998224725",
    entity: "person",
    status,
    config: {},
    score,
    createdAt,
    updatedAt: createdAt,
  });
  return id;
}

// Backdated decisions: written as server/decisions/store.ts writes them (the row keeps the latest).
async function decide(ws: TestWorkspace, verificationId: string, status: string, createdAt: Date) {
  await t.services.db
    .insert(verificationFeedbacks)
    .values({ id: randomUUID(), workspaceId: ws.id, verificationId, status, userId: ws.users.analyst.id, createdAt });
  // as the feedback route does (server/decisions/store.ts): the row keeps its latest decision
  await t.services.db
    .update(verifications)
    .set({
      feedbackStatus: sql`(select ${verificationFeedbacks.status} from ${verificationFeedbacks} where ${verificationFeedbacks.verificationId} = ${verificationId} order by ${verificationFeedbacks.createdAt} desc limit 1)`,
    })
    .where(eq(verifications.id, verificationId));
}

const stats = (query = "", token = t.workspace.tokens.analyst) =>
  t.request({ method: "GET", url: `/api/v2/verifications/stats${query}`, token });

beforeAll(async () => {
  t = await startService({ workers: false });
  other = await t.createWorkspace();
  const ws = t.workspace;
  // Recent (within 7 days)
  const a = await insertVerification(ws, "COMPLETED", 0, ago(60));
  const b = await insertVerification(ws, "COMPLETED", 99, ago(2 * DAY));
  const c = await insertVerification(ws, "COMPLETED", 1000, ago(3 * DAY));
  await insertVerification(ws, "COMPLETED", 950, ago(4 * DAY));
  await insertVerification(ws, "FAILED", null, ago(5 * DAY));
  await insertVerification(ws, "PROCESSING", null, ago(30)); // stuck: 30 min old
  await insertVerification(ws, "CREATED", null, ago(5)); // too young to be stuck
  // Older (40 days)
  const old = await insertVerification(ws, "COMPLETED", 450, ago(40 * DAY));
  await insertVerification(ws, "CREATED", null, ago(40 * DAY)); // too old to be stuck
  // a: STANDBY then APPROVED (latest wins); b: REPROVED; c: WAIVED; old: APPROVED
  await decide(ws, a, "STANDBY", ago(50));
  await decide(ws, a, "APPROVED", ago(40));
  await decide(ws, b, "REPROVED", ago(2 * DAY - 10));
  await decide(ws, c, "WAIVED", ago(2 * DAY - 20));
  await decide(ws, old, "APPROVED", ago(39 * DAY));
  // Another workspace: never counted
  const foreign = await insertVerification(other, "COMPLETED", 500, ago(60));
  await decide(other, foreign, "REPROVED", ago(30));
  await insertVerification(other, "PROCESSING", null, ago(30));
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/v2/verifications/stats", () => {
  it("counts every verification of the workspace without a range", async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: null, to: null, total: 9, incomplete: 1 });
    expect(body.byStatus).toEqual({ CREATED: 2, PROCESSING: 1, CNH_EXTRACT: 0, ANALYZING: 0, COMPLETED: 5, FAILED: 1 });
    expect(body.byDecision).toEqual({ NOTSTARTED: 5, APPROVED: 2, REPROVED: 1, STANDBY: 0, WAIVED: 1 });
    expect(body.scoreHistogram).toHaveLength(10);
    expect(body.scoreHistogram[0]).toEqual({ from: 0, to: 99, count: 2 });
    expect(body.scoreHistogram[4]).toEqual({ from: 400, to: 499, count: 1 });
    expect(body.scoreHistogram[9]).toEqual({ from: 900, to: 1000, count: 2 });
    expect(body.scoreHistogram.reduce((n: number, bin: { count: number }) => n + bin.count, 0)).toBe(5);
  });

  it("limits the figures to verifications created in [from, to)", async () => {
    const from = ago(7 * DAY).toISOString();
    const body = (await stats(`?from=${encodeURIComponent(from)}`)).json();
    expect(body.from).toBe(from);
    expect(body.total).toBe(7);
    expect(body.byStatus).toMatchObject({ COMPLETED: 4, FAILED: 1, PROCESSING: 1, CREATED: 1 });
    expect(body.byDecision).toEqual({ NOTSTARTED: 4, APPROVED: 1, REPROVED: 1, STANDBY: 0, WAIVED: 1 });
    expect(body.scoreHistogram[4].count).toBe(0);
    // the stuck count ignores the range
    expect(body.incomplete).toBe(1);

    const upTo = (await stats(`?to=${encodeURIComponent(ago(3 * DAY).toISOString())}`)).json();
    expect(upTo.total).toBe(4); // c is created exactly at `to`: excluded
    expect(upTo.byStatus).toMatchObject({ COMPLETED: 2, FAILED: 1, CREATED: 1 });
  });

  it("counts decisions per UTC day, each decision once", async () => {
    const body = (await stats()).json();
    const total = body.daily.reduce((n: number, d: { total: number }) => n + d.total, 0);
    expect(total).toBe(5);
    for (const day of body.daily) {
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.total).toBe(day.APPROVED + day.REPROVED + day.STANDBY + day.WAIVED);
    }
    expect(body.daily.map((d: { date: string }) => d.date)).toEqual([...body.daily.map((d: { date: string }) => d.date)].sort());
    const today = new Date(NOW - 40 * 60_000).toISOString().slice(0, 10);
    const recent = body.daily.filter((d: { date: string }) => d.date >= new Date(NOW - 3 * DAY * 60_000).toISOString().slice(0, 10));
    expect(recent.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(4);
    expect(body.daily.some((d: { date: string }) => d.date === today)).toBe(true);
  });

  it("counts a decision recorded through the feedback route at once", async () => {
    const ws = await t.createWorkspace();
    const id = await insertVerification(ws, "COMPLETED", 700, ago(10));
    const res = await t.request({
      method: "POST",
      url: `/api/v2/verifications/${id}/feedbacks`,
      token: ws.tokens.analyst,
      body: { status: "REPROVED" },
    });
    expect(res.statusCode).toBe(201);
    const body = (await stats("", ws.tokens.viewer)).json();
    expect(body.byDecision).toEqual({ NOTSTARTED: 0, APPROVED: 0, REPROVED: 1, STANDBY: 0, WAIVED: 0 });
    expect(body.daily.at(-1)).toMatchObject({ REPROVED: 1, total: 1 });
  });

  it("answers an empty workspace with zeros", async () => {
    const empty = await t.createWorkspace();
    const body = (await stats("", empty.tokens.viewer)).json();
    expect(body).toMatchObject({ total: 0, incomplete: 0, daily: [] });
    expect(Object.values(body.byDecision)).toEqual([0, 0, 0, 0, 0]);
    expect(body.scoreHistogram.every((bin: { count: number }) => bin.count === 0)).toBe(true);
  });

  it("shows each workspace only its own verifications", async () => {
    const body = (await stats("", other.tokens.analyst)).json();
    expect(body).toMatchObject({ total: 2, incomplete: 1 });
    expect(body.byDecision).toMatchObject({ REPROVED: 1, NOTSTARTED: 1 });
  });

  it("is open to every role that reads verifications", async () => {
    for (const role of ["admin", "analyst", "viewer", "integration"] as const) {
      expect((await stats("", t.workspace.tokens[role])).statusCode).toBe(200);
    }
  });

  it("refuses a missing token with 401", async () => {
    const res = await t.request({ method: "GET", url: "/api/v2/verifications/stats" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    ["?from=yesterday", "a date that is not ISO 8601"],
    ["?to=2026-13-01T00:00:00Z", "an impossible month"],
    ["?from=2026-01-01", "a date without time"],
    ["?limit=5", "an unknown parameter"],
  ])("refuses %s (%s) with 400 invalid_parameter", async (query) => {
    const res = await stats(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("refuses from after to with 400", async () => {
    const res = await stats("?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/from/);
  });
});

describe("GET /api/v2/verifications with from/to (beyond the spec)", () => {
  const list = (query: string) => t.request({ method: "GET", url: `/api/v2/verifications${query}`, token: t.workspace.tokens.analyst });

  it("lists the verifications the stats count for the same range and filter", async () => {
    const from = encodeURIComponent(ago(7 * DAY).toISOString());
    const figures = (await stats(`?from=${from}`)).json();
    const all = (await list(`?from=${from}&limit=25`)).json();
    expect(all.total).toBe(figures.total);
    const completed = (await list(`?from=${from}&status=COMPLETED`)).json();
    expect(completed.total).toBe(figures.byStatus.COMPLETED);
    const approved = (await list(`?from=${from}&feedbackStatus=APPROVED`)).json();
    expect(approved.total).toBe(figures.byDecision.APPROVED);
    const open = (await list(`?from=${from}&feedbackStatus=NOTSTARTED`)).json();
    expect(open.total).toBe(figures.byDecision.NOTSTARTED);
    const top = (await list(`?from=${from}&scoreGte=900&scoreLte=1000`)).json();
    expect(top.total).toBe(figures.scoreHistogram[9].count);
    const upTo = (await list(`?to=${encodeURIComponent(ago(3 * DAY).toISOString())}`)).json();
    expect(upTo.total).toBe(4);
  });

  it("refuses a malformed date with 400", async () => {
    const res = await list("?from=last-week");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
