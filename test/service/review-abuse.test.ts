// What an attacker found in the team features, second round (issue 30, findings 1, 5, 7 and 8):
// each reproduced against the service, failing before its fix. The forged origin (finding 6) is
// the console's: test/unit/bff-origin.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, PASSWORD, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, R, reviewApi } from "../support/review";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("finding 8: the audit trail records the server's request id, the client's apart", () => {
  it("a forged x-request-id never becomes an event's request_id; it is kept as client_request_id", async () => {
    const forged = "forged-by-the-client-0001";
    const caseId = await insertCase(t, ws);
    const note = await t.request({
      method: "POST",
      url: `${R}/cases/${caseId}/notes`,
      token: ws.tokens.analyst,
      body: { text: "nota" },
      headers: { "x-request-id": forged },
    });
    expect(note.statusCode).toBe(201);
    expect(note.headers["x-request-id"]).toBe(forged); // both sides can still quote the client's id
    const [created] = await eventsOf(t, ws.id, "note.created", caseId);
    expect(created!.request_id).toMatch(UUID);
    expect(created!.request_id).not.toBe(forged);
    expect(created!.client_request_id).toBe(forged);

    // a GET that records (the queue's export), and a sign-in, with the same forged id
    const exported = await t.request({
      method: "GET",
      url: `${R}/cases/export.csv`,
      token: ws.tokens.analyst,
      headers: { "x-request-id": forged },
    });
    expect(exported.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/authentication",
      payload: { username: ws.users.viewer.email, password: PASSWORD },
      headers: { "x-request-id": forged },
    });
    expect(signIn.statusCode).toBe(200);
    const rows = await t.services.database.query(
      "select type, request_id, client_request_id from audit_events where workspace_id = $1 and (request_id = $2 or client_request_id = $2)",
      [ws.id, forged],
    );
    const events = rows.rows as { type: string; request_id: string; client_request_id: string }[];
    expect(events.map((e) => e.type).sort()).toEqual(["cases.exported", "note.created", "session.started"]);
    for (const e of events) {
      expect(e.request_id).toMatch(UUID);
      expect(e.client_request_id).toBe(forged);
    }
    // each request its own server id
    expect(new Set(events.map((e) => e.request_id)).size).toBe(3);

    // the API shows both, as fields of their own
    const listed = (await api.get(`/audit-events?caseId=${caseId}&type=note.created`, ws.tokens.admin)).json();
    expect(listed.events[0]).toMatchObject({ requestId: created!.request_id, clientRequestId: forged });
    // without a client's id, there is none
    const plain = await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "outra" });
    expect(plain.statusCode).toBe(201);
    const [latest] = await eventsOf(t, ws.id, "note.created", caseId);
    expect(latest!.request_id).toBe(plain.headers["x-request-id"]);
    expect(latest!.client_request_id).toBeNull();
  });
});
