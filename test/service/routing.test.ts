// Routing (issue 35 item 4): the setting with its exact errors, each analyst's cap and absence and
// who may set them, each mode, caps under 20 completions at once, the audit naming the rule, the
// dry run ("quem teria recebido") and workspace scoping. A completion is what the engine's terminal
// transaction does (server/v2/verifications/hooks.ts): the case becomes reviewable and routeCase
// runs in that transaction; one case also goes through the real engine.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, PASSWORD, startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi, type CaseOptions } from "../support/review";
import { verifications } from "../../server/db/schema";
import { createUser } from "../../server/tenancy/workspaces";
import { routeCase } from "../../server/routing/route";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let n = 0;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

/** A workspace with `count` analysts of its own (ids in order), so each test starts from no open case. */
async function team(count: number): Promise<{ w: TestWorkspace; analysts: string[] }> {
  const w = await t.createWorkspace();
  const analysts: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(t.services.db, {
      workspaceId: w.id,
      email: `ana.${++n}.${w.id.slice(0, 8)}@test.local`,
      role: "analyst",
      password: PASSWORD,
    });
    analysts.push(user.id);
  }
  return { w, analysts };
}

const rule = (id: string, to: Record<string, unknown>, when: Record<string, unknown> = {}) => ({ id, name: `Regra ${id}`, when, to });

async function setRouting(w: TestWorkspace, routing: Record<string, unknown>) {
  const res = await api.put("/settings", w.tokens.admin, { routing });
  expect(res.statusCode).toBe(200);
  return res.json().routing;
}

/** A case that completes now: written running, then made reviewable and routed in one transaction (as onTerminal does). */
async function complete(w: TestWorkspace, o: CaseOptions = {}): Promise<string> {
  const id = await insertCase(t, w, { ...o, status: "PROCESSING", score: o.score ?? 800, reviewStartedAt: null });
  await t.services.db.transaction(async (tx) => {
    await tx.update(verifications).set({ status: "COMPLETED", reviewStartedAt: new Date() }).where(eq(verifications.id, id));
    await routeCase(tx, w.id, id);
  });
  return id;
}

async function assigneeOf(id: string): Promise<string | null> {
  const [row] = await t.services.db.select({ a: verifications.assigneeId }).from(verifications).where(eq(verifications.id, id));
  return row!.a;
}

describe("the setting", () => {
  it("is off by default and announced in the capabilities", async () => {
    expect((await api.get("/capabilities", ws.tokens.viewer)).json().features).toContain("routing");
    expect((await api.get("/settings", ws.tokens.viewer)).json().routing).toEqual({ mode: "off", rules: [] });
  });

  it("keeps the rules in order and records settings.changed", async () => {
    const { w, analysts } = await team(2);
    const rules = [rule("pj", { queue: "Empresas" }, { documentKind: "cnpj" }), rule("todos", { analysts })];
    expect(await setRouting(w, { mode: "round_robin", rules })).toEqual({ mode: "round_robin", rules });
    // mode alone keeps the rules
    expect((await setRouting(w, { mode: "least_loaded" })).rules).toEqual(rules);
    const [changed] = await eventsOf(t, w.id, "settings.changed");
    expect(Object.keys(changed!.data.changes as object)).toEqual(["routing"]);
  });

  it("refuses invalid bodies with exact codes", async () => {
    const { w, analysts } = await team(1);
    const ok = { analysts };
    for (const routing of [
      { mode: "random" },
      { rules: "todos" },
      { rules: [rule("a", { analysts: [] })] }, // an empty set
      { rules: [rule("a", {})] },
      { rules: [rule("a", { analysts, queue: "x" })] },
      { rules: [rule("a", { queue: "" })] },
      { rules: [rule("a", { analysts: [analysts[0], analysts[0]] })] },
      { rules: [rule("a", { analysts: ["not-a-uuid"] })] },
      { rules: [rule("a", ok), rule("a", ok)] }, // ids repeat
      { rules: [rule("A B", ok)] },
      { rules: [{ id: "a", when: {}, to: ok }] }, // no name
      { rules: [rule("a", ok, { scoreMin: 700, scoreMax: 300 })] },
      { rules: [rule("a", ok, { scoreMin: 1001 })] },
      { rules: [rule("a", ok, { flags: ["sorte"] })] }, // not a risk flag
      { rules: [rule("a", ok, { documentKind: "rg" })] },
      { rules: [rule("a", ok, { recommendations: ["MAYBE"] })] },
      { rules: [rule("a", ok, { color: "red" })] },
      { rules: Array.from({ length: 51 }, (_, i) => rule(`r${i}`, ok)) }, // too many rules
      { mode: "off", extra: true },
    ])
      expectError(await api.put("/settings", w.tokens.admin, { routing }), 400, "invalid_body");
    // someone who may not be given cases: 422 as an assignment would be
    for (const id of [randomUUID(), other.users.analyst.id, w.users.viewer.id])
      expectError(
        await api.put("/settings", w.tokens.admin, { routing: { rules: [rule("a", { analysts: [id] })] } }),
        422,
        "invalid_assignee",
      );
    expectError(await api.put("/settings", w.tokens.analyst, { routing: { mode: "round_robin" } }), 403, "forbidden");
    expect((await api.get("/settings", w.tokens.admin)).json().routing).toEqual({ mode: "off", rules: [] });
  });
});

