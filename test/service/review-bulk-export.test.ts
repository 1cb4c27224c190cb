// Bulk work and the CSV export (issue 18): bulk assign and decide with good and bad ids (each case
// on its own, a result per id, one bad id never fails the others); export.csv read back by a CSV
// parser: BOM, ";", a header, documents masked, no cell that starts a formula (also after a
// separator inside a cell), the list's filters and sort; in people's words by default (pt-BR
// headers and labels beside the codes, Brasília dates; issue 29) and as codes with format=codes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { parseCsv } from "../../server/v2/blacklist/csv";
import { readSheet } from "../support/sheet";
import { eq } from "drizzle-orm";
import { makeCpf } from "../../lib/contract/documents";
import { neutralise } from "../../lib/contract/format/csv";
import { users } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
});
afterAll(async () => {
  await t?.close();
});

describe("POST /api/review/v1/cases/bulk", () => {
  it("assigns each good id and answers each bad one, in request order", async () => {
    const a = await insertCase(t, ws);
    const b = await insertCase(t, ws);
    const theirs = await insertCase(t, ws, { assigneeId: ws.users.admin.id });
    const foreign = await insertCase(t, other);
    const unknown = randomUUID();
    const res = await api.post("/cases/bulk", ws.tokens.analyst, {
      ids: [a, "nope", foreign, b, theirs, unknown, a],
      action: "assign",
      userId: ws.users.analyst.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 7,
      succeeded: 2,
      failed: 5,
      results: [
        { id: a, ok: true },
        { id: "nope", ok: false, error: { code: "not_found", message: "case not found" } },
        { id: foreign, ok: false, error: { code: "not_found", message: "case not found" } },
        { id: b, ok: true },
        { id: theirs, ok: false, error: { code: "forbidden", message: expect.any(String) } },
        { id: unknown, ok: false, error: { code: "not_found", message: "case not found" } },
        { id: a, ok: false, error: { code: "duplicate_in_request", message: expect.any(String) } },
      ],
    });
    expect(await eventsOf(t, ws.id, "case.assigned", a)).toHaveLength(1);
    expect((await api.get(`/cases/${theirs}`, ws.tokens.viewer)).json().assignee.id).toBe(ws.users.admin.id);
    const bad = (await api.post("/cases/bulk", ws.tokens.analyst, { ids: [a], action: "assign", userId: ws.users.viewer.id })).json();
    expect(bad.results[0].error.code).toBe("invalid_assignee");
  });

  it("decides each case with a feedback of its own; a case that cannot be decided fails alone", async () => {
    const a = await insertCase(t, ws);
    const b = await insertCase(t, ws, { status: "FAILED" });
    const running = await insertCase(t, ws, { status: "PROCESSING" });
    const res = (
      await api.post("/cases/bulk", ws.tokens.analyst, {
        ids: [a, running, b],
        action: "decide",
        status: "WAIVED",
        reasons: ["Fora do escopo"],
        comment: "lote",
      })
    ).json();
    expect(res).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(res.results[1]).toEqual({ id: running, ok: false, error: { code: "conflict", message: expect.stringContaining("PROCESSING") } });
    for (const id of [a, b]) {
      const history = (await t.request({ method: "GET", url: `/api/v2/verifications/${id}/feedbacks`, token: ws.tokens.viewer })).json();
      expect(history.feedbacks).toHaveLength(1);
      expect(history.feedbacks[0]).toMatchObject({
        status: "WAIVED",
        reasons: ["Fora do escopo"],
        comment: "lote",
        userId: ws.users.analyst.id,
      });
      expect(await eventsOf(t, ws.id, "decision.created", id)).toHaveLength(1);
    }
    const record = (await t.request({ method: "GET", url: `/api/v2/verifications/${a}`, token: ws.tokens.viewer })).json();
    expect(record.feedbackStatus).toBe("WAIVED");
  });

  it("refuses a bad request as a whole with its code", async () => {
    const id = await insertCase(t, ws);
    expectError(await api.post("/cases/bulk", ws.tokens.analyst, { ids: [], action: "assign", userId: null }), 400, "invalid_body");
    expectError(
      await api.post("/cases/bulk", ws.tokens.analyst, { ids: Array(101).fill(id), action: "assign", userId: null }),
      400,
      "invalid_body",
    );
    expectError(await api.post("/cases/bulk", ws.tokens.analyst, { ids: [id], action: "close" }), 400, "invalid_body");
    expectError(
      await api.post("/cases/bulk", ws.tokens.analyst, { ids: [id], action: "decide", status: "NOTSTARTED" }),
      400,
      "invalid_body",
    );
    expectError(
      await api.post("/cases/bulk", ws.tokens.analyst, { ids: [id], action: "decide", status: "APPROVED", userId: null }),
      400,
      "invalid_body",
    );
    expectError(await api.post("/cases/bulk", ws.tokens.viewer, { ids: [id], action: "assign", userId: null }), 403, "forbidden");
  });
});

