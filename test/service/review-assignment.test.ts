// Assignment (issue 18): PUT /cases/{id}/assignee's rules (take, release, give to a colleague, take
// over with takeOver or as admin, 403 otherwise, 422 invalid_assignee), each recorded once;
// POST /cases/next (the case due first, its defaults, 204 when none); and the v2 feedback route's
// assignment: deciding an unassigned case assigns the decider, deciding someone else's records a
// takeover, while the route answers as the interface says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { createUser } from "../../server/tenancy/workspaces";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let disabledId: string;
const ago = (ms: number) => new Date(Date.now() - ms);

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
  const disabled = await createUser(t.services.db, {
    workspaceId: ws.id,
    email: `off.${ws.id}@test.local`,
    role: "analyst",
    password: "x".repeat(12),
  });
  await t.services.database.query("update users set disabled = true where id = $1", [disabled.id]);
  disabledId = disabled.id;
});
afterAll(async () => {
  await t?.close();
});

const assign = (id: string, body: unknown, token = ws.tokens.analyst) => api.put(`/cases/${id}/assignee`, token, body);

describe("PUT /api/review/v1/cases/{id}/assignee", () => {
  it("takes an unassigned case, answers the case, and records case.assigned once", async () => {
    const id = await insertCase(t, ws);
    const res = await assign(id, { userId: ws.users.analyst.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      assignee: { id: ws.users.analyst.id, email: ws.users.analyst.email },
      assignedAt: expect.any(String),
    });
    const events = await eventsOf(t, ws.id, "case.assigned", id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_id: ws.users.analyst.id,
      data: { from: null, to: ws.users.analyst.id },
      request_id: expect.any(String),
    });
    // the same assignment again changes nothing and records nothing
    expect((await assign(id, { userId: ws.users.analyst.id })).statusCode).toBe(200);
    expect(await eventsOf(t, ws.id, "case.assigned", id)).toHaveLength(1);
  });

  it("gives an unassigned case to a colleague, releases one's own", async () => {
    const id = await insertCase(t, ws);
    expect((await assign(id, { userId: ws.users.admin.id })).json().assignee.id).toBe(ws.users.admin.id);
    const mine = await insertCase(t, ws, { assigneeId: ws.users.analyst.id });
    const released = await assign(mine, { userId: null });
    expect(released.json()).toMatchObject({ assignee: null, assignedAt: null });
    expect(await eventsOf(t, ws.id, "case.released", mine)).toHaveLength(1);
  });

  it("refuses an analyst taking someone else's case (403), unless takeOver: true, which is recorded", async () => {
    const id = await insertCase(t, ws, { assigneeId: ws.users.admin.id });
    expectError(await assign(id, { userId: ws.users.analyst.id }), 403, "forbidden");
    expectError(await assign(id, { userId: null }), 403, "forbidden");
    expectError(await assign(id, { userId: ws.users.analyst.id, takeOver: false }), 403, "forbidden");
    const taken = await assign(id, { userId: ws.users.analyst.id, takeOver: true });
    expect(taken.json().assignee.id).toBe(ws.users.analyst.id);
    const events = await eventsOf(t, ws.id, "case.taken_over", id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ from: ws.users.admin.id, to: ws.users.analyst.id });
    expect(await eventsOf(t, ws.id, "case.assigned", id)).toHaveLength(0);
  });

  it("lets an admin reassign anyone's case (a takeover)", async () => {
    const id = await insertCase(t, ws, { assigneeId: ws.users.analyst.id });
    expect((await assign(id, { userId: null }, ws.tokens.admin)).json().assignee).toBeNull();
    expect(await eventsOf(t, ws.id, "case.taken_over", id)).toHaveLength(1);
  });

  it("refuses a target that is not an enabled admin or analyst of the workspace (422 invalid_assignee)", async () => {
    const other = await t.createWorkspace();
    const id = await insertCase(t, ws);
    for (const userId of [
      ws.users.viewer.id,
      ws.users.integration.id,
      disabledId,
      other.users.analyst.id,
      "00000000-0000-4000-8000-000000000000",
    ]) {
      expectError(await assign(id, { userId }), 422, "invalid_assignee");
    }
    expectError(await assign(id, { userId: "x" }), 400, "invalid_body");
    expectError(await assign(id, {}), 400, "invalid_body");
    expectError(await assign(id, { userId: null, extra: 1 }), 400, "invalid_body");
  });
});