describe("a member's cap and absence", () => {
  it("an analyst sets their own; an admin anyone's; shown on the routing members", async () => {
    const { w, analysts } = await team(1);
    const mine = await api.put(`/members/${w.users.analyst.id}/routing`, w.tokens.analyst, { cap: 5, awayUntil: "2099-12-31" });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ userId: w.users.analyst.id, cap: 5, awayUntil: "2099-12-31", away: true, openCases: 0 });
    expectError(await api.put(`/members/${analysts[0]}/routing`, w.tokens.analyst, { cap: 1, awayUntil: null }), 403, "forbidden");
    expectError(await api.put(`/members/${w.users.analyst.id}/routing`, w.tokens.viewer, { cap: 1, awayUntil: null }), 403, "forbidden");
    const byAdmin = await api.put(`/members/${analysts[0]}/routing`, w.tokens.admin, { cap: null, awayUntil: "2000-01-01" });
    expect(byAdmin.json()).toMatchObject({ cap: null, awayUntil: "2000-01-01", away: false });
    const listed = (await api.get("/routing/members", w.tokens.viewer)).json().members as { userId: string }[];
    expect(listed.find((m) => m.userId === w.users.analyst.id)).toMatchObject({ cap: 5, away: true });
    expect(listed.map((m) => m.userId)).not.toContain(w.users.viewer.id);
    // and on GET /members
    const members = (await api.get("/members", w.tokens.viewer)).json().members as { id: string }[];
    expect(members.find((m) => m.id === w.users.analyst.id)).toMatchObject({ cap: 5, awayUntil: "2099-12-31" });
    const [event] = await eventsOf(t, w.id, "member.routing_changed");
    expect(event!.data).toEqual({ userId: analysts[0], from: { cap: null, awayUntil: null }, to: { cap: null, awayUntil: "2000-01-01" } });
    expect(event!.actor_id).toBe(w.users.admin.id);
  });

  it("refuses invalid bodies and other workspaces' members", async () => {
    const me = `/members/${ws.users.analyst.id}/routing`;
    for (const body of [
      { cap: -1, awayUntil: null },
      { cap: 1.5, awayUntil: null },
      { cap: "3", awayUntil: null },
      { cap: 1 },
      { cap: 1, awayUntil: "2026-13-01" },
      { cap: 1, awayUntil: "amanhã" },
      { cap: 1, awayUntil: null, note: "x" },
    ])
      expectError(await api.put(me, ws.tokens.analyst, body), 400, "invalid_body");
    const body = { cap: 1, awayUntil: null };
    expectError(await api.put(`/members/${other.users.analyst.id}/routing`, ws.tokens.admin, body), 404, "not_found");
    expectError(await api.put(`/members/${ws.users.viewer.id}/routing`, ws.tokens.admin, body), 404, "not_found");
    expectError(await api.put(`/members/nope/routing`, ws.tokens.admin, body), 404, "not_found");
  });
});

