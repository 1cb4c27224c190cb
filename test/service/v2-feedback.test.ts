// Feedback on v2 verifications (spec 2.5, 3.2, 4.2; issue 7 part 1): POST stores a decision on a
// terminal verification and answers the stored record; GET lists the history newest first with
// the authors' e-mails; the record and the list show the latest decision and the list's
// feedbackStatus filter follows it. Every bad input, roles and workspace isolation.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCpf } from "../../lib/contract/documents";
import { verificationFeedbacks, verifications } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
let done: string[] = [];
let failedId: string;

const cpf = (n: number) => makeCpf(String(410000000 + n * 37));
const url = (id: string) => `/api/v2/verifications/${id}/feedbacks`;
const post = (id: string, body: unknown, token = ws.tokens.analyst) => t.request({ method: "POST", url: url(id), token, body });
const history = (id: string, token = ws.tokens.viewer) => t.request({ method: "GET", url: url(id), token });
const get = (id: string, token = ws.tokens.viewer) =>
  t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token }).then((r) => r.json());
const list = (query: string, token = ws.tokens.viewer) =>
  t.request({ method: "GET", url: `/api/v2/verifications${query}`, token }).then((r) => r.json());
const terminal = (id: string) =>
  eventually(
    () => get(id),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );

async function createVerification(nationalId: string): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: ws.tokens.analyst,
    body: { nationalId, profileId: "prf_kyc_person", verifications: {} },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A verification row in a non-terminal status, written directly (no worker race). */
async function pending(status: string): Promise<string> {
  const id = randomUUID();
  await t.services.db.insert(verifications).values({
    id,
    workspaceId: ws.id,
    userId: ws.users.analyst.id,
    profileId: "prf_kyc_person",
    nationalId: cpf(90),
    entity: "person",
    status,
    config: { source: "API" },
  });
  return id;
}

beforeAll(async () => {
  t = await startService();
  ws = await t.createWorkspace();
  const ids = [];
  for (let i = 0; i < 4; i++) ids.push(await createVerification(cpf(i)));
  failedId = await createVerification(sandboxDocumentFor("permanent_failure", "person")!.document);
  for (const id of ids) await terminal(id);
  expect((await terminal(failedId)).status).toBe("FAILED");
  done = ids;
}, 180_000); // starting PGlite takes long on a busy machine
afterAll(async () => {
  await t?.close();
});

