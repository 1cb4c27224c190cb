// GET /api/review/v1/usage/daily (issue 20, item 11): the billed actions of /usage per São Paulo day
// and per action in one request. Counts by day and action at the day's edges (São Paulo midnight is
// 03:00 UTC), every day of the period listed, the workspace's entries only, the review API's roles
// (integration 403), and the exact code of each bad parameter. It agrees with GET /api/v3/usage
// asked day by day, as /usage did before.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, reviewApi } from "../support/review";
import { billingEntries } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

const at = (iso: string) => new Date(iso);

async function bill(workspaceId: string, action: string, createdAt: Date) {
  await t.services.db.insert(billingEntries).values({ id: randomUUID(), workspaceId, enrichmentId: randomUUID(), action, createdAt });
}

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = t.workspace;
  other = await t.createWorkspace();
  api = reviewApi(t);
  // 2026-03-10 in São Paulo: from 03:00 UTC on the 10th to 03:00 UTC on the 11th
  await bill(ws.id, "enrichment.person", at("2026-03-10T02:59:59.999Z")); // still the 9th in São Paulo
  await bill(ws.id, "enrichment.person", at("2026-03-10T03:00:00.000Z")); // the 10th
  await bill(ws.id, "enrichment.person", at("2026-03-10T15:00:00.000Z"));
  await bill(ws.id, "enrichment.company", at("2026-03-11T02:59:00.000Z")); // the 10th
  await bill(ws.id, "addon.financeAdvanced", at("2026-03-12T12:00:00.000Z"));
  await bill(ws.id, "enrichment.company", at("2026-03-13T03:00:00.000Z")); // the 13th, after the period below
  // another workspace's entries, on the same days
  await bill(other.id, "enrichment.person", at("2026-03-10T12:00:00.000Z"));
  await bill(other.id, "verification.person", at("2026-03-11T12:00:00.000Z"));
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/review/v1/usage/daily", () => {
  it("counts the workspace's entries per São Paulo day and per action, every day of the period listed", async () => {
    const res = await api.get("/usage/daily?from=2026-03-09&to=2026-03-12", ws.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: "2026-03-09",
      to: "2026-03-12",
      timeZone: "America/Sao_Paulo",
      actions: ["addon.financeAdvanced", "enrichment.company", "enrichment.person"],
      days: [
        { day: "2026-03-09", counts: { "enrichment.person": 1 }, total: 1 },
        { day: "2026-03-10", counts: { "enrichment.person": 2, "enrichment.company": 1 }, total: 3 },
        { day: "2026-03-11", counts: {}, total: 0 },
        { day: "2026-03-12", counts: { "addon.financeAdvanced": 1 }, total: 1 },
      ],
      totals: { "addon.financeAdvanced": 1, "enrichment.company": 1, "enrichment.person": 3 },
      total: 5,
    });
  });

  it("agrees with GET /api/v3/usage asked once per day", async () => {
    const daily = (await api.get("/usage/daily?from=2026-03-09&to=2026-03-13", ws.tokens.admin)).json();
    for (const d of daily.days as Array<{ day: string; counts: Record<string, number>; total: number }>) {
      const next = new Date(`${d.day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const from = encodeURIComponent(`${d.day}T00:00:00-03:00`);
      const to = encodeURIComponent(`${next.toISOString().slice(0, 10)}T00:00:00-03:00`);
      const v3 = await t.request({ method: "GET", url: `/api/v3/usage?from=${from}&to=${to}`, token: ws.tokens.admin });
      expect(v3.statusCode).toBe(200);
      const body = v3.json() as { actions: Array<{ action: string; count: number }>; total: number };
      expect(Object.fromEntries(body.actions.map((a) => [a.action, a.count])), d.day).toEqual(d.counts);
      expect(body.total).toBe(d.total);
    }
  });

  it("answers one day, and a period of 31 days", async () => {
    const one = (await api.get("/usage/daily?from=2026-03-12&to=2026-03-12", ws.tokens.analyst)).json();
    expect(one.days).toEqual([{ day: "2026-03-12", counts: { "addon.financeAdvanced": 1 }, total: 1 }]);
    const month = (await api.get("/usage/daily?from=2026-03-01&to=2026-03-31", ws.tokens.analyst)).json();
    expect(month.days).toHaveLength(31);
    expect(month.total).toBe(6);
  });

  it("shows only the caller's workspace", async () => {
    const theirs = (await api.get("/usage/daily?from=2026-03-09&to=2026-03-12", other.tokens.admin)).json();
    expect(theirs.totals).toEqual({ "enrichment.person": 1, "verification.person": 1 });
    expect(theirs.total).toBe(2);
  });

  it("lets admin, analyst and viewer read; refuses the integration role (403) and no token (401)", async () => {
    for (const role of ["admin", "analyst", "viewer"] as const)
      expect((await api.get("/usage/daily?from=2026-03-09&to=2026-03-12", ws.tokens[role])).statusCode, role).toBe(200);
    expectError(await api.get("/usage/daily?from=2026-03-09&to=2026-03-12", ws.tokens.integration), 403, "forbidden");
    expectError(await api.call("GET", "/usage/daily?from=2026-03-09&to=2026-03-12", undefined), 401, "unauthorized");
  });

  it("answers each bad parameter with its exact status and code", async () => {
    const token = ws.tokens.viewer;
    expectError(await api.get("/usage/daily", token), 400, "invalid_from");
    expectError(await api.get("/usage/daily?to=2026-03-12", token), 400, "invalid_from");
    expectError(await api.get("/usage/daily?from=2026-03-09", token), 400, "invalid_to");
    expectError(await api.get("/usage/daily?from=09/03/2026&to=2026-03-12", token), 400, "invalid_from");
    expectError(await api.get("/usage/daily?from=2026-02-30&to=2026-03-12", token), 400, "invalid_from");
    expectError(await api.get("/usage/daily?from=2026-03-09&to=2026-03-12T00:00:00Z", token), 400, "invalid_to");
    expectError(await api.get("/usage/daily?from=2026-03-12&to=2026-03-09", token), 400, "invalid_date_range");
    expectError(await api.get("/usage/daily?from=2026-03-01&to=2026-04-01", token), 400, "invalid_date_range");
    expectError(await api.get("/usage/daily?from=2026-03-09&to=2026-03-12&action=x", token), 400, "invalid_parameter");
  });

  it("is in /openapi.json with its parameters and answer", async () => {
    const doc = (await t.request({ method: "GET", url: "/openapi.json" })).json();
    const op = doc.paths["/api/review/v1/usage/daily"]?.get;
    expect(op).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["from", "to"]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400"]));
  });
});