describe("routing a completing case", () => {
  it("round_robin gives each rule's cases in turn and names the rule", async () => {
    const { w, analysts } = await team(3);
    await setRouting(w, { mode: "round_robin", rules: [rule("todos", { analysts })] });
    const got: (string | null)[] = [];
    for (let i = 0; i < 6; i++) got.push(await assigneeOf(await complete(w)));
    expect(got).toEqual([...analysts, ...analysts]);
    const events = await eventsOf(t, w.id, "case.assigned");
    expect(events).toHaveLength(6);
    expect(events[0]!.data).toEqual({
      from: null,
      to: analysts[2],
      by: "routing",
      rule: { id: "todos", name: "Regra todos" },
      mode: "round_robin",
    });
    expect(events[0]!.actor_id).toBeNull();
  });

  it("least_loaded picks the fewest open cases; decided cases do not count", async () => {
    const { w, analysts } = await team(2);
    const [a, b] = analysts as [string, string];
    await insertCase(t, w, { assigneeId: a });
    await insertCase(t, w, { assigneeId: a });
    await insertCase(t, w, { assigneeId: b, feedbackStatus: "APPROVED" });
    await setRouting(w, { mode: "least_loaded", rules: [rule("todos", { analysts })] });
    const got = [];
    for (let i = 0; i < 4; i++) got.push(await assigneeOf(await complete(w)));
    expect(got).toEqual([b, b, a, b]);
  });

  it("skips an absent analyst and one at their cap; with nobody available the case stays unassigned", async () => {
    const { w, analysts } = await team(3);
    const [a, b, c] = analysts as [string, string, string];
    await api.put(`/members/${a}/routing`, w.tokens.admin, { cap: null, awayUntil: "2099-01-01" });
    await api.put(`/members/${b}/routing`, w.tokens.admin, { cap: 1, awayUntil: null });
    await api.put(`/members/${c}/routing`, w.tokens.admin, { cap: 2, awayUntil: null });
    await setRouting(w, { mode: "round_robin", rules: [rule("todos", { analysts })] });
    const got = [];
    for (let i = 0; i < 5; i++) got.push(await assigneeOf(await complete(w)));
    expect(got).toEqual([b, c, c, null, null]);
    // back from absence (yesterday is past): a gets the next
    await api.put(`/members/${a}/routing`, w.tokens.admin, { cap: null, awayUntil: "2020-01-01" });
    expect(await assigneeOf(await complete(w))).toBe(a);
  });

  it("the first rule that matches takes the case; a queue keeps it unassigned; no rule leaves it alone; off routes nothing", async () => {
    const { w, analysts } = await team(2);
    const [a, b] = analysts as [string, string];
    await setRouting(w, {
      mode: "round_robin",
      rules: [
        rule("pj", { queue: "Empresas" }, { documentKind: "cnpj" }),
        rule("alto-risco", { analysts: [a] }, { scoreMax: 300 }),
        rule("lista", { analysts: [b] }, { flags: ["restrictive_list", "deceased"] }),
        rule("kyc", { analysts: [b] }, { profiles: ["prf_kyc_person"], scoreMin: 900 }),
      ],
    });
    const company = await complete(w, { nationalId: makeCnpj("112223330001") });
    expect(await assigneeOf(company)).toBeNull();
    const [queued] = await eventsOf(t, w.id, "case.routed", company);
    expect(queued!.data).toEqual({ rule: { id: "pj", name: "Regra pj" }, queue: "Empresas", mode: "round_robin" });
    const queueRow = await t.services.database.query("select queue, rule_id from case_queues where verification_id = $1", [company]);
    expect(queueRow.rows).toEqual([{ queue: "Empresas", rule_id: "pj" }]);
    expect(await assigneeOf(await complete(w, { score: 200, flags: ["deceased"] }))).toBe(a); // first match wins
    expect(await assigneeOf(await complete(w, { score: 600, flags: ["deceased"] }))).toBe(b);
    expect(await assigneeOf(await complete(w, { score: 950 }))).toBe(b);
    const none = await complete(w, { score: 600 });
    expect(await assigneeOf(none)).toBeNull();
    expect(await eventsOf(t, w.id, "case.assigned", none)).toHaveLength(0);
    await setRouting(w, { mode: "off" });
    expect(await assigneeOf(await complete(w, { score: 100 }))).toBeNull();
  });

  it("20 cases completing at once stay within the caps and no case is assigned twice", async () => {
    const { w, analysts } = await team(3);
    const caps = [3, 3, 4];
    for (const [i, id] of analysts.entries()) await api.put(`/members/${id}/routing`, w.tokens.admin, { cap: caps[i], awayUntil: null });
    await setRouting(w, { mode: "least_loaded", rules: [rule("todos", { analysts })] });
    const ids = await Promise.all(Array.from({ length: 20 }, () => complete(w)));
    const assignees = await Promise.all(ids.map(assigneeOf));
    for (const [i, id] of analysts.entries()) expect(assignees.filter((x) => x === id)).toHaveLength(caps[i]!);
    expect(assignees.filter((x) => x === null)).toHaveLength(10);
    const events = await eventsOf(t, w.id, "case.assigned");
    expect(events).toHaveLength(10);
    expect(new Set(events.map((e) => e.case_id)).size).toBe(10);
  });

  it("routes a verification completed by the real engine", async () => {
    const s = await startService({ workers: true });
    try {
      const w = await s.createWorkspace();
      await s.request({
        method: "PUT",
        url: "/api/review/v1/settings",
        token: w.tokens.admin,
        body: { routing: { mode: "round_robin", rules: [rule("todos", { analysts: [w.users.analyst.id] })] } },
      });
      const created = await s.request({
        method: "POST",
        url: "/api/v2/verifications",
        token: w.tokens.analyst,
        body: { nationalId: makeCpf("529982247"), profileId: "prf_kyc_person", verifications: { finance: { restrictions: true } } },
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
      const id = (created.json() as { id: string }).id;
      const row = await eventually(
        async () => (await s.services.db.select().from(verifications).where(eq(verifications.id, id)))[0],
        (r) => r?.status === "COMPLETED" || r?.status === "FAILED",
      );
      expect(row!.assigneeId).toBe(w.users.analyst.id);
      const events = await s.services.database.query("select data from audit_events where case_id = $1 and type = 'case.assigned'", [id]);
      expect(events.rows).toEqual([{ data: expect.objectContaining({ by: "routing", rule: { id: "todos", name: "Regra todos" } }) }]);
    } finally {
      await s.close();
    }
  });
});

describe("routing an alert as it opens", () => {
  it("gives a new monitoring alert to the rule's analyst, naming the rule", async () => {
    const { w, analysts } = await team(1);
    const nationalId = makeCpf(String(720000000 + ++n));
    const caseId = await insertCase(t, w, { nationalId, feedbackStatus: "APPROVED", firstDecidedAt: new Date(Date.now() - 30_000) });
    await setRouting(w, { mode: "least_loaded", rules: [rule("alertas", { analysts })] });
    const listed = await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${w.id}`,
      token: w.tokens.analyst,
      body: { nationalId, reason: "fraude confirmada" },
    });
    expect(listed.statusCode).toBeLessThan(300);
    const alerts = await t.services.database.query("select id, assignee_id from monitoring_alerts where verification_id = $1", [caseId]);
    expect(alerts.rows).toEqual([{ id: expect.any(String), assignee_id: analysts[0] }]);
    const [event] = await eventsOf(t, w.id, "alert.assigned", caseId);
    expect(event!.data).toMatchObject({ alertId: alerts.rows[0]!.id, to: analysts[0], by: "routing", rule: { id: "alertas" } });
  });
});

describe("the dry run", () => {
  it("says who would have received the last cases, assigning nothing", async () => {
    const { w, analysts } = await team(2);
    const [a, b] = analysts as [string, string];
    const cases = [];
    for (let i = 0; i < 4; i++)
      cases.push(await insertCase(t, w, { score: i < 2 ? 200 : 900, createdAt: new Date(Date.now() - (10 - i) * 60_000) }));
    const off = (await api.post("/routing/dry-run", w.tokens.admin, {})).json();
    expect(off.mode).toBe("off");
    expect(off.cases.map((c: { outcome: string }) => c.outcome)).toEqual(["off", "off", "off", "off"]);
    const proposed = {
      mode: "round_robin",
      rules: [rule("baixo", { analysts: [a, b] }, { scoreMax: 500 }), rule("fila", { queue: "Revisão" }, { scoreMin: 950 })],
    };
    const res = await api.post("/routing/dry-run", w.tokens.admin, { routing: proposed });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // newest first: the two high scores match no rule, the two low ones go to a then b
    expect(body.cases.map((c: { caseId: string; outcome: string; to: string | null }) => [c.caseId, c.outcome, c.to])).toEqual([
      [cases[3], "no_rule", null],
      [cases[2], "no_rule", null],
      [cases[1], "assigned", b],
      [cases[0], "assigned", a],
    ]);
    expect(body.perAnalyst).toEqual({ [a]: 1, [b]: 1 });
    expect(body.cases[0].document).toMatch(/\*/);
    expect(await Promise.all(cases.map(assigneeOf))).toEqual([null, null, null, null]);
    expect(await eventsOf(t, w.id, "case.assigned")).toHaveLength(0);
    // the setting in force when nothing is proposed
    await setRouting(w, proposed);
    expect((await api.post("/routing/dry-run", w.tokens.admin, {})).json().perAnalyst).toEqual({ [a]: 1, [b]: 1 });
  });

  it("is for admins, checks a proposal and sees only the caller's workspace", async () => {
    expectError(await api.post("/routing/dry-run", ws.tokens.analyst, {}), 403, "forbidden");
    expectError(await api.post("/routing/dry-run", ws.tokens.admin, { routing: { mode: "fast", rules: [] } }), 400, "invalid_body");
    expectError(await api.post("/routing/dry-run", ws.tokens.admin, { extra: 1 }), 400, "invalid_body");
    expectError(
      await api.post("/routing/dry-run", ws.tokens.admin, {
        routing: { mode: "round_robin", rules: [rule("a", { analysts: [other.users.analyst.id] })] },
      }),
      422,
      "invalid_assignee",
    );
    const mine = await insertCase(t, ws);
    const seen = (await api.post("/routing/dry-run", other.tokens.admin, {})).json().cases.map((c: { caseId: string }) => c.caseId);
    expect(seen).not.toContain(mine);
  });
});

describe("a named queue on the case list (namedQueue)", () => {
  const ids = (res: { json: () => { cases: Array<{ id: string }> } }) => res.json().cases.map((c) => c.id);

  it("lists the cases a rule sent to the queue, within the caller's workspace; the case shows its queue; next takes from it", async () => {
    const { w, analysts } = await team(1);
    await setRouting(w, {
      mode: "round_robin",
      rules: [
        rule("pj", { queue: "Empresas PJ" }, { documentKind: "cnpj" }),
        rule("risco", { queue: "Alto risco" }, { scoreMax: 300 }),
        rule("todos", { analysts }),
      ],
    });
    const company = await complete(w, { nationalId: makeCnpj("112223330001") });
    const company2 = await complete(w, { nationalId: makeCnpj("223334440001") });
    const low = await complete(w, { score: 120 });
    const assigned = await complete(w, { score: 800 });
    // another workspace with a queue of the same name
    await setRouting(other, { mode: "round_robin", rules: [rule("pj", { queue: "Empresas PJ" }, { documentKind: "cnpj" })] });
    const elsewhere = await complete(other, { nationalId: makeCnpj("334445550001") });

    const pj = await api.get(`/cases?namedQueue=${encodeURIComponent("Empresas PJ")}&sort=oldest`, w.tokens.analyst);
    expect(pj.statusCode).toBe(200);
    expect({ ids: ids(pj), total: pj.json().total }).toEqual({ ids: [company, company2], total: 2 });
    expect(ids(await api.get("/cases?namedQueue=Alto%20risco", w.tokens.viewer))).toEqual([low]);
    // the name is trimmed, as the rule's is; matched exactly otherwise
    expect(ids(await api.get("/cases?namedQueue=%20Alto%20risco%20", w.tokens.viewer))).toEqual([low]);
    expect(ids(await api.get("/cases?namedQueue=alto%20risco", w.tokens.viewer))).toEqual([]);
    expect(ids(await api.get(`/cases?namedQueue=${encodeURIComponent("Empresas PJ")}`, other.tokens.analyst))).toEqual([elsewhere]);
    // a queue no case was sent to: an empty list, as an unknown assignee id
    const unknown = await api.get("/cases?namedQueue=Nenhuma", w.tokens.analyst);
    expect({ status: unknown.statusCode, cases: unknown.json().cases, total: unknown.json().total }).toEqual({
      status: 200,
      cases: [],
      total: 0,
    });
    expectError(await api.get("/cases?namedQueue=", w.tokens.analyst), 400, "invalid_parameter");
    expectError(await api.get(`/cases?namedQueue=${"x".repeat(61)}`, w.tokens.analyst), 400, "invalid_parameter");

    // the case's review state names its queue; a case routed to an analyst has none
    const review = (await api.get(`/cases/${company}`, w.tokens.viewer)).json();
    expect(review.namedQueue).toEqual({ name: "Empresas PJ", routedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await api.get(`/cases/${assigned}`, w.tokens.viewer)).json().namedQueue).toBeNull();

    // "Próximo caso" within a queue takes that queue's case due first (not the older company's), then nothing is left in it
    const next = await api.post("/cases/next", w.tokens.analyst, { namedQueue: "Alto risco" });
    expect({ status: next.statusCode, id: next.json().id, assignee: next.json().assignee.id }).toEqual({
      status: 200,
      id: low,
      assignee: w.users.analyst.id,
    });
    expect((await api.post("/cases/next", w.tokens.analyst, { namedQueue: "Alto risco" })).statusCode).toBe(204);
    expect(ids(await api.get("/cases?namedQueue=Alto%20risco&assignee=none", w.tokens.analyst))).toEqual([]);
    expect(
      ids(await api.get(`/cases?namedQueue=${encodeURIComponent("Empresas PJ")}&assignee=none&sort=oldest`, w.tokens.analyst)),
    ).toEqual([company, company2]);
    expectError(await api.post("/cases/next", w.tokens.analyst, { namedQueue: "" }), 400, "invalid_body");
  });
});