describe("POST /api/review/v1/cases/next", () => {
  it("assigns the case due first to the caller with the defaults, then 204 when none is left", async () => {
    const own = await t.createWorkspace();
    const first = await insertCase(t, own, { createdAt: ago(3 * 3600_000) });
    const second = await insertCase(t, own, { createdAt: ago(2 * 3600_000) });
    await insertCase(t, own, { createdAt: ago(9 * 3600_000), assigneeId: own.users.admin.id }); // assigned
    await insertCase(t, own, { createdAt: ago(9 * 3600_000), feedbackStatus: "APPROVED", firstDecidedAt: ago(1000) }); // decided
    await insertCase(t, own, { status: "FAILED", createdAt: ago(9 * 3600_000) }); // not COMPLETED
    await insertCase(t, own, { status: "PROCESSING", createdAt: ago(9 * 3600_000) });
    const next = (token = own.tokens.analyst, body: unknown = {}) => api.post("/cases/next", token, body);
    const a = await next();
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      id: first,
      assignee: { id: own.users.analyst.id },
      status: "COMPLETED",
      feedbackStatus: "NOTSTARTED",
    });
    expect((await eventsOf(t, own.id, "case.assigned", first))[0]!.data).toEqual({ from: null, to: own.users.analyst.id, by: "next" });
    expect((await next(own.tokens.admin)).json().id).toBe(second);
    const none = await next();
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe("");
    // filters: a FAILED case on request; assignee=me answers one's own case without assigning
    expect((await next(own.tokens.analyst, { status: "FAILED" })).statusCode).toBe(200);
    expect((await next(own.tokens.analyst, { assignee: "me" })).json().id).toBe(first);
    expectError(await next(own.tokens.analyst, { assignee: own.users.admin.id }), 400, "invalid_body");
    expectError(await next(own.tokens.analyst, { sort: "x" }), 400, "invalid_body");
    expectError(await next(own.tokens.analyst, { scoreGte: 900, scoreLte: 1 }), 400, "invalid_body");
  });
});

describe("the v2 feedback route and assignment", () => {
  it("assigns the decider on an unassigned case, and records a takeover on someone else's; the answer is unchanged", async () => {
    const free = await insertCase(t, ws);
    const post = (id: string, token: string) =>
      t.request({ method: "POST", url: `/api/v2/verifications/${id}/feedbacks`, token, body: { status: "STANDBY" } });
    const res = await post(free, ws.tokens.analyst);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual([
      "comment",
      "createdAt",
      "id",
      "reasons",
      "status",
      "userEmail",
      "userId",
      "verificationId",
    ]);
    expect((await api.get(`/cases/${free}`, ws.tokens.viewer)).json().assignee.id).toBe(ws.users.analyst.id);
    expect(await eventsOf(t, ws.id, "case.assigned", free)).toHaveLength(1);
    expect(await eventsOf(t, ws.id, "decision.created", free)).toHaveLength(1);

    const theirs = await insertCase(t, ws, { assigneeId: ws.users.admin.id });
    expect((await post(theirs, ws.tokens.analyst)).statusCode).toBe(201);
    expect((await api.get(`/cases/${theirs}`, ws.tokens.viewer)).json().assignee.id).toBe(ws.users.analyst.id);
    const takeover = await eventsOf(t, ws.id, "case.taken_over", theirs);
    expect(takeover).toHaveLength(1);
    expect(takeover[0]!.data).toEqual({ from: ws.users.admin.id, to: ws.users.analyst.id, by: "decision" });
    // deciding one's own case again records no assignment
    expect((await post(theirs, ws.tokens.analyst)).statusCode).toBe(201);
    expect(await eventsOf(t, ws.id, "case.taken_over", theirs)).toHaveLength(1);
  });
});