describe("GET /api/review/v1/cases/export.csv", () => {
  it("answers, by default, pt-BR headers, labels beside their codes and dates as DD/MM/AAAA HH:MM in Brasília time", async () => {
    const exp = await t.createWorkspace();
    await t.services.db.update(users).set({ name: "Daniela Analista" }).where(eq(users.id, exp.users.analyst.id));
    const at = new Date("2026-12-05T23:38:52Z"); // 20:38 of the 5th in Brasília
    const decided = await insertCase(t, exp, {
      name: "Rita de Cássia",
      createdAt: at,
      feedbackStatus: "REPROVED",
      firstDecidedAt: new Date(at.getTime() + 3600_000),
      flags: ["restrictive_list", "low_score"],
      assigneeId: exp.users.analyst.id,
    });
    const failed = await insertCase(t, exp, { status: "FAILED", score: null, createdAt: new Date("2026-01-01T02:59:00Z") });
    const res = await api.get("/cases/export.csv?sort=oldest", exp.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const { header, rows } = readSheet(res.body);
    expect(header).toEqual([
      "id",
      "nome",
      "documento",
      "situacao",
      "situacao_codigo",
      "score",
      "decisao",
      "decisao_codigo",
      "responsavel",
      "responsavel_email",
      "atribuido_em",
      "decidivel_desde",
      "prazo_sla",
      "situacao_sla",
      "situacao_sla_codigo",
      "sinalizadores",
      "sinalizadores_codigos",
      "aguardando_2a_revisao",
      "criado_em",
    ]);
    const read = (row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(rows.map((r) => r[0])).toEqual([failed, decided]);
    expect(read(rows[1]!)).toEqual({
      id: decided,
      nome: "Rita de Cássia",
      documento: expect.stringMatching(/^\d{3}\.\*{3}\.\*{3}-\d{2}$/),
      situacao: "Concluída",
      situacao_codigo: "COMPLETED",
      score: "800",
      decisao: "Reprovada",
      decisao_codigo: "REPROVED",
      responsavel: "Daniela Analista",
      responsavel_email: exp.users.analyst.email,
      atribuido_em: "05/12/2026 20:38",
      decidivel_desde: "05/12/2026 20:38",
      prazo_sla: "06/12/2026 20:38",
      situacao_sla: "Decidido no prazo",
      situacao_sla_codigo: "met",
      sinalizadores: "Lista restritiva, Score abaixo de 400",
      sinalizadores_codigos: "restrictive_list,low_score",
      aguardando_2a_revisao: "não",
      criado_em: "05/12/2026 20:38",
    });
    // 02:59 UTC on New Year's Day is still the last day of the year before in Brasília
    expect(read(rows[0]!)).toMatchObject({
      situacao: "Falhou",
      situacao_codigo: "FAILED",
      score: "",
      decisao: "Sem decisão",
      decisao_codigo: "NOTSTARTED",
      responsavel: "",
      responsavel_email: "",
      atribuido_em: "",
      sinalizadores: "",
      criado_em: "31/12/2025 23:59",
    });
  });

  it("refuses a format other than labels or codes", async () => {
    expectError(await api.get("/cases/export.csv?format=xlsx", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases/export.csv?format=", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases/export.csv?format=CODES", ws.tokens.viewer), 400, "invalid_parameter");
  });

  it("answers with format=codes the shape integrations read: codes and ISO 8601 instants in UTC, masked and formula-safe", async () => {
    const exp = await t.createWorkspace();
    const doc = makeCpf("529982247");
    const names = ['=HYPERLINK("http://x";"y")', "+5511999", "-1+1", "@SUM(A1)", "Ana;=1+1", 'Maria "Bia"\nSilva', "João\t=2", "Zé"];
    const ids = [];
    for (const [i, name] of names.entries())
      ids.push(
        await insertCase(t, exp, {
          name,
          nationalId: i === 0 ? doc : undefined,
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
          flags: i === 1 ? ["low_score", "deceased"] : [],
        }),
      );
    await insertCase(t, exp, { status: "PROCESSING" });
    const res = await api.get("/cases/export.csv?status=COMPLETED&sort=oldest&format=codes", exp.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="casos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["x-export-truncated"]).toBe("false");
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body).not.toContain(doc);
    const rows = parseCsv(res.body).map((r) => r.fields);
    expect(rows[0]).toEqual([
      "id",
      "nome",
      "documento",
      "status",
      "score",
      "decisao",
      "responsavel",
      "atribuido_em",
      "decidivel_desde",
      "prazo_sla",
      "situacao_sla",
      "sinalizadores",
      "aguardando_2a_revisao",
      "criado_em",
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual([...ids].reverse()); // oldest first
    for (const row of body) {
      expect(row).toHaveLength(14);
      for (const cell of row) {
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell).not.toMatch(/[;\t\r\n,][=+\-@]/);
      }
    }
    const byId = new Map(body.map((r) => [r[0], r]));
    expect(byId.get(ids[0])![1]).toBe(`'=HYPERLINK("http://x";"y")`); // a quote after ";" starts no formula
    expect(byId.get(ids[0])![2]).toBe("529.***.***-25");
    expect(byId.get(ids[4])![1]).toBe("Ana;'=1+1");
    expect(byId.get(ids[5])![1]).toBe('Maria "Bia"\nSilva');
    expect(byId.get(ids[6])![1]).toBe("João\t'=2");
    expect(byId.get(ids[1])![11]).toBe("deceased,low_score");
    expect(byId.get(ids[7])).toEqual(expect.arrayContaining(["Zé", "COMPLETED", "800", "NOTSTARTED", "ok", "não"]));
    expect(byId.get(ids[7])![13]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("neutralises formula characters at the start and after a separator, tab, CR or LF", () => {
    expect(neutralise("=1")).toBe("'=1");
    expect(neutralise("a;+1")).toBe("a;'+1");
    expect(neutralise("a\n@x")).toBe("a\n'@x");
    expect(neutralise("a\r-1")).toBe("a\r'-1");
    expect(neutralise("\t=1")).toBe("'\t'=1");
    expect(neutralise("Ana-Maria")).toBe("Ana-Maria");
  });

  it("pages past 1,000 rows in order without repeating or skipping one", async () => {
    const big = await t.createWorkspace();
    const now = Date.now();
    const { verifications } = await import("../../server/db/schema");
    await t.services.db.insert(verifications).values(
      Array.from({ length: 2100 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: big.id,
        userId: big.users.analyst.id,
        profileId: "prf_kyc_person",
        nationalId: makeCpf(String(200000000 + i)),
        entity: "person",
        status: "COMPLETED",
        config: {},
        score: i % 1000,
        // many rows share a millisecond: the keyset must tell them apart
        createdAt: new Date(now - Math.floor(i / 3)),
        reviewStartedAt: new Date(now),
      })),
    );
    for (const sort of ["newest", "score_desc"]) {
      const rows = parseCsv((await api.get(`/cases/export.csv?sort=${sort}`, big.tokens.viewer)).body).slice(1);
      expect(rows).toHaveLength(2100);
      expect(new Set(rows.map((r) => r.fields[0])).size).toBe(2100);
    }
    const [header, ...sorted] = parseCsv((await api.get("/cases/export.csv?sort=score_asc", big.tokens.viewer)).body).map((r) => r.fields);
    const scores = sorted.map((r) => Number(r[header!.indexOf("score")]));
    expect(scores).toHaveLength(2100);
    expect(scores).toEqual([...scores].sort((x, y) => x - y));
  });

  it("refuses bad filters", async () => {
    expectError(await api.get("/cases/export.csv?page=2", ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get("/cases/export.csv?scoreGte=x", ws.tokens.viewer), 400, "invalid_parameter");
  });
});
