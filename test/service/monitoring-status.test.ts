// GET /api/review/v1/monitoring/status (issue 32, item 4): roles, workspace scoping, and the
// numbers before any release exists (every watched document counts as checked: no source has a
// release to compare with). The runs' numbers are in monitoring-runs.test.ts.
// GET /api/review/v1/monitoring/alerts/count: the navigation's count of open alerts, exact, the
// workspace's own only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";
import { makeCpf } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /monitoring/status", () => {
  it("answers viewers, refuses integrations, and counts only the workspace's watched documents", async () => {
    const empty = await api.get("/monitoring/status", ws.tokens.viewer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      enabled: true,
      watched: 0,
      checkedAgainstLatest: 0,
      coverage: null,
      unchecked: { count: 0, reasons: {} },
      openAlerts: 0,
      latest: { sanctions: null, registry: null },
      runs: [],
    });
    expectError(await api.get("/monitoring/status", ws.tokens.integration), 403, "forbidden");
    const res = await t.request({ method: "GET", url: "/api/review/v1/monitoring/status" });
    expect(res.statusCode).toBe(401);

    const approved = { feedbackStatus: "APPROVED", firstDecidedAt: new Date(Date.now() - 30_000) };
    const d1 = makeCpf("710000001");
    await insertCase(t, ws, { nationalId: d1, ...approved });
    await insertCase(t, ws, { nationalId: d1, ...approved }); // the same document twice: one watched document
    await insertCase(t, ws, { nationalId: makeCpf("710000002"), ...approved });
    await insertCase(t, ws, { nationalId: makeCpf("710000003") }); // undecided: not watched
    await insertCase(t, other, { nationalId: makeCpf("710000004"), ...approved });

    const mine = (await api.get("/monitoring/status", ws.tokens.analyst)).json();
    expect(mine).toMatchObject({ watched: 2, checkedAgainstLatest: 2, coverage: 1, unchecked: { count: 0, reasons: {} } });
    expect((await api.get("/monitoring/status", other.tokens.viewer)).json()).toMatchObject({ watched: 1 });

    await api.put("/settings", ws.tokens.admin, { monitoring: { enabled: false, sources: [] } });
    expect((await api.get("/monitoring/status", ws.tokens.viewer)).json()).toMatchObject({ enabled: false, watched: 0, coverage: null });
  });
});

describe("GET /monitoring/alerts/count", () => {
  const list = (w: TestWorkspace, nationalId: string) =>
    t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${w.id}`,
      token: w.tokens.analyst,
      body: { nationalId, reason: "fraude confirmada" },
    });
  const countOf = async (w: TestWorkspace, token = w.tokens.viewer) => {
    const res = await api.get("/monitoring/alerts/count", token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("counts the workspace's open alerts only: not the resolved ones, not another workspace's", async () => {
    const w = await t.createWorkspace();
    const them = await t.createWorkspace();
    expect(await countOf(w)).toEqual({ open: 0 });
    expectError(await api.get("/monitoring/alerts/count", w.tokens.integration), 403, "forbidden");
    expect((await t.request({ method: "GET", url: "/api/review/v1/monitoring/alerts/count" })).statusCode).toBe(401);

    const approved = { feedbackStatus: "APPROVED", firstDecidedAt: new Date(Date.now() - 30_000) };
    const docs = [1, 2, 3, 4].map((i) => makeCpf(`72000000${i}`));
    for (const d of docs) {
      await insertCase(t, w, { nationalId: d, ...approved });
      expect((await list(w, d)).statusCode).toBe(201);
    }
    // the same documents, watched and listed in the other workspace too: its alerts are its own
    for (const d of docs.slice(0, 3)) {
      await insertCase(t, them, { nationalId: d, ...approved });
      expect((await list(them, d)).statusCode).toBe(201);
    }
    expect(await countOf(w)).toEqual({ open: 4 });
    expect(await countOf(them)).toEqual({ open: 3 });

    const alerts = (await api.get("/alerts?state=open", w.tokens.viewer)).json().alerts as { id: string }[];
    expect(alerts).toHaveLength(4);
    const resolve = (id: string, resolution: string) =>
      api.post(`/alerts/${id}/resolve`, w.tokens.analyst, { resolution, comment: "visto" });
    expect((await resolve(alerts[0]!.id, "dismissed")).statusCode).toBe(200);
    expect((await resolve(alerts[1]!.id, "confirmed")).statusCode).toBe(200);
    expect(await countOf(w, w.tokens.analyst)).toEqual({ open: 2 });
    expect(await countOf(them)).toEqual({ open: 3 });
    // the same figure as the status' openAlerts
    expect((await api.get("/monitoring/status", w.tokens.viewer)).json().openAlerts).toBe(2);
  });
});