describe("POST /api/v2/verifications/{id}/feedbacks", () => {
  it("answers 201 with the stored record", async () => {
    // issue 19: approving a case with risk flags lists them (acknowledgedFlags); reasons come from the catalog
    const flags = (await t.request({ method: "GET", url: `/api/review/v1/cases/${done[0]}`, token: ws.tokens.viewer })).json().flags;
    const res = await post(done[0]!, {
      status: "APPROVED",
      comment: "  documentos conferem  ",
      reasons: ["Dados conferidos", "Documentação validada"],
      ...(flags.length ? { acknowledgedFlags: flags } : {}),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      verificationId: done[0],
      status: "APPROVED",
      comment: "documentos conferem",
      reasons: ["Dados conferidos", "Documentação validada"],
      userId: ws.users.analyst.id,
      userEmail: ws.users.analyst.email,
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it.each(["APPROVED", "REPROVED", "STANDBY", "WAIVED"])(
    "accepts %s without comment or reasons (comment null, reasons [])",
    async (status) => {
      const res = await post(done[3]!, { status }, ws.tokens.admin);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status, comment: null, reasons: [], userId: ws.users.admin.id, userEmail: ws.users.admin.email });
    },
  );

  it("accepts feedback on a FAILED verification (terminal)", async () => {
    const res = await post(failedId, { status: "REPROVED", comment: "sem dados" });
    expect(res.statusCode).toBe(201);
  });

  it.each(["CREATED", "PROCESSING", "ANALYZING", "CNH_EXTRACT"])("answers 409 while the verification is %s", async (status) => {
    const id = await pending(status);
    const res = await post(id, { status: "APPROVED" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: `verification is ${status}: feedback is accepted once it is COMPLETED or FAILED` });
    expect((await history(id)).json()).toEqual({ feedbacks: [] });
  });

  it("holds at most 200 decisions per verification: the 201st is 409 and is not stored", async () => {
    // in a workspace of its own, so the list filters of the other tests keep their counts
    const own = await t.createWorkspace();
    const res = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: own.tokens.analyst,
      body: { nationalId: cpf(60), verifications: {} },
    });
    const id = res.json().id as string;
    await eventually(
      () => get(id, own.tokens.viewer),
      (v) => v.status === "COMPLETED",
    );
    const now = Date.now();
    await t.services.db.insert(verificationFeedbacks).values(
      Array.from({ length: 199 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: own.id,
        verificationId: id,
        status: "STANDBY",
        comment: null,
        reasons: [],
        userId: own.users.analyst.id,
        createdAt: new Date(now - (i + 1) * 1000),
      })),
    );
    const last = await post(id, { status: "APPROVED", comment: "a ducentésima" }, own.tokens.analyst);
    expect(last.statusCode).toBe(201);
    const refused = await post(id, { status: "REPROVED", comment: "uma a mais" }, own.tokens.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "verification already has 200 decisions, the most one verification may hold" });
    const stored = (await history(id, own.tokens.viewer)).json().feedbacks;
    expect(stored).toHaveLength(200);
    expect(stored[0]).toMatchObject({ status: "APPROVED", comment: "a ducentésima" });
    expect(await get(id, own.tokens.viewer)).toMatchObject({ feedbackStatus: "APPROVED" });
  });

  const bad: [string, unknown, string][] = [
    ["status NOTSTARTED", { status: "NOTSTARTED" }, "status: NOTSTARTED is only a list filter (no feedback yet), not a decision"],
    ["unknown status", { status: "MAYBE" }, "status: must be one of APPROVED, REPROVED, STANDBY, WAIVED"],
    ["lower-case status", { status: "approved" }, "status: must be one of APPROVED, REPROVED, STANDBY, WAIVED"],
    ["missing status", {}, "status: must be one of APPROVED, REPROVED, STANDBY, WAIVED"],
    ["comment too long", { status: "APPROVED", comment: "x".repeat(2001) }, "comment: Too big: expected string to have <=2000 characters"],
    ["comment not a string", { status: "APPROVED", comment: 5 }, "comment: expected string"],
    [
      "21 reasons",
      { status: "APPROVED", reasons: Array.from({ length: 21 }, (_, i) => `r${i}`) },
      "reasons: Too big: expected array to have <=20 items",
    ],
    ["empty reason", { status: "APPROVED", reasons: ["ok", " "] }, "reasons.1: Too small: expected string to have >=1 characters"],
    ["reason too long", { status: "APPROVED", reasons: ["x".repeat(101)] }, "reasons.0: Too big: expected string to have <=100 characters"],
    ["reasons not an array", { status: "APPROVED", reasons: "ok" }, "reasons: expected array"],
    ["unknown field", { status: "APPROVED", score: 1 }, "body: unknown field(s) score"],
    ["body not an object", ["APPROVED"], "body: expected object"],
  ];
  it.each(bad)("refuses %s with 400 and says why", async (_name, body, message) => {
    const res = await post(done[1]!, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: url(done[1]!),
      token: ws.tokens.analyst,
      payload: "{status",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Body is not valid JSON" });
  });

  it("refuses an id that is not a UUID with 400 and an unknown id with 404", async () => {
    const bad = await post("not-a-uuid", { status: "APPROVED" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^id: /);
    const missing = await post(randomUUID(), { status: "APPROVED" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "verification not found" });
  });

  it("refuses viewer and integration with 403; analyst and admin may decide", async () => {
    for (const role of ["viewer", "integration"] as const) {
      const res = await post(done[1]!, { status: "APPROVED" }, ws.tokens[role]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: `Role ${role} lacks permission feedback:write` });
    }
    expect((await history(done[1]!)).json().feedbacks).toEqual([]);
  });

  it("answers 401 without a token", async () => {
    const res = await t.request({ method: "POST", url: url(done[1]!), body: { status: "APPROVED" } });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 for another workspace's verification, and stores nothing", async () => {
    const other = await t.createWorkspace();
    const res = await post(done[1]!, { status: "APPROVED" }, other.tokens.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "verification not found" });
    expect((await history(done[1]!, other.tokens.admin)).statusCode).toBe(404);
    expect((await history(done[1]!)).json().feedbacks).toEqual([]);
  });
});

