// "Minha fila" (issue 28, item 5): the queue's `awaiting=me` with `assignee=me` holds the caller's
// cases that still need them: undecided, or awaiting a second review the caller may give. A case
// decided (effective) leaves it, and is found with the decision filter; a proposal of the
// caller's own waits on someone else, so it leaves the proposer's queue too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
const ids: Record<string, string> = {};

const feedback = (id: string, body: unknown, token: string) =>
  t.request({ method: "POST", url: `/api/v2/verifications/${id}/feedbacks`, token, body });
const mine = async (query: string, token = ws.tokens.analyst) => {
  const res = await api.get(`/cases?assignee=me&limit=100${query}`, token);
  expect(res.statusCode).toBe(200);
  return new Set((res.json() as { cases: { id: string }[] }).cases.map((c) => c.id));
};

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
  expect((await api.put("/settings", ws.tokens.admin, { fourEyes: { enabled: true } })).statusCode).toBe(200);
  const analyst = ws.users.analyst.id;
  ids.undecided = await insertCase(t, ws, { assigneeId: analyst });
  ids.running = await insertCase(t, ws, { status: "PROCESSING", assigneeId: analyst });
  ids.approved = await insertCase(t, ws, { assigneeId: analyst });
  expect((await feedback(ids.approved, { status: "APPROVED" }, ws.tokens.analyst)).statusCode).toBe(201);
  ids.standby = await insertCase(t, ws, { assigneeId: analyst });
  expect((await feedback(ids.standby, { status: "STANDBY" }, ws.tokens.analyst)).statusCode).toBe(201);
  // the analyst proposed: it waits on someone else
  ids.ownProposal = await insertCase(t, ws, { assigneeId: analyst });
  expect((await feedback(ids.ownProposal, { status: "REPROVED" }, ws.tokens.analyst)).json()).toMatchObject({ state: "proposed" });
  // the admin proposed, the analyst took the case over to review it: it waits on the analyst
  ids.toReview = await insertCase(t, ws);
  expect((await feedback(ids.toReview, { status: "REPROVED" }, ws.tokens.admin)).json()).toMatchObject({ state: "proposed" });
  expect((await api.put(`/cases/${ids.toReview}/assignee`, ws.tokens.analyst, { userId: analyst, takeOver: true })).statusCode).toBe(200);
  ids.admins = await insertCase(t, ws, { assigneeId: ws.users.admin.id });
});
afterAll(async () => {
  await t?.close();
});

describe("GET /cases?assignee=me&awaiting=me", () => {
  it("holds my undecided cases and the second reviews that wait on me, nothing decided", async () => {
    expect(await mine("&awaiting=me")).toEqual(new Set([ids.undecided, ids.running, ids.toReview]));
  });

  it("my decided cases stay findable through the decision filter", async () => {
    expect(await mine("&feedbackStatus=APPROVED")).toEqual(new Set([ids.approved]));
    expect(await mine("&feedbackStatus=STANDBY")).toEqual(new Set([ids.standby]));
    // every case assigned to me, as before
    expect((await mine("")).size).toBe(6);
  });

  it("is the caller's: the admin's own proposal on the case now held by the analyst does not wait on the admin", async () => {
    expect(await mine("&awaiting=me", ws.tokens.admin)).toEqual(new Set([ids.admins]));
    const all = await api.get("/cases?awaiting=me&limit=100", ws.tokens.admin);
    const awaitingAdmin = new Set((all.json() as { cases: { id: string }[] }).cases.map((c) => c.id));
    expect(awaitingAdmin.has(ids.ownProposal)).toBe(true); // the analyst's proposal: the admin may review it
    expect(awaitingAdmin.has(ids.toReview)).toBe(false); // the admin's own
  });

  it("refuses any other value: 400 invalid_parameter", async () => {
    expectError(await api.get("/cases?awaiting=you", ws.tokens.analyst), 400, "invalid_parameter");
    expectError(await api.get("/cases?awaiting=", ws.tokens.analyst), 400, "invalid_parameter");
  });

  it("the export and a saved view take it too", async () => {
    const csv = await api.get("/cases/export.csv?assignee=me&awaiting=me", ws.tokens.analyst);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split("\r\n")).toHaveLength(4); // header and three cases
    const view = await api.post("/views", ws.tokens.analyst, { name: "Minha fila", filters: { assignee: "me", awaiting: "me" } });
    expect(view.statusCode).toBe(201);
    expect(view.json().filters).toEqual({ assignee: "me", awaiting: "me" });
  });
});
