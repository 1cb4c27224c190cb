// GET /api/review/v1/monitoring/status (issue 32, item 4): roles, workspace scoping, and the
// numbers before any release exists (every watched document counts as checked: no source has a
// release to compare with). The runs' numbers are in monitoring-runs.test.ts.
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