describe("GET /api/v2/verifications/{id}/feedbacks and the latest decision", () => {
  it("lists the history newest first with each author's e-mail, for every role", async () => {
    const id = done[2]!;
    await post(id, { status: "STANDBY", comment: "aguardando documento" }, ws.tokens.analyst);
    await post(id, { status: "APPROVED", reasons: ["Dados conferidos"] }, ws.tokens.admin);
    await post(id, { status: "REPROVED" }, ws.tokens.analyst);
    for (const role of ["admin", "analyst", "viewer", "integration"] as const) {
      const res = await history(id, ws.tokens[role]);
      expect(res.statusCode).toBe(200);
      const { feedbacks } = res.json();
      expect(feedbacks.map((f: { status: string }) => f.status)).toEqual(["REPROVED", "APPROVED", "STANDBY"]);
      expect(feedbacks.map((f: { userEmail: string }) => f.userEmail)).toEqual([
        ws.users.analyst.email,
        ws.users.admin.email,
        ws.users.analyst.email,
      ]);
      expect(feedbacks[1]).toMatchObject({ verificationId: id, reasons: ["Dados conferidos"], comment: null, userId: ws.users.admin.id });
      expect(feedbacks[2].comment).toBe("aguardando documento");
      const times = feedbacks.map((f: { createdAt: string }) => f.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    }
  });

  it("answers 400 for an id that is not a UUID and 404 for an unknown one", async () => {
    expect((await history("123")).statusCode).toBe(400);
    const res = await history(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "verification not found" });
  });

  it("shows the latest decision on the record (feedbackStatus and feedback)", async () => {
    const record = await get(done[2]!);
    expect(record.feedbackStatus).toBe("REPROVED");
    expect(record.feedback).toEqual({
      id: expect.any(String),
      status: "REPROVED",
      comment: null,
      reasons: [],
      userId: ws.users.analyst.id,
      userEmail: ws.users.analyst.email,
      createdAt: expect.any(String),
    });
    const undecided = await get(done[1]!);
    expect(undecided.feedbackStatus).toBe("NOTSTARTED");
    expect(undecided.feedback).toBeNull();
  });

  it("shows the latest decision on list items and filters by it", async () => {
    // done[0]: APPROVED; done[1]: none; done[2]: STANDBY -> APPROVED -> REPROVED; done[3]: ... WAIVED; failed: REPROVED
    const all = await list("?limit=25");
    const byId = new Map(all.verifications.map((v: { id: string }) => [v.id, v]));
    expect(byId.get(done[0])).toMatchObject({
      feedbackStatus: "APPROVED",
      feedback: { status: "APPROVED", userEmail: ws.users.analyst.email },
    });
    expect(byId.get(done[1])).toMatchObject({ feedbackStatus: "NOTSTARTED", feedback: null });
    expect(byId.get(done[2])).toMatchObject({ feedbackStatus: "REPROVED" });
    expect(byId.get(done[3])).toMatchObject({ feedbackStatus: "WAIVED", feedback: { userEmail: ws.users.admin.email } });
    const ids = (r: { verifications: { id: string }[] }) => r.verifications.map((v) => v.id).sort();
    expect(ids(await list("?feedbackStatus=APPROVED&limit=25"))).toEqual([done[0]]);
    expect(ids(await list("?feedbackStatus=REPROVED&limit=25"))).toEqual([done[2], failedId].sort());
    expect(ids(await list("?feedbackStatus=WAIVED&limit=25"))).toEqual([done[3]]);
    expect(ids(await list("?feedbackStatus=STANDBY&limit=25"))).toEqual([]);
    expect(ids(await list("?feedbackStatus=NOTSTARTED&status=COMPLETED&limit=25"))).toEqual([done[1]]);
    // the four rows written in CREATED, PROCESSING, ANALYZING and CNH_EXTRACT have no decision either
    expect((await list("?feedbackStatus=NOTSTARTED")).total).toBe(5);
    expect((await list("?feedbackStatus=REPROVED&status=FAILED")).total).toBe(1);
  });

  it("a new verification answers feedbackStatus NOTSTARTED on creation", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: ws.tokens.analyst,
      body: { nationalId: cpf(50), verifications: {} },
    });
    expect(res.json()).toMatchObject({ feedbackStatus: "NOTSTARTED", feedback: null });
    await terminal(res.json().id);
  });
});
