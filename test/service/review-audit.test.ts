// The audit trail (issue 19): every event type recorded once per action, with actor, workspace,
// case or entry, time, request id and a small JSON that never holds a full document; per-case
// events newest first with a type filter; the workspace's events (admins) with filters and a
// cursor; the CSV, in people's words by default (issue 29) and as codes. That the trail refuses
// changes, and the purge: audit-roles.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, PASSWORD, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, insertEnrichment, reviewApi } from "../support/review";
import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema";
import { formatDocument, makeCnpj, makeCpf } from "../../lib/contract/documents";
import { parseCsv } from "../../server/v2/blacklist/csv";
import { AUDIT_HEADER, inBrasilia, readSheet } from "../support/sheet";
import { AUDIT_EVENT_TYPES } from "../../lib/contract/review";

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

const v2 = (method: string, url: string, token: string, body?: unknown, payload?: string, headers?: Record<string, string>) =>
  t.request({ method, url, token, body, payload, headers });

/** The events of the workspace of a type, checked to be exactly one, by `actorId`, holding no full document. */
async function once(type: string, actorId: string | null, caseId?: string) {
  const events = await eventsOf(t, ws.id, type, caseId);
  expect(events, type).toHaveLength(1);
  const event = events[0]!;
  expect(event.actor_id).toBe(actorId);
  // no full document; ids are UUIDs, whose last group may be 12 digits by chance, so they go first
  const data = JSON.stringify(event.data).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>");
  expect(data).not.toMatch(/\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2}/);
  return event;
}

