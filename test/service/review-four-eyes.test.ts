// Four-eyes (issue 19): with the setting on, a decision it names is recorded as proposed (the v2
// route answers 201 with state "proposed"); the case awaits a second review (queue filter); the
// v2 record's feedback and the feedbackStatus filter show the last effective decision until a
// different admin or analyst confirms (with the same acknowledgements) or overturns; the proposer
// cannot (403); each step is recorded once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
  const res = await api.put("/settings", ws.tokens.admin, { fourEyes: { enabled: true } });
  expect(res.json().fourEyes).toEqual({ enabled: true, on: ["REPROVED", "flagged_approval"] });
});
afterAll(async () => {
  await t?.close();
});

const feedback = (id: string, body: unknown, token = ws.tokens.analyst) =>
  t.request({ method: "POST", url: `/api/v2/verifications/${id}/feedbacks`, token, body });
const record = (id: string) =>
  t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: ws.tokens.viewer }).then((r) => r.json());
const review = (id: string, body: unknown, token: string) => api.post(`/cases/${id}/second-review`, token, body);

describe("four-eyes", () => {
  it("proposes a REPROVED decision, keeps the last effective one until a second reviewer confirms it", async () => {
    const id = await insertCase(t, ws);
    expect((await feedback(id, { status: "STANDBY" })).statusCode).toBe(201); // not named: effective
    const proposed = await feedback(id, { status: "REPROVED", reasons: ["Fraude confirmada"], comment: "documento falso" });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toMatchObject({ status: "REPROVED", state: "proposed", userId: ws.users.analyst.id, verificationId: id });
    expect((await record(id)).feedbackStatus).toBe("STANDBY");
    expect((await record(id)).feedback.status).toBe("STANDBY");
    const reproved = (
      await t.request({ method: "GET", url: "/api/v2/verifications?feedbackStatus=REPROVED&limit=25", token: ws.tokens.viewer })
    ).json();
    expect(reproved.verifications.map((v: { id: string }) => v.id)).not.toContain(id);
    const awaiting = (await api.get("/cases?awaitingSecondReview=true", ws.tokens.viewer)).json();
    expect(awaiting.cases.map((c: { id: string }) => c.id)).toEqual([id]);
    const detail = (await api.get(`/cases/${id}`, ws.tokens.viewer)).json();
    expect(detail).toMatchObject({
      awaitingSecondReview: true,
      proposal: { status: "REPROVED", proposedBy: { id: ws.users.analyst.id }, resolution: null },
      fourEyesRequired: ["REPROVED", "flagged_approval"],
    });
    expect(await eventsOf(t, ws.id, "decision.proposed", id)).toHaveLength(1);

    // no other decision while it waits; the proposer cannot review it
    const blocked = (await api.post("/cases/bulk", ws.tokens.admin, { ids: [id], action: "decide", status: "STANDBY" })).json();
    expect(blocked.results[0].error.code).toBe("awaiting_second_review");
    expect((await feedback(id, { status: "WAIVED" }, ws.tokens.admin)).statusCode).toBe(409);
    expectError(await review(id, { confirm: true, comment: "eu mesmo" }, ws.tokens.analyst), 403, "forbidden");
    expectError(await review(id, { confirm: true, comment: "ok" }, ws.tokens.viewer), 403, "forbidden");
    expectError(await review(id, { confirm: true }, ws.tokens.admin), 400, "invalid_body");
    expectError(await review(id, { confirm: "yes", comment: "x" }, ws.tokens.admin), 400, "invalid_body");

    const confirmed = await review(id, { confirm: true, comment: "confere" }, ws.tokens.admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      proposal: { resolution: "confirmed", resolvedBy: { id: ws.users.admin.id }, resolutionComment: "confere" },
      feedback: { status: "REPROVED", userId: ws.users.analyst.id, reasons: ["Fraude confirmada"], comment: "documento falso" },
    });
    expect((await record(id)).feedbackStatus).toBe("REPROVED");
    expect((await record(id)).feedback.userId).toBe(ws.users.analyst.id);
    expect((await eventsOf(t, ws.id, "decision.confirmed", id))[0]).toMatchObject({ actor_id: ws.users.admin.id });
    expect((await api.get(`/cases/${id}`, ws.tokens.viewer)).json()).toMatchObject({
      awaitingSecondReview: false,
      proposal: null,
      slaState: "met",
    });
    expectError(await review(id, { confirm: true, comment: "de novo" }, ws.tokens.admin), 409, "no_pending_proposal");
  });

  it("overturns: nothing is decided, the case waits again", async () => {
    const id = await insertCase(t, ws);
    expect((await feedback(id, { status: "REPROVED" }, ws.tokens.admin)).json().state).toBe("proposed");
    const res = await review(id, { confirm: false, comment: "não há fraude" }, ws.tokens.analyst);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ proposal: { resolution: "overturned" }, feedback: null });
    expect((await record(id)).feedbackStatus).toBe("NOTSTARTED");
    expect(await eventsOf(t, ws.id, "decision.overturned", id)).toHaveLength(1);
    expect((await api.get(`/cases/${id}`, ws.tokens.viewer)).json()).toMatchObject({ awaitingSecondReview: false, firstDecidedAt: null });
  });

  it("applies to approvals of flagged cases; confirming needs the same acknowledgements", async () => {
    const id = await insertCase(t, ws, { flags: ["ai_disagrees"] });
    const clean = await insertCase(t, ws);
    expect((await feedback(clean, { status: "APPROVED" })).json().state).toBeUndefined(); // no flags: effective
    expect((await feedback(id, { status: "APPROVED", acknowledgedFlags: ["ai_disagrees"] })).json().state).toBe("proposed");
    expectError(await review(id, { confirm: true, comment: "ok" }, ws.tokens.admin), 400, "flags_not_acknowledged");
    const ok = await review(id, { confirm: true, comment: "ok", acknowledgedFlags: ["ai_disagrees"] }, ws.tokens.admin);
    expect(ok.json().feedback.status).toBe("APPROVED");
  });
});
