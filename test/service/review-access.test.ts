// The review API's roles, workspace isolation and envelope (issues 18 and 19): every route answers
// 401 without a token and 403 forbidden to the integration role; viewers read and are refused what
// acts (403); another workspace's case, note, view or entry is 404 not_found; unknown query
// parameters and bad ids answer the exact code, in the v3 envelope.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, insertEnrichment, R, reviewApi } from "../support/review";
import { registeredRoutes } from "../../server/http/route";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let caseId: string;
let enrichmentId: string;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = t.workspace;
  other = await t.createWorkspace();
  api = reviewApi(t);
  caseId = await insertCase(t, ws);
  enrichmentId = (await insertEnrichment(t, ws)).id;
});
afterAll(async () => {
  await t?.close();
});

const N = "00000000-0000-4000-8000-000000000000";
// every route of the review API with a body that passes its schema
const ROUTES: { method: string; path: () => string; body?: unknown; permission: "read" | "write" | "admin" }[] = [
  { method: "GET", path: () => "/capabilities", permission: "read" },
  { method: "GET", path: () => "/settings", permission: "read" },
  { method: "PUT", path: () => "/settings", body: { slaHours: 24 }, permission: "admin" },
  { method: "GET", path: () => "/cases", permission: "read" },
  { method: "GET", path: () => "/cases/export.csv", permission: "read" },
  { method: "GET", path: () => `/cases/${caseId}`, permission: "read" },
  { method: "PUT", path: () => `/cases/${caseId}/assignee`, body: { userId: null }, permission: "write" },
  { method: "POST", path: () => "/cases/next", body: { status: "FAILED" }, permission: "write" },
  { method: "POST", path: () => "/cases/bulk", body: { ids: [N], action: "assign", userId: null }, permission: "write" },
  { method: "POST", path: () => `/cases/${caseId}/second-review`, body: { confirm: true, comment: "ok" }, permission: "write" },
  { method: "GET", path: () => "/stats", permission: "read" },
  { method: "GET", path: () => "/views", permission: "read" },
  { method: "POST", path: () => "/views", body: { name: "v", filters: {} }, permission: "read" },
  { method: "DELETE", path: () => `/views/${N}`, permission: "read" },
  { method: "GET", path: () => `/cases/${caseId}/notes`, permission: "read" },
  { method: "POST", path: () => `/cases/${caseId}/notes`, body: { text: "nota" }, permission: "write" },
  { method: "PATCH", path: () => `/cases/${caseId}/notes/${N}`, body: { text: "nota" }, permission: "write" },
  { method: "POST", path: () => `/cases/${caseId}/notes/${N}/hide`, body: { reason: "x" }, permission: "admin" },
  { method: "POST", path: () => `/cases/${caseId}/reveal`, permission: "read" },
  { method: "POST", path: () => `/restrictive-list/${N}/reveal`, permission: "read" },
  { method: "POST", path: () => `/enrichments/${enrichmentId}/reveal`, permission: "read" },
  { method: "GET", path: () => `/enrichments/${enrichmentId}`, permission: "read" },
  { method: "POST", path: () => `/restrictive-list/${N}/remove`, body: { reason: "x" }, permission: "write" },
  { method: "GET", path: () => `/cases/${caseId}/events`, permission: "read" },
  { method: "GET", path: () => "/audit-events", permission: "admin" },
  { method: "GET", path: () => "/audit-events.csv", permission: "admin" },
  { method: "POST", path: () => `/cases/${caseId}/ai-summary`, permission: "write" },
  { method: "GET", path: () => "/usage/daily?from=2026-03-01&to=2026-03-02", permission: "read" },
  { method: "GET", path: () => "/members", permission: "read" },
  { method: "GET", path: () => "/people", permission: "read" },
  { method: "GET", path: () => `/batches/bat_${"0".repeat(24)}`, permission: "read" },
  { method: "POST", path: () => "/holders/names", body: { documents: ["52998224725"] }, permission: "read" },
  // the rules room (issue 31)
  { method: "GET", path: () => "/rules/facts?profileId=prf_kyc_person", permission: "read" },
  { method: "GET", path: () => "/rules/quality?profileId=prf_kyc_person", permission: "read" },
  { method: "GET", path: () => "/rulesets?profileId=prf_kyc_person", permission: "read" },
  { method: "GET", path: () => `/rulesets/${N}`, permission: "read" },
  { method: "POST", path: () => "/rulesets", body: { profileId: "prf_kyc_person" }, permission: "admin" },
  {
    method: "PUT",
    path: () => `/rulesets/${N}`,
    body: { rules: [], thresholds: { approveAtOrAbove: 700, reproveBelow: 400 } },
    permission: "admin",
  },
  { method: "POST", path: () => `/rulesets/${N}/publish`, permission: "admin" },
  { method: "POST", path: () => `/rulesets/${N}/activate`, permission: "admin" },
  { method: "POST", path: () => `/rulesets/${N}/shadow`, body: { enabled: true }, permission: "admin" },
  { method: "POST", path: () => "/rulesets/evaluate", body: { ruleset: { id: N }, verificationId: N }, permission: "read" },
  { method: "POST", path: () => `/rulesets/${N}/backtests`, body: {}, permission: "admin" },
  { method: "GET", path: () => `/backtests/${N}`, permission: "read" },
  { method: "PUT", path: () => `/cases/${caseId}/monitoring`, body: { enabled: true }, permission: "admin" },
  { method: "GET", path: () => "/alerts", permission: "read" },
  { method: "GET", path: () => `/alerts/${N}`, permission: "read" },
  { method: "PUT", path: () => `/alerts/${N}/assignee`, body: { userId: null }, permission: "write" },
  { method: "POST", path: () => `/alerts/${N}/resolve`, body: { resolution: "dismissed", comment: "x" }, permission: "write" },
  // api keys and sessions (issue 34)
  { method: "GET", path: () => "/api-keys", permission: "admin" },
  { method: "POST", path: () => "/api-keys", body: { name: "x", role: "integration" }, permission: "admin" },
  { method: "DELETE", path: () => `/api-keys/${N}`, permission: "admin" },
  { method: "GET", path: () => "/sessions", permission: "read" },
  { method: "DELETE", path: () => `/sessions/${N}`, permission: "read" },
  { method: "DELETE", path: () => `/members/${N}/sessions`, permission: "admin" },
  // the investigation graph (issue 33): every role but integration reads, saves and records exports
  { method: "GET", path: () => `/graph/expand?node=person:${caseId}`, permission: "read" },
  { method: "GET", path: () => `/graph/path?from=person:${caseId}&to=person:${caseId}`, permission: "read" },
  { method: "POST", path: () => "/graph/exports", body: { format: "json", nodeCount: 1 }, permission: "read" },
  { method: "GET", path: () => `/cases/${caseId}/graph-snapshots`, permission: "read" },
  { method: "GET", path: () => `/cases/${caseId}/graph-snapshots/${N}`, permission: "read" },
  {
    method: "POST",
    path: () => `/cases/${caseId}/graph-snapshots`,
    body: {
      nodes: [{ id: `lawsuit:1`, type: "lawsuit", label: "1", document: null, flags: [], cases: [], degree: 0, attributes: {} }],
      edges: [],
      positions: {},
      releases: [],
    },
    permission: "read",
  },
  // the second factor and step-up (issue 34)
  { method: "GET", path: () => "/auth/factor", permission: "read" },
  { method: "POST", path: () => "/auth/factor/totp", permission: "read" },
  { method: "POST", path: () => "/auth/factor/totp/confirm", body: { code: "123456" }, permission: "read" },
  { method: "DELETE", path: () => "/auth/factor", permission: "read" },
  { method: "POST", path: () => "/auth/second-factor", body: { code: "123456" }, permission: "read" },
  { method: "POST", path: () => "/auth/step-up", body: { password: "not-the-password" }, permission: "read" },
  { method: "GET", path: () => "/auth/factors", permission: "admin" },
  { method: "POST", path: () => `/members/${N}/factor/reset`, permission: "admin" },
  // monitoring's status (issue 32)
  { method: "GET", path: () => "/monitoring/status", permission: "read" },
  { method: "GET", path: () => "/monitoring/alerts/count", permission: "read" },
  // login único (SSO, issue 34): its settings are the admins'; discovery and the sign-in are public (sso.test.ts)
  { method: "GET", path: () => "/sso", permission: "admin" },
  {
    method: "PUT",
    path: () => "/sso",
    body: {
      enabled: true,
      issuer: "https://idp.example.com",
      clientId: "lupa",
      clientSecret: "s3cret",
      domains: ["example.com"],
      groupsClaim: "groups",
      roleMapping: [{ group: "analysts", role: "analyst" }],
      passwordAllowed: true,
    },
    permission: "admin",
  },
  { method: "DELETE", path: () => "/sso", permission: "admin" },
  // the step-up of SSO people through their provider (issue 34 item 3; sso.test.ts)
  { method: "POST", path: () => "/sso/step-up/start", body: { redirectUri: "https://console.example.com/cb" }, permission: "read" },
  { method: "POST", path: () => "/sso/step-up/finish", body: { state: "x" }, permission: "read" },
  // webhooks (issue 35): admins configure
  { method: "GET", path: () => "/webhooks", permission: "admin" },
  { method: "POST", path: () => "/webhooks", body: { url: "https://hooks.example.com/lupa", events: ["*"] }, permission: "admin" },
  { method: "GET", path: () => `/webhooks/${N}`, permission: "admin" },
  { method: "PATCH", path: () => `/webhooks/${N}`, body: { description: "x" }, permission: "admin" },
  { method: "DELETE", path: () => `/webhooks/${N}`, permission: "admin" },
  { method: "POST", path: () => `/webhooks/${N}/rotate-secret`, permission: "admin" },
  { method: "POST", path: () => `/webhooks/${N}/test`, permission: "admin" },
  { method: "GET", path: () => `/webhooks/${N}/deliveries`, permission: "admin" },
  {
    method: "POST",
    path: () => `/webhooks/${N}/replay`,
    body: { from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z" },
    permission: "admin",
  },
  { method: "POST", path: () => `/deliveries/${N}/redeliver`, permission: "admin" },
  // routing (docs/routing.md): an analyst sets their own cap and absence
  { method: "GET", path: () => "/routing/members", permission: "read" },
  { method: "PUT", path: () => `/members/${ws.users.analyst.id}/routing`, body: { cap: null, awayUntil: null }, permission: "write" },
  { method: "POST", path: () => "/routing/dry-run", body: {}, permission: "admin" },
];

describe("roles", () => {
  it("lists every registered review route here", () => {
    // the one public route under the prefix (demo-exposure) has its own tests: demo-sign-in.test.ts
    const registered = registeredRoutes(t.app)
      .filter((r) => r.url.startsWith(R) && r.permission !== null)
      .map((r) => `${r.method} ${r.url.slice(R.length).replace(/:[A-Za-z]+/g, ":p")}`)
      .sort();
    const tested = ROUTES.map(
      (r) =>
        `${r.method} ${r
          .path()
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":p")
          .replace(/enr_[0-9a-z]{24}/g, ":p")
          .replace(/bat_[0-9a-f]{24}/g, ":p")
          .replace(/\?.*$/, "")}`,
    ).sort();
    expect(tested).toEqual(registered);
  });

  it("answers 401 without a token and 403 forbidden to the integration role, on every route", async () => {
    for (const r of ROUTES) {
      expectError(await api.call(r.method, r.path(), undefined, r.body), 401, "unauthorized");
      expectError(await api.call(r.method, r.path(), ws.tokens.integration, r.body), 403, "forbidden");
    }
  });

  it("lets the viewer read and refuses what acts; the analyst acts and is refused what administers", async () => {
    for (const r of ROUTES) {
      const viewer = await api.call(r.method, r.path(), ws.tokens.viewer, r.body);
      if (r.permission === "read") expect(viewer.statusCode, `${r.method} ${r.path()}`).not.toBe(403);
      else expectError(viewer, 403, "forbidden");
      const analyst = await api.call(r.method, r.path(), ws.tokens.analyst, r.body);
      if (r.permission === "admin") expectError(analyst, 403, "forbidden");
      else expect(analyst.statusCode, `${r.method} ${r.path()}`).not.toBe(403);
    }
  });

  it("capabilities say what the role may do", async () => {
    const admin = (await api.get("/capabilities", ws.tokens.admin)).json();
    expect(admin).toMatchObject({ teamReview: true, version: "1", role: "admin", canAct: true, canAdminister: true });
    expect(admin.features).toEqual(expect.arrayContaining(["assignment", "fourEyes", "audit"]));
    expect((await api.get("/capabilities", ws.tokens.analyst)).json()).toMatchObject({ canAct: true, canAdminister: false });
    expect((await api.get("/capabilities", ws.tokens.viewer)).json()).toMatchObject({ canAct: false, canAdminister: false });
  });
});

describe("workspace isolation", () => {
  it("another workspace's case is 404 not_found on every case route", async () => {
    const token = other.tokens.admin;
    const caseId = await insertCase(t, ws);
    for (const [method, path, body] of [
      ["GET", `/cases/${caseId}`],
      ["PUT", `/cases/${caseId}/assignee`, { userId: other.users.admin.id }],
      ["POST", `/cases/${caseId}/second-review`, { confirm: true, comment: "ok" }],
      ["GET", `/cases/${caseId}/notes`],
      ["POST", `/cases/${caseId}/notes`, { text: "x" }],
      ["POST", `/cases/${caseId}/reveal`],
      ["GET", `/cases/${caseId}/events`],
      ["POST", `/cases/${caseId}/ai-summary`],
      ["PUT", `/cases/${caseId}/monitoring`, { enabled: true }],
      ["GET", `/cases/${caseId}/graph-snapshots`],
      [
        "POST",
        `/cases/${caseId}/graph-snapshots`,
        {
          nodes: [{ id: "lawsuit:1", type: "lawsuit", label: "1", document: null, flags: [], cases: [], degree: 0, attributes: {} }],
          edges: [],
          positions: {},
          releases: [],
        },
      ],
      ["GET", `/graph/expand?node=person:${caseId}`],
    ] as [string, string, unknown?][]) {
      expectError(await api.call(method, path, token, body), 404, "not_found");
    }
    const list = (await api.get("/cases", token)).json();
    expect(list.cases.map((c: { id: string }) => c.id)).not.toContain(caseId);
    const bulk = (await api.post("/cases/bulk", token, { ids: [caseId], action: "assign", userId: null })).json();
    expect(bulk.results).toEqual([{ id: caseId, ok: false, error: { code: "not_found", message: "case not found" } }]);
    // nothing changed
    expect((await api.get(`/cases/${caseId}/events`, ws.tokens.admin)).json().events).toEqual([]);
  });

  it("another workspace's enrichment is 404 not_found on its reveal, and nothing is recorded", async () => {
    const mine = await insertEnrichment(t, ws);
    const countOf = async () =>
      (
        await t.services.database.query(
          "select count(*)::int as n from audit_events where type = 'document.revealed' and data->>'enrichmentId' = $1",
          [mine.id],
        )
      ).rows[0]!.n;
    expectError(await api.post(`/enrichments/${mine.id}/reveal`, other.tokens.admin), 404, "not_found");
    expect(await countOf()).toBe(0);
    expect((await api.post(`/enrichments/${mine.id}/reveal`, ws.tokens.viewer)).statusCode).toBe(200);
    expect(await countOf()).toBe(1);
  });

  it("unknown and malformed ids are 404 not_found", async () => {
    for (const id of [randomUUID(), "123", "not-a-uuid"]) {
      expectError(await api.get(`/cases/${id}`, ws.tokens.viewer), 404, "not_found");
      expectError(await api.post(`/cases/${id}/reveal`, ws.tokens.viewer), 404, "not_found");
    }
    for (const id of ["enr_000000000000000000000000", "enr_abc", "ENR_ABCDEFGHIJKLMNOPQRSTUVWX", randomUUID()]) {
      expectError(await api.post(`/enrichments/${id}/reveal`, ws.tokens.viewer), 404, "not_found");
    }
  });
});

describe("envelope and input codes", () => {
  it("answers unknown query parameters with 400 invalid_parameter, a bad body with 400 invalid_body", async () => {
    expectError(await api.get("/capabilities?x=1", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?nope=1", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?limit=101", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?limit=0", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?page=0", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?sort=random", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?assignee=someone", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?sla=late", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?scoreGte=900&scoreLte=100", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases?search=%00", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.put("/settings", ws.tokens.admin, { slaHours: 0 }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.admin, { unknown: 1 }), 400, "invalid_body");
    const notJson = await t.request({
      method: "POST",
      url: `${R}/cases/next`,
      token: ws.tokens.analyst,
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expectError(notJson, 400, "invalid_body");
  });

  it("an unknown review route is 404 not_found in the v3 envelope", async () => {
    expectError(await api.get("/nothing-here", ws.tokens.admin), 404, "not_found");
  });
});