describe("every event type, once per action", () => {
  it("records sign-in, sign-out, decisions, assignment, notes, reveal, list changes, exports, report, settings", async () => {
    const admin = ws.users.admin;
    const analyst = ws.users.analyst;
    // session.started / session.ended
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/authentication",
      payload: { username: analyst.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await eventsOf(t, ws.id, "session.started")).filter((e) => e.actor_id === analyst.id).length).toBeGreaterThanOrEqual(1);
    const before = (await eventsOf(t, ws.id, "session.ended")).length;
    const logout = () =>
      t.app.inject({ method: "POST", url: "/api/v1/authentication/logout", payload: { refreshToken: signIn.json().refreshToken } });
    expect((await logout()).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(204); // ended already: nothing more recorded
    expect((await eventsOf(t, ws.id, "session.ended")).length).toBe(before + 1);

    // decision.created (and case.assigned to the decider)
    const id = await insertCase(t, ws);
    expect(
      (await v2("POST", `/api/v2/verifications/${id}/feedbacks`, ws.tokens.analyst, { status: "STANDBY", reasons: ["Em análise externa"] }))
        .statusCode,
    ).toBe(201);
    const decided = await once("decision.created", analyst.id, id);
    expect(decided.data).toMatchObject({ status: "STANDBY", reasons: ["Em análise externa"], flags: [] });
    expect(decided.request_id).toEqual(expect.any(String));
    await once("case.assigned", analyst.id, id);

    // note.created, note.edited, note.hidden
    const note = (await api.post(`/cases/${id}/notes`, ws.tokens.analyst, { text: "ligar para o titular" })).json();
    await api.patch(`/cases/${id}/notes/${note.id}`, ws.tokens.analyst, { text: "ligar para o titular amanhã" });
    await api.post(`/cases/${id}/notes/${note.id}/hide`, ws.tokens.admin, { reason: "dados pessoais" });
    await once("note.created", analyst.id, id);
    await once("note.edited", analyst.id, id);
    expect((await once("note.hidden", admin.id, id)).data).toMatchObject({ noteId: note.id, reason: "dados pessoais" });

    // document.revealed (masked in the event)
    await api.post(`/cases/${id}/reveal`, ws.tokens.viewer);
    expect((await once("document.revealed", ws.users.viewer.id, id)).data).toMatchObject({
      document: expect.stringMatching(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/),
      of: "holder",
    });

    // document.revealed of a v3 enrichment: the full document answered, the masked one recorded
    // with the enrichment's id in the event's data (its caseId and entryId are UUIDs)
    const enrichment = await insertEnrichment(t, ws);
    const revealed = await api.post(`/enrichments/${enrichment.id}/reveal`, ws.tokens.viewer);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({
      enrichmentId: enrichment.id,
      document: enrichment.document,
      formatted: formatDocument(enrichment.document),
    });
    const ofEnrichment = (await eventsOf(t, ws.id, "document.revealed")).filter((e) => e.data.enrichmentId === enrichment.id);
    expect(ofEnrichment).toHaveLength(1);
    expect(ofEnrichment[0]).toMatchObject({
      actor_id: ws.users.viewer.id,
      actor_email: ws.users.viewer.email,
      case_id: null,
      entry_id: null,
      request_id: expect.any(String),
      data: { document: `${enrichment.document.slice(0, 3)}.***.***-${enrichment.document.slice(9)}`, of: "enrichment" },
    });
    expect(JSON.stringify(ofEnrichment[0]!.data)).not.toContain(enrichment.document);
    // a company's (CNPJ) by the analyst, read back through the workspace's audit events
    const company = await insertEnrichment(t, ws, makeCnpj("112223330001"));
    expect((await api.post(`/enrichments/${company.id}/reveal`, ws.tokens.analyst)).json()).toMatchObject({
      formatted: formatDocument(company.document),
    });
    const listed = (await api.get("/audit-events?type=document.revealed", ws.tokens.admin)).json();
    const companyEvent = listed.events.find((e: { data: { enrichmentId?: string } }) => e.data.enrichmentId === company.id);
    expect(companyEvent).toMatchObject({
      actor: { id: analyst.id },
      caseId: null,
      entryId: null,
      data: { document: "11.222.***/****-" + company.document.slice(12), of: "enrichment" },
    });
    // the integration role reads enrichments, but not through the review API
    expectError(await api.post(`/enrichments/${company.id}/reveal`, ws.tokens.integration), 403, "forbidden");

    // restrictive_list.added / .removed / .imported / .exported, and the entry's reveal
    const listUrl = `/api/v2/blacklist?workspaceId=${ws.id}`;
    const doc = makeCpf("741852963");
    const added = await v2("POST", listUrl, ws.tokens.analyst, { nationalId: doc, reason: "fraude" });
    expect(added.statusCode).toBe(201);
    const addedEvent = await once("restrictive_list.added", analyst.id);
    expect(addedEvent.entry_id).toBe(added.json().id);
    await api.post(`/restrictive-list/${added.json().id}/reveal`, ws.tokens.analyst);
    expect((await eventsOf(t, ws.id, "document.revealed")).filter((e) => e.entry_id === added.json().id)).toHaveLength(1);
    expect((await v2("DELETE", `/api/v2/blacklist/${doc}?workspaceId=${ws.id}&reason=engano`, ws.tokens.analyst)).statusCode).toBe(204);
    expect((await once("restrictive_list.removed", analyst.id)).data).toMatchObject({ reason: "engano" });
    const csv = `nationalId,reason\n${makeCpf("963852741")},importado\n${makeCpf("852963741")},importado\n`;
    const imported = await v2("POST", `/api/v2/blacklist/import?workspaceId=${ws.id}`, ws.tokens.analyst, undefined, csv, {
      "content-type": "text/csv",
    });
    expect(imported.statusCode).toBe(200);
    expect((await once("restrictive_list.imported", analyst.id)).data).toEqual({ lines: 2, added: 2, invalid: 0 });
    expect(await eventsOf(t, ws.id, "restrictive_list.added")).toHaveLength(1); // the import is one event
    expect((await v2("GET", `/api/v2/blacklist/export?workspaceId=${ws.id}`, ws.tokens.viewer)).statusCode).toBe(200);
    await once("restrictive_list.exported", ws.users.viewer.id);
    // removal through the review route: the reason is required
    const entry = (await v2("GET", `/api/v2/blacklist?workspaceId=${ws.id}`, ws.tokens.viewer)).json().items[0];
    expectError(await api.post(`/restrictive-list/${entry.id}/remove`, ws.tokens.analyst, {}), 400, "invalid_body");
    expect((await api.post(`/restrictive-list/${entry.id}/remove`, ws.tokens.analyst, { reason: "prazo vencido" })).statusCode).toBe(204);
    expect(await eventsOf(t, ws.id, "restrictive_list.removed")).toHaveLength(2);
    expectError(await api.post(`/restrictive-list/${entry.id}/remove`, ws.tokens.analyst, { reason: "de novo" }), 404, "not_found");

    // cases.exported, report.downloaded, settings.changed, audit.exported
    expect((await api.get("/cases/export.csv?search=52998224725", ws.tokens.viewer)).statusCode).toBe(200);
    expect((await once("cases.exported", ws.users.viewer.id)).data).toMatchObject({ filters: { search: "[document]" }, truncated: false });
    expect((await v2("GET", `/api/v2/verifications/${id}/pdf`, ws.tokens.viewer)).statusCode).toBe(200);
    await once("report.downloaded", ws.users.viewer.id, id);
    await api.put("/settings", ws.tokens.admin, { slaHours: 12 });
    await api.put("/settings", ws.tokens.admin, { slaHours: 12 }); // no change: nothing recorded
    expect((await once("settings.changed", admin.id)).data).toEqual({ changes: { slaHours: { from: 24, to: 12 } } });
    expect((await api.get("/audit-events.csv", ws.tokens.admin)).statusCode).toBe(200);
    await once("audit.exported", admin.id);
  });

  it("records the four-eyes events and ai_summary.generated (tested in their own files) under these names", () => {
    expect(AUDIT_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        "decision.proposed",
        "decision.confirmed",
        "decision.overturned",
        "ai_summary.generated",
        "case.taken_over",
        "audit.purged",
      ]),
    );
  });
});

