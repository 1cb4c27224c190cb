// Continuous monitoring, first slice (issue 32, items 1 and 3, and the restrictive source of item
// 2): the workspace setting and a case's own switch, restrictive_added opened at once when a
// watched case's document is listed (one by one or by import), one alert per change, the alerts'
// list, assignment and resolution (dismissed never alerts again; confirmed flags and requeues).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { makeCpf, maskDocument } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let serial = 0;

const doc = () => makeCpf(String(610000000 + ++serial * 1013));
const list = (nationalId: string, w: TestWorkspace = ws) =>
  t.request({
    method: "POST",
    url: `/api/v2/blacklist?workspaceId=${w.id}`,
    token: w.tokens.analyst,
    body: { nationalId, reason: "fraude confirmada" },
  });
const unlist = (nationalId: string, w: TestWorkspace = ws) =>
  t.request({ method: "DELETE", url: `/api/v2/blacklist/${nationalId}?workspaceId=${w.id}`, token: w.tokens.analyst });
const importCsv = (documents: string[], w: TestWorkspace = ws) =>
  t.request({
    method: "POST",
    url: `/api/v2/blacklist/import?workspaceId=${w.id}`,
    token: w.tokens.analyst,
    payload: ["nationalId,reason", ...documents.map((d) => `${d},importado`)].join("\n"),
    headers: { "content-type": "text/csv" },
  });
