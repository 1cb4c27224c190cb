// Decisions a reviewer can defend (issue 19), through the v2 feedback route (its own envelope) and
// bulk decide (per id, v3 codes): reasons required by requireReason, reasons outside the workspace's
// catalog refused, a reason removed from the catalog kept on old decisions; approving a flagged case
// needs acknowledgedFlags listing exactly its flags (400 naming them).
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
});
afterAll(async () => {
  await t?.close();
});

const feedback = (id: string, body: unknown, token = ws.tokens.analyst) =>
  t.request({ method: "POST", url: `/api/v2/verifications/${id}/feedbacks`, token, body });

describe("reasons", () => {
  it("offers the pt-BR catalog by default, with no reason required", async () => {
    const settings = (await api.get("/settings", ws.tokens.viewer)).json();
    expect(settings.reasons.REPROVED).toEqual([
      "Fraude confirmada",
      "Documento divergente",
      "Lista restritiva",
      "Óbito",
      "Situação cadastral irregular",
      "Risco de crédito",
      "Dados insuficientes",
    ]);
    expect(settings.reasons.WAIVED).toEqual(["Falso positivo", "Fora do escopo"]);
    expect(settings.reasons.STANDBY).toEqual(["Aguardando documento", "Em análise externa"]);
    expect(settings).toMatchObject({
      slaHours: 24,
      requireReason: [],
      fourEyes: { enabled: false, on: ["REPROVED", "flagged_approval"] },
      auditRetentionDays: 1826,
    });
    expect((await feedback(await insertCase(t, ws), { status: "REPROVED" })).statusCode).toBe(201);
  });

  it("refuses a decision without a required reason (400, naming the missing reason), on v2 and in bulk", async () => {
    expect((await api.put("/settings", ws.tokens.admin, { requireReason: ["REPROVED", "WAIVED"] })).statusCode).toBe(200);
    const id = await insertCase(t, ws);
    const res = await feedback(id, { status: "REPROVED", comment: "sem motivo" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringMatching(/^A reason is required for REPROVED: .*Fraude confirmada/) });
    expect((await feedback(id, { status: "WAIVED", reasons: [] })).statusCode).toBe(400);
    expect((await feedback(id, { status: "STANDBY" })).statusCode).toBe(201); // not required for STANDBY
    const bulk = (await api.post("/cases/bulk", ws.tokens.analyst, { ids: [id], action: "decide", status: "REPROVED" })).json();
    expect(bulk.results[0]).toEqual({ id, ok: false, error: { code: "reason_required", message: expect.stringContaining("REPROVED") } });
    expect((await feedback(id, { status: "REPROVED", reasons: ["Fraude confirmada"] })).statusCode).toBe(201);
    expect(await eventsOf(t, ws.id, "decision.created", id)).toHaveLength(2);
  });

  it("refuses reasons outside the catalog; a reason removed later stays on old decisions", async () => {
    const id = await insertCase(t, ws);
    const res = await feedback(id, { status: "REPROVED", reasons: ["Fraude confirmada", "inventado"] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "reasons.1 is not in the workspace's catalog of REPROVED reasons" });
    // a reason of another decision's catalog is outside this one's
    expect((await feedback(id, { status: "REPROVED", reasons: ["Falso positivo"] })).statusCode).toBe(400);
    expect((await feedback(id, { status: "REPROVED", reasons: ["Óbito"] })).statusCode).toBe(201);
    const catalog = (await api.get("/settings", ws.tokens.admin)).json().reasons.REPROVED.filter((r: string) => r !== "Óbito");
    expect((await api.put("/settings", ws.tokens.admin, { reasons: { REPROVED: catalog } })).json().reasons.REPROVED).not.toContain(
      "Óbito",
    );
    const history = (await t.request({ method: "GET", url: `/api/v2/verifications/${id}/feedbacks`, token: ws.tokens.viewer })).json();
    expect(history.feedbacks[0].reasons).toEqual(["Óbito"]);
    expect((await feedback(id, { status: "REPROVED", reasons: ["Óbito"] })).statusCode).toBe(400);
  });

  it("refuses settings that require a reason from an empty catalog, and keeps the rest on a partial PUT", async () => {
    expectError(
      await api.put("/settings", ws.tokens.admin, { reasons: { APPROVED: [] }, requireReason: ["APPROVED"] }),
      400,
      "invalid_body",
    );
    expectError(await api.put("/settings", ws.tokens.admin, { requireReason: ["NOTSTARTED"] }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.admin, { reasons: { REPROVED: ["a", "a"] } }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.admin, { slaHours: 721 }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.admin, { auditRetentionDays: 10 }), 400, "invalid_body");
    expectError(await api.put("/settings", ws.tokens.admin, { fourEyes: { on: ["ALWAYS"] } }), 400, "invalid_body");
    const after = (await api.put("/settings", ws.tokens.admin, { slaHours: 48 })).json();
    expect(after).toMatchObject({ slaHours: 48, requireReason: ["REPROVED", "WAIVED"], auditRetentionDays: 1826 });
    expect(after.reasons.REPROVED).not.toContain("Óbito");
    expect((await api.put("/settings", ws.tokens.admin, { requireReason: [], slaHours: 24 })).statusCode).toBe(200);
  });
});

describe("acknowledgedFlags", () => {
  it("refuses approving a flagged case without acknowledging exactly its flags (400 naming them)", async () => {
    const id = await insertCase(t, ws, { flags: ["restrictive_list", "low_score"], score: 350 });
    const none = await feedback(id, { status: "APPROVED", comment: "ok" });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/restrictive_list, low_score/);
    const partial = await feedback(id, { status: "APPROVED", acknowledgedFlags: ["low_score"] });
    expect(partial.json().error).toMatch(/missing: restrictive_list/);
    const extra = await feedback(id, { status: "APPROVED", acknowledgedFlags: ["low_score", "restrictive_list", "deceased"] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatch(/does not have: deceased/);
    expect((await feedback(id, { status: "APPROVED", acknowledgedFlags: ["unknown_flag"] })).statusCode).toBe(400);
    // other decisions need no acknowledgement
    expect((await feedback(id, { status: "STANDBY" })).statusCode).toBe(201);
    const ok = await feedback(id, { status: "APPROVED", comment: "conferido", acknowledgedFlags: ["low_score", "restrictive_list"] });
    expect(ok.statusCode).toBe(201);
    const event = (await eventsOf(t, ws.id, "decision.created", id))[0]!;
    expect(event.data).toMatchObject({
      status: "APPROVED",
      flags: ["restrictive_list", "low_score"],
      acknowledgedFlags: ["restrictive_list", "low_score"],
    });
  });

  it("answers flags_not_acknowledged per case in bulk", async () => {
    const flagged = await insertCase(t, ws, { flags: ["deceased"] });
    const clean = await insertCase(t, ws);
    const res = (await api.post("/cases/bulk", ws.tokens.analyst, { ids: [flagged, clean], action: "decide", status: "APPROVED" })).json();
    expect(res).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(res.results[0]).toEqual({
      id: flagged,
      ok: false,
      error: { code: "flags_not_acknowledged", message: expect.stringContaining("deceased") },
    });
    expect(res.results[1]).toEqual({ id: clean, ok: true, state: "effective" });
  });
});
