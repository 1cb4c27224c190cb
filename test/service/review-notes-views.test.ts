// Notes (issue 19) and saved views (issue 18). Notes: 1 to 4,000 characters, oldest first, edited
// by their author within 5 minutes (marked edited), never deleted, hidden by an admin with a
// reason (text null for others). Views: private or shared; the author or an admin deletes one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let caseId: string;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  api = reviewApi(t);
  caseId = await insertCase(t, ws);
});
afterAll(async () => {
  await t?.close();
});

describe("notes", () => {
  it("writes, lists oldest first, edits within 5 minutes (edited), hides with a reason", async () => {
    const first = await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "  primeira nota  " });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: "primeira nota",
      author: { id: ws.users.analyst.id },
      edited: false,
      hidden: false,
      editableUntil: expect.any(String),
    });
    const second = (await api.post(`/cases/${caseId}/notes`, ws.tokens.admin, { text: "segunda" })).json();
    const edited = await api.patch(`/cases/${caseId}/notes/${first.json().id}`, ws.tokens.analyst, { text: "primeira, corrigida" });
    expect(edited.json()).toMatchObject({ text: "primeira, corrigida", edited: true, editedAt: expect.any(String) });
    expectError(await api.patch(`/cases/${caseId}/notes/${second.id}`, ws.tokens.analyst, { text: "não é minha" }), 403, "forbidden");
    expectError(await api.post(`/cases/${caseId}/notes/${first.json().id}/hide`, ws.tokens.analyst, { reason: "x" }), 403, "forbidden");
    const hidden = await api.post(`/cases/${caseId}/notes/${first.json().id}/hide`, ws.tokens.admin, { reason: "dados pessoais" });
    expect(hidden.json()).toMatchObject({
      hidden: true,
      hiddenBy: { id: ws.users.admin.id },
      hiddenReason: "dados pessoais",
      text: "primeira, corrigida",
    });
    expectError(
      await api.post(`/cases/${caseId}/notes/${first.json().id}/hide`, ws.tokens.admin, { reason: "de novo" }),
      409,
      "note_not_editable",
    );
    expectError(await api.patch(`/cases/${caseId}/notes/${first.json().id}`, ws.tokens.analyst, { text: "x" }), 409, "note_not_editable");
    const forViewer = (await api.get(`/cases/${caseId}/notes`, ws.tokens.viewer)).json().notes;
    expect(forViewer.map((n: { text: string | null }) => n.text)).toEqual([null, "segunda"]);
    const forAdmin = (await api.get(`/cases/${caseId}/notes`, ws.tokens.admin)).json().notes;
    expect(forAdmin[0].text).toBe("primeira, corrigida");
  });

  it("refuses edits after 5 minutes", async () => {
    const note = (await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "antiga" })).json();
    await t.services.database.query("update case_notes set created_at = now() - interval '6 minutes' where id = $1", [note.id]);
    expectError(await api.patch(`/cases/${caseId}/notes/${note.id}`, ws.tokens.analyst, { text: "tarde" }), 409, "note_not_editable");
  });

  it("refuses bad input and unknown notes with their codes", async () => {
    expectError(await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "" }), 400, "invalid_body");
    expectError(await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "   " }), 400, "invalid_body");
    expectError(await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "x".repeat(4001) }), 400, "invalid_body");
    expect((await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: "x".repeat(4000) })).statusCode).toBe(201);
    expectError(await api.post(`/cases/${caseId}/notes`, ws.tokens.analyst, { text: 5 }), 400, "invalid_body");
    expectError(
      await api.patch(`/cases/${caseId}/notes/00000000-0000-4000-8000-000000000000`, ws.tokens.analyst, { text: "x" }),
      404,
      "not_found",
    );
    expectError(await api.post(`/cases/${caseId}/notes/nope/hide`, ws.tokens.admin, { reason: "x" }), 404, "not_found");
    expectError(
      await api.post(`/cases/${caseId}/notes/00000000-0000-4000-8000-000000000000/hide`, ws.tokens.admin, {}),
      400,
      "invalid_body",
    );
    // another case's note is not found under this case
    const other = await insertCase(t, ws);
    const note = (await api.post(`/cases/${other}/notes`, ws.tokens.analyst, { text: "outra" })).json();
    expectError(await api.patch(`/cases/${caseId}/notes/${note.id}`, ws.tokens.analyst, { text: "x" }), 404, "not_found");
  });
});

describe("saved views", () => {
  it("keeps private and shared views; the author or an admin deletes one", async () => {
    const mine = await api.post("/views", ws.tokens.analyst, {
      name: "Minha fila alta",
      filters: { assignee: "me", sort: "oldest", scoreLte: 399 },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      name: "Minha fila alta",
      shared: false,
      mine: true,
      filters: { assignee: "me", sort: "oldest", scoreLte: 399 },
    });
    const shared = (await api.post("/views", ws.tokens.analyst, { name: "Vencidos", filters: { sla: "breached" }, shared: true })).json();
    const viewerSees = (await api.get("/views", ws.tokens.viewer)).json().views;
    expect(viewerSees.map((v: { id: string; mine: boolean }) => [v.id, v.mine])).toEqual([[shared.id, false]]);
    expect((await api.get("/views", ws.tokens.analyst)).json().views).toHaveLength(2);
    expectError(await api.del(`/views/${mine.json().id}`, ws.tokens.viewer), 404, "not_found"); // private: not the viewer's to see
    expectError(await api.del(`/views/${shared.id}`, ws.tokens.viewer), 403, "forbidden");
    expect((await api.del(`/views/${shared.id}`, ws.tokens.admin)).statusCode).toBe(204);
    expect((await api.del(`/views/${mine.json().id}`, ws.tokens.analyst)).statusCode).toBe(204);
    expectError(await api.del(`/views/${mine.json().id}`, ws.tokens.analyst), 404, "not_found");
    const other = await t.createWorkspace();
    const foreign = (await api.post("/views", other.tokens.admin, { name: "x", filters: {}, shared: true })).json();
    expectError(await api.del(`/views/${foreign.id}`, ws.tokens.admin), 404, "not_found");
    expect((await api.get("/views", ws.tokens.admin)).json().views).toEqual([]);
  });

  it("refuses bad views with invalid_body", async () => {
    expectError(await api.post("/views", ws.tokens.analyst, { name: "", filters: {} }), 400, "invalid_body");
    expectError(await api.post("/views", ws.tokens.analyst, { name: "x" }), 400, "invalid_body");
    expectError(await api.post("/views", ws.tokens.analyst, { name: "x", filters: { unknown: 1 } }), 400, "invalid_body");
    expectError(await api.post("/views", ws.tokens.analyst, { name: "x", filters: { sort: "random" } }), 400, "invalid_body");
    expectError(await api.post("/views", ws.tokens.analyst, { name: "x".repeat(101), filters: {} }), 400, "invalid_body");
  });
});