type AlertJson = { id: string; caseId: string; document: string; kind: string; state: string; [k: string]: unknown };
const alertsOf = async (query = "", token = ws.tokens.viewer): Promise<AlertJson[]> => {
  const res = await api.get(`/alerts${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().alerts;
};
const approvedCase = (nationalId: string, w: TestWorkspace = ws) =>
  insertCase(t, w, { nationalId, feedbackStatus: "APPROVED", firstDecidedAt: new Date(Date.now() - 30_000) });

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

describe("the setting and a case's switch", () => {
  it("offers monitoring, on by default for approved cases against every source", async () => {
    expect((await api.get("/capabilities", ws.tokens.viewer)).json().features).toContain("monitoring");
    expect((await api.get("/settings", ws.tokens.viewer)).json().monitoring).toEqual({
      enabled: true,
      scope: "approved",
      sources: ["sanctions", "registry", "restrictive"],
      callbackUrl: null,
    });
  });

  it("validates the setting with exact codes and keeps the rest on a partial change", async () => {
    for (const monitoring of [
      { scope: "everything" },
      { sources: ["registry", "registry"] },
      { sources: ["receita"] },
      { enabled: "yes" },
      { callbackUrl: 12 },
      { callback: "https://example.com" },
      { sources: [] },
    ])
      expectError(await api.put("/settings", ws.tokens.admin, { monitoring }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.analyst, { monitoring: { scope: "all" } }), 403, "forbidden");
    const w = await t.createWorkspace();
    const changed = await api.put("/settings", w.tokens.admin, { monitoring: { scope: "decided" } });
    expect(changed.json().monitoring).toEqual({
      enabled: true,
      scope: "decided",
      sources: ["sanctions", "registry", "restrictive"],
      callbackUrl: null,
    });
    // off with no source is allowed; on again without a source is not
    const off = await api.put("/settings", w.tokens.admin, { monitoring: { enabled: false, sources: [] } });
    expect(off.json().monitoring).toEqual({ enabled: false, scope: "decided", sources: [], callbackUrl: null });
    expectError(await api.put("/settings", w.tokens.admin, { monitoring: { enabled: true } }), 400, "invalid_body");
    const events = await eventsOf(t, w.id, "settings.changed");
    expect(events[events.length - 1]!.data).toEqual({
      changes: {
        monitoring: {
          from: { enabled: true, scope: "approved", sources: ["sanctions", "registry", "restrictive"], callbackUrl: null },
          to: { enabled: true, scope: "decided", sources: ["sanctions", "registry", "restrictive"], callbackUrl: null },
        },
      },
    });
  });

  it("shows the case's monitoring and lets an admin override the scope", async () => {
    const approved = await approvedCase(doc());
    const undecided = await insertCase(t, ws, { nationalId: doc() });
    const detail = (id: string) => api.get(`/cases/${id}`, ws.tokens.viewer);
    expect((await detail(approved)).json().monitoring).toEqual({
      enabled: true,
      override: null,
      since: expect.any(String),
      lastCheckedAt: null,
      checkedAgainst: { sanctions: null, registry: null },
    });
    expect((await detail(undecided)).json().monitoring).toMatchObject({ enabled: false, override: null, since: null });
    for (const role of ["analyst", "viewer", "integration"] as const)
      expectError(await api.put(`/cases/${undecided}/monitoring`, ws.tokens[role], { enabled: true }), 403, "forbidden");
    expectError(await api.put(`/cases/${undecided}/monitoring`, ws.tokens.admin, { enabled: "sim" }), 400, "invalid_body");
    expectError(await api.put(`/cases/${undecided}/monitoring`, other.tokens.admin, { enabled: true }), 404, "not_found");
    const on = await api.put(`/cases/${undecided}/monitoring`, ws.tokens.admin, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, override: true, since: expect.any(String) });
    const off = await api.put(`/cases/${approved}/monitoring`, ws.tokens.admin, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, override: false, since: null });
    expect((await detail(approved)).json().monitoring).toMatchObject({ enabled: false, override: false });
    expect((await eventsOf(t, ws.id, "case.monitoring_changed", undecided))[0]!.data).toEqual({ from: null, to: true });
  });
});

describe("restrictive_added", () => {
  it("opens at once when a watched case's document is listed, once, and never for an unwatched case", async () => {
    const watchedDoc = doc();
    const watched = await approvedCase(watchedDoc);
    const unwatchedDoc = doc();
    await insertCase(t, ws, { nationalId: unwatchedDoc }); // no decision: outside the approved scope
    const switchedOffDoc = doc();
    const switchedOff = await approvedCase(switchedOffDoc);
    await api.put(`/cases/${switchedOff}/monitoring`, ws.tokens.admin, { enabled: false });
    const switchedOnDoc = doc();
    const switchedOn = await insertCase(t, ws, { nationalId: switchedOnDoc });
    await api.put(`/cases/${switchedOn}/monitoring`, ws.tokens.admin, { enabled: true });

    for (const d of [watchedDoc, unwatchedDoc, switchedOffDoc, switchedOnDoc]) expect((await list(d)).statusCode).toBe(201);
    const [alert] = await alertsOf(`?caseId=${watched}`);
    expect(alert).toEqual({
      id: expect.any(String),
      caseId: watched,
      document: maskDocument(watchedDoc),
      source: "restrictive",
      kind: "restrictive_added",
      change: { before: { listed: false }, after: { listed: true, reason: "fraude confirmada" } },
      release: null,
      confidence: "exact",
      detectedAt: expect.any(String),
      state: "open",
      assignee: null,
      resolvedBy: null,
      resolvedAt: null,
      comment: null,
    });
    expect(JSON.stringify(await alertsOf())).not.toContain(watchedDoc);
    expect(await alertsOf(`?caseId=${switchedOff}`)).toEqual([]);
    expect((await alertsOf(`?caseId=${switchedOn}`)).map((a) => a.kind)).toEqual(["restrictive_added"]);
    const all = await alertsOf("?kind=restrictive_added");
    expect(all.filter((a) => a.document === maskDocument(unwatchedDoc))).toEqual([]);
    expect((await eventsOf(t, ws.id, "alert.opened", watched))[0]!.data).toEqual({
      alertId: alert!.id,
      source: "restrictive",
      kind: "restrictive_added",
      document: maskDocument(watchedDoc),
    });

    // listed again (already listed: 409), removed and listed again: no second alert
    expect((await list(watchedDoc)).statusCode).toBe(409);
    expect((await unlist(watchedDoc)).statusCode).toBe(204);
    expect((await list(watchedDoc)).statusCode).toBe(201);
    expect((await alertsOf(`?caseId=${watched}`)).map((a) => a.id)).toEqual([alert!.id]);
  });

  it("opens for each watched document of an import, and not when monitoring is off or without the source", async () => {
    const docs = [doc(), doc(), doc()];
    const cases = await Promise.all(docs.map((d) => approvedCase(d)));
    const res = await importCsv(docs);
    expect(res.statusCode).toBe(200);
    for (const id of cases) expect((await alertsOf(`?caseId=${id}`)).map((a) => a.kind)).toEqual(["restrictive_added"]);

    const w = await t.createWorkspace();
    const offDoc = doc();
    const offCase = await approvedCase(offDoc, w);
    await api.put("/settings", w.tokens.admin, { monitoring: { sources: ["sanctions", "registry"] } });
    expect((await list(offDoc, w)).statusCode).toBe(201);
    const secondDoc = doc();
    const secondCase = await approvedCase(secondDoc, w);
    await api.put("/settings", w.tokens.admin, { monitoring: { enabled: false, sources: ["restrictive"] } });
    expect((await importCsv([secondDoc], w)).statusCode).toBe(200);
    expect(await alertsOf("", w.tokens.viewer)).toEqual([]);
    expect(offCase && secondCase).toBeTruthy();
  });
});

describe("alerts", () => {
  async function openAlert(): Promise<AlertJson> {
    const d = doc();
    const id = await approvedCase(d);
    expect((await list(d)).statusCode).toBe(201);
    const [alert] = await alertsOf(`?caseId=${id}`);
    return alert!;
  }

  it("reads with roles; another workspace's alert is not found", async () => {
    const alert = await openAlert();
    expect((await api.get(`/alerts/${alert.id}`, ws.tokens.viewer)).json()).toEqual(alert);
    expectError(await api.get(`/alerts`, ws.tokens.integration), 403, "forbidden");
    expectError(await api.get(`/alerts/${alert.id}`, other.tokens.admin), 404, "not_found");
    expectError(await api.get(`/alerts/not-a-uuid`, ws.tokens.admin), 404, "not_found");
    expect(await alertsOf("", other.tokens.admin)).toEqual([]);
    expectError(
      await api.post(`/alerts/${alert.id}/resolve`, other.tokens.admin, { resolution: "dismissed", comment: "x" }),
      404,
      "not_found",
    );
    expectError(await api.put(`/alerts/${alert.id}/assignee`, other.tokens.admin, { userId: null }), 404, "not_found");
    expectError(
      await api.post(`/alerts/${alert.id}/resolve`, ws.tokens.viewer, { resolution: "dismissed", comment: "x" }),
      403,
      "forbidden",
    );
    for (const query of [
      "?state=closed",
      "?kind=x",
      "?source=receita",
      "?caseId=12",
      "?assignee=someone",
      "?limit=0",
      "?limit=101",
      "?foo=1",
    ])
      expectError(await api.get(`/alerts${query}`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/alerts?cursor=abc`, ws.tokens.viewer), 400, "invalid_cursor");
  });

  it("assigns as cases are, and records it", async () => {
    const alert = await openAlert();
    const path = `/alerts/${alert.id}/assignee`;
    expectError(await api.put(path, ws.tokens.viewer, { userId: ws.users.viewer.id }), 403, "forbidden");
    expectError(await api.put(path, ws.tokens.analyst, { userId: ws.users.viewer.id }), 422, "invalid_assignee");
    const taken = await api.put(path, ws.tokens.analyst, { userId: ws.users.analyst.id });
    expect(taken.json().assignee).toEqual({ id: ws.users.analyst.id, email: ws.users.analyst.email });
    expect((await alertsOf("?assignee=me", ws.tokens.analyst)).map((a) => a.id)).toContain(alert.id);
    expect((await alertsOf(`?assignee=none&caseId=${alert.caseId}`)).length).toBe(0);
    const byAdmin = await api.put(path, ws.tokens.admin, { userId: ws.users.admin.id });
    expect(byAdmin.json().assignee.id).toBe(ws.users.admin.id);
    // someone else's alert: an analyst takes it only with takeOver
    expectError(await api.put(path, ws.tokens.analyst, { userId: ws.users.analyst.id }), 403, "forbidden");
    expect((await api.put(path, ws.tokens.analyst, { userId: ws.users.analyst.id, takeOver: true })).statusCode).toBe(200);
    const events = await eventsOf(t, ws.id, "alert.assigned", alert.caseId);
    expect(events.map((e) => e.data)).toEqual([
      { alertId: alert.id, from: ws.users.admin.id, to: ws.users.analyst.id, takenOver: true },
      { alertId: alert.id, from: ws.users.analyst.id, to: ws.users.admin.id, takenOver: true },
      { alertId: alert.id, from: null, to: ws.users.analyst.id, takenOver: false },
    ]);
  });

  it("dismissed needs a comment, is remembered, and never alerts again", async () => {
    const alert = await openAlert();
    const path = `/alerts/${alert.id}/resolve`;
    expectError(await api.post(path, ws.tokens.analyst, { resolution: "dismissed" }), 400, "invalid_body");
    expectError(await api.post(path, ws.tokens.analyst, { resolution: "dismissed", comment: "   " }), 400, "invalid_body");
    expectError(await api.post(path, ws.tokens.analyst, { resolution: "ignored", comment: "x" }), 400, "invalid_body");
    const res = await api.post(path, ws.tokens.analyst, { resolution: "dismissed", comment: "homônimo, outra pessoa" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: "dismissed",
      resolvedBy: { id: ws.users.analyst.id },
      resolvedAt: expect.any(String),
      comment: "homônimo, outra pessoa",
    });
    expectError(await api.post(path, ws.tokens.admin, { resolution: "confirmed", comment: "de novo" }), 409, "alert_resolved");
    expect((await eventsOf(t, ws.id, "alert.resolved", alert.caseId))[0]!.data).toMatchObject({
      alertId: alert.id,
      resolution: "dismissed",
    });
    const flags = (await api.get(`/cases/${alert.caseId}`, ws.tokens.viewer)).json().flags;
    expect(flags).not.toContain("alert_confirmed");

    // the dismissed pair holds even without the alert's row (the unique key alone would not), for
    // the case and for another case of the same document
    const { rows } = await t.services.database.query(`select national_id from monitoring_alerts where id = $1`, [alert.id]);
    const d = (rows[0] as { national_id: string }).national_id;
    await t.services.database.query(`delete from monitoring_alerts where id = $1`, [alert.id]);
    await approvedCase(d);
    expect((await unlist(d)).statusCode).toBe(204);
    expect((await list(d)).statusCode).toBe(201);
    expect((await importCsv([d])).statusCode).toBe(200);
    expect((await alertsOf("")).filter((a) => a.document === maskDocument(d))).toEqual([]);
  });

  it("confirmed flags the case and puts it back in the queue for a new decision", async () => {
    const alert = await openAlert();
    const res = await api.post(`/alerts/${alert.id}/resolve`, ws.tokens.admin, { resolution: "confirmed", comment: "sócio envolvido" });
    expect(res.json()).toMatchObject({ state: "confirmed", resolvedBy: { id: ws.users.admin.id } });
    const detail = (await api.get(`/cases/${alert.caseId}`, ws.tokens.viewer)).json();
    expect(detail.flags).toContain("alert_confirmed");
    expect(detail).toMatchObject({ firstDecidedAt: null, slaState: "ok" });
    expect(Date.now() - Date.parse(detail.reviewStartedAt)).toBeLessThan(60_000);
    expect(detail.monitoring.enabled).toBe(true); // still watched while it waits for its new decision
    const queue = (await api.get(`/cases?awaiting=me&flag=alert_confirmed&limit=100`, ws.tokens.analyst)).json();
    expect(queue.cases.map((c: { id: string }) => c.id)).toContain(alert.caseId);
    expect((await alertsOf("?state=confirmed")).map((a) => a.id)).toContain(alert.id);
    expect((await alertsOf("?state=open")).map((a) => a.id)).not.toContain(alert.id);
    // a new decision must acknowledge the flag
    const decide = await t.request({
      method: "POST",
      url: `/api/v2/verifications/${alert.caseId}/feedbacks`,
      token: ws.tokens.analyst,
      body: { status: "APPROVED", comment: "ok" },
    });
    expect(decide.statusCode).toBe(400);
    expect(decide.json().error).toContain("alert_confirmed");
  });

  it("pages newest first with a cursor, every alert once", async () => {
    const w = await t.createWorkspace();
    const docs = Array.from({ length: 7 }, () => doc());
    for (const d of docs) await approvedCase(d, w);
    expect((await importCsv(docs, w)).statusCode).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api.get(`/alerts?limit=3${cursor ? `&cursor=${cursor}` : ""}`, w.tokens.viewer);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { alerts: AlertJson[]; nextCursor: string | null };
      seen.push(...body.alerts.map((a) => a.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect((await alertsOf("?limit=100", w.tokens.viewer)).map((a) => a.id)).toEqual(seen);
    // a cursor of another workspace's secret-tagged list still only reads the caller's workspace
    expect((await api.get(`/alerts?limit=3`, ws.tokens.viewer)).json().alerts.every((a: AlertJson) => !seen.includes(a.id))).toBe(true);
  });
});