describe("reads", () => {
  it("answers a case's events newest first, filtered by type, to every reader; the workspace's to admins, with a cursor", async () => {
    const id = await insertCase(t, ws);
    await api.put(`/cases/${id}/assignee`, ws.tokens.analyst, { userId: ws.users.analyst.id });
    await api.post(`/cases/${id}/reveal`, ws.tokens.analyst);
    await api.post(`/cases/${id}/notes`, ws.tokens.analyst, { text: "a" });
    const events = (await api.get(`/cases/${id}/events`, ws.tokens.viewer)).json();
    expect(events.events.map((e: { type: string }) => e.type)).toEqual(["note.created", "document.revealed", "case.assigned"]);
    expect(events.events[0]).toMatchObject({
      caseId: id,
      actor: { id: ws.users.analyst.id, email: ws.users.analyst.email },
      requestId: expect.any(String),
    });
    const filtered = (await api.get(`/cases/${id}/events?type=document.revealed,case.assigned`, ws.tokens.viewer)).json();
    expect(filtered.events.map((e: { type: string }) => e.type)).toEqual(["document.revealed", "case.assigned"]);

    const first = (await api.get(`/audit-events?caseId=${id}&limit=2`, ws.tokens.admin)).json();
    expect(first.events).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await api.get(`/audit-events?caseId=${id}&limit=2&cursor=${first.nextCursor}`, ws.tokens.admin)).json();
    expect(second.events.map((e: { type: string }) => e.type)).toEqual(["case.assigned"]);
    expect(second.nextCursor).toBeNull();
    const byActor = (await api.get(`/audit-events?actorId=${ws.users.viewer.id}&type=document.revealed`, ws.tokens.admin)).json();
    expect(byActor.events.length).toBeGreaterThanOrEqual(1);
    expect(byActor.events.every((e: { actor: { id: string } }) => e.actor.id === ws.users.viewer.id)).toBe(true);
    const future = (await api.get(`/audit-events?from=${new Date(Date.now() + 60_000).toISOString()}`, ws.tokens.admin)).json();
    expect(future).toEqual({ events: [], nextCursor: null });
  });

  it("refuses bad filters with their codes", async () => {
    expectError(await api.get("/audit-events?type=nope", ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get("/audit-events?cursor=abc", ws.tokens.admin), 400, "invalid_cursor");
    expectError(await api.get("/audit-events?limit=201", ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get("/audit-events?actorId=x", ws.tokens.admin), 400, "invalid_parameter");
    expectError(
      await api.get("/audit-events?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", ws.tokens.admin),
      400,
      "invalid_date_range",
    );
    expectError(await api.get("/audit-events", ws.tokens.analyst), 403, "forbidden");
  });

  it("streams the CSV with format=codes as before: a BOM, ;, the codes and the data as JSON", async () => {
    const res = await api.get("/audit-events.csv?type=note.created&format=codes", ws.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const records = parseCsv(res.body).map((r) => r.fields);
    expect(records[0]).toEqual([
      "id",
      "criado_em",
      "tipo",
      "ator_id",
      "ator_email",
      "caso_id",
      "entrada_id",
      "request_id",
      "request_id_cliente",
      "dados",
    ]);
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(records.slice(1).every((r) => r[2] === "note.created")).toBe(true);
    expect(records[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(JSON.parse(records[1]![9]!)).toMatchObject({ noteId: expect.any(String) });
  });

  it("streams the CSV in people's words by default: types, actors, decisions, reasons, flags and documents in columns, Brasília dates, the JSON last", async () => {
    const own = await t.createWorkspace();
    await t.services.db.update(users).set({ name: "Daniela Analista" }).where(eq(users.id, own.users.analyst.id));
    const id = await insertCase(t, own, { flags: ["restrictive_list", "low_score"] });
    const decided = await t.request({
      method: "POST",
      url: `/api/v2/verifications/${id}/feedbacks`,
      token: own.tokens.analyst,
      body: {
        status: "APPROVED",
        reasons: ["Dados conferidos", "Documentação validada"],
        acknowledgedFlags: ["low_score", "restrictive_list"],
      },
    });
    expect(decided.statusCode).toBe(201);
    const doc = makeCpf("369258147");
    const listUrl = `/api/v2/blacklist?workspaceId=${own.id}`;
    expect(
      (await t.request({ method: "POST", url: listUrl, token: own.tokens.analyst, body: { nationalId: doc, reason: "fraude" } }))
        .statusCode,
    ).toBe(201);
    const removed = await t.request({
      method: "DELETE",
      url: `/api/v2/blacklist/${doc}?workspaceId=${own.id}&reason=${encodeURIComponent("engano;=corrigido")}`,
      token: own.tokens.analyst,
    });
    expect(removed.statusCode).toBe(204);

    const res = await api.get("/audit-events.csv", own.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const { header, records } = readSheet(res.body);
    expect(header).toEqual(AUDIT_HEADER);
    const byType = new Map(records.map((r) => [r.tipo_codigo, r]));
    // the same instants through the JSON route, written independently with Intl
    const json = (await api.get("/audit-events?limit=200", own.tokens.admin)).json().events as Array<{ type: string; createdAt: string }>;
    const at = (type: string) => inBrasilia(json.find((e) => e.type === type)!.createdAt);

    const decision = byType.get("decision.created")!;
    expect(decision).toMatchObject({
      criado_em: at("decision.created"),
      tipo: "Decisão registrada",
      ator: "Daniela Analista",
      ator_email: own.users.analyst.email,
      ator_id: own.users.analyst.id,
      caso_id: id,
      decisao: "Aprovada",
      decisao_codigo: "APPROVED",
      motivos: "Dados conferidos; Documentação validada",
      sinalizadores_confirmados: "Lista restritiva, Score abaixo de 400",
      sinalizadores_confirmados_codigos: "restrictive_list,low_score",
      documento: "",
    });
    expect(decision.criado_em).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(JSON.parse(decision.dados!)).toMatchObject({ status: "APPROVED", reasons: ["Dados conferidos", "Documentação validada"] });
    expect(byType.get("restrictive_list.removed")).toMatchObject({
      tipo: "Removido da lista restritiva",
      ator: "Daniela Analista",
      decisao: "",
      documento: `${doc.slice(0, 3)}.***.***-${doc.slice(9)}`,
      motivo: "engano;'=corrigido",
    });
    expect(byType.get("session.started")).toMatchObject({ tipo: "Sessão iniciada", tipo_codigo: "session.started" });
    expect(res.body).not.toContain(doc);
  });

  it("refuses a CSV format other than labels or codes", async () => {
    expectError(await api.get("/audit-events.csv?format=json", ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get("/audit-events.csv?format=", ws.tokens.admin), 400, "invalid_parameter");
  });
});
