// POST /api/v2/verifications/batch (spec 2.4, 4.2; issue 7 part 5): 202 {total, success, errors,
// items} keyed by nationalId as sent, per-item errors (invalid, wrong entity, repeated), one
// configuration for every item with faceRecognition and cnh ignored, the batch lane, every bad
// input, roles and workspace isolation, and 500 items that never delay unit creation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { formatDocument, makeCnpj, makeCpf } from "../../lib/contract/documents";
import { collections, moduleRuns, verifications } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
beforeAll(async () => {
  t = await startService();
  ws = await t.createWorkspace();
}, 180_000); // starting PGlite takes long on a busy machine
afterAll(async () => {
  await t?.close();
});

const cpf = (n: number) => makeCpf(String(530000000 + n * 13));
const URL = "/api/v2/verifications/batch";
const post = (body: unknown, token = ws.tokens.integration) => t.request({ method: "POST", url: URL, token, body });
const get = (id: string, token = ws.tokens.viewer) => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token });
const countRows = async (workspaceId = ws.id) => {
  const [row] = await t.services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(verifications)
    .where(eq(verifications.workspaceId, workspaceId));
  return Number(row!.n);
};

describe("POST /api/v2/verifications/batch", () => {
  it("answers 202 with items keyed by nationalId: {id} or {error}", async () => {
    const sent = [
      cpf(1),
      formatDocument(cpf(2)),
      "52998224726",
      "123",
      cpf(1).replace(/^(\d{3})/, "$1."),
      makeCnpj("112223330001"),
      cpf(3),
      cpf(3),
    ];
    const res = await post({ nationalId: sent, profileId: "prf_kyc_person", verifications: {} });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ total: 8, success: 3, errors: 5 });
    expect(Object.keys(body.items).sort()).toEqual([...sent.slice(0, 7), `${cpf(3)}#2`].sort());
    expect(body.items[cpf(1)]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(body.items[formatDocument(cpf(2))]).toEqual({ id: expect.any(String) });
    expect(body.items["52998224726"]).toEqual({ error: "nationalId is not a valid CPF or CNPJ (11 to 14 characters)" });
    expect(body.items["123"]).toEqual({ error: "nationalId is not a valid CPF or CNPJ (11 to 14 characters)" });
    expect(body.items[sent[4]!]).toEqual({ error: "nationalId repeats an earlier item of this batch; only the first is created" });
    expect(body.items[makeCnpj("112223330001")]).toEqual({ error: "The profile serves person documents" });
    expect(body.items[cpf(3)]).toEqual({ id: expect.any(String) });
    expect(body.items[`${cpf(3)}#2`]).toEqual({ error: "nationalId repeats an earlier item of this batch; only the first is created" });
    // messages never carry the document
    for (const item of Object.values(body.items) as { error?: string }[]) if (item.error) expect(item.error).not.toMatch(/\d{11}/);
    // every accepted id can be polled and completes
    for (const id of [body.items[cpf(1)].id, body.items[cpf(3)].id]) {
      const done = await eventually(
        () => get(id).then((r) => r.json()),
        (v) => v.status === "COMPLETED",
        60_000,
      );
      expect(done.profileId).toBe("prf_kyc_person");
      expect(done.person.profile.nationalId).toMatch(/^\d{11}$/);
    }
  });

  it("applies the configuration to every item on the batch lane; faceRecognition and cnh are ignored", async () => {
    const res = await post(
      {
        nationalId: [cpf(10), cpf(11)],
        profileId: "prf_kyc_person",
        verifications: {
          finance: { advanced: true },
          faceRecognition: { imageURL: "https://example.com/f.jpg", filename: "f.jpg" },
          cnh: { imageBase64: "aGVsbG8=" },
          source: "UI",
        },
        metadata: { lote: "2026-11" },
      },
      ws.tokens.analyst,
    );
    expect(res.statusCode).toBe(202);
    const ids = Object.values(res.json().items as Record<string, { id: string }>).map((i) => i.id);
    expect(ids).toHaveLength(2);
    const lanes = await t.services.db.select({ lane: collections.lane }).from(collections).where(inArray(collections.id, ids));
    expect(lanes.map((l) => l.lane)).toEqual(["batch", "batch"]);
    for (const id of ids) {
      const modules = await t.services.db.select({ module: moduleRuns.module }).from(moduleRuns).where(eq(moduleRuns.collectionId, id));
      expect(modules.map((m) => m.module)).toContain("financeAdvanced");
      const done = await eventually(
        () => get(id).then((r) => r.json()),
        (v) => v.status === "COMPLETED",
        60_000,
      );
      expect(done.verifications).toMatchObject({
        finance: { advanced: true },
        faceRecognition: null,
        cnh: null,
        source: "UI",
        profileId: "prf_kyc_person",
      });
      expect(done.person.financeAdvanced).toBeDefined();
      expect(done.userId).toBe(ws.users.analyst.id);
    }
  });

  it("runs the legacy flow without profileId, with CPFs and CNPJs mixed", async () => {
    const cnpj = makeCnpj("223334440001");
    const res = await post({ nationalId: [cpf(20), cnpj] });
    expect(res.json()).toMatchObject({ total: 2, success: 2, errors: 0 });
    const company = await eventually(
      () => get(res.json().items[cnpj].id).then((r) => r.json()),
      (v) => v.status === "COMPLETED",
      60_000,
    );
    expect(company.verification.version).toBe("v4");
    expect(company.verification.business.profile.nationalId).toBe(cnpj);
  });

  it("answers 202 with success 0 when every item fails, and creates nothing", async () => {
    const before = await countRows();
    const res = await post({ nationalId: ["11111111111", "abc"] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      total: 2,
      success: 0,
      errors: 2,
      items: { "11111111111": { error: expect.any(String) }, abc: { error: expect.any(String) } },
    });
    expect(await countRows()).toBe(before);
  });

  const bad: [string, unknown, string][] = [
    ["missing nationalId", { verifications: {} }, "nationalId: expected array"],
    ["empty nationalId", { nationalId: [] }, "nationalId: must hold at least one document"],
    ["501 documents", { nationalId: Array.from({ length: 501 }, (_, i) => cpf(i)) }, "nationalId: must hold at most 500 documents"],
    ["nationalId not an array", { nationalId: cpf(1) }, "nationalId: expected array"],
    ["a nationalId item not a string", { nationalId: [cpf(1), 5] }, "nationalId.1: expected string"],
    ["unknown field", { nationalId: [cpf(1)], items: [] }, "body: unknown field(s) items"],
    ["unknown verifications field", { nationalId: [cpf(1)], verifications: { colour: "red" } }, "verifications: unknown field(s) colour"],
    [
      "unknown profile",
      { nationalId: [cpf(1)], profileId: "prf_nope" },
      "profileId does not name an active scoring profile of this workspace",
    ],
    [
      "enrichment profile",
      { nationalId: [cpf(1)], profileId: "prf_person_complete" },
      "profileId does not name an active scoring profile of this workspace",
    ],
    [
      "module outside the profile",
      { nationalId: [cpf(1)], profileId: "prf_kyc_person", verifications: { modules: [{ name: "ownersLawsuits", enabled: true }] } },
      "Module ownersLawsuits is not in the profile's catalog",
    ],
    ["callback over http", { nationalId: [cpf(1)], callback: { url: "http://example.com/hook" } }, "callback.url must use https"],
    [
      "callback to a private address",
      { nationalId: [cpf(1)], callback: { url: "https://10.0.0.1/hook" } },
      "callback.url points to a refused destination",
    ],
    [
      "reserved callback header",
      { nationalId: [cpf(1)], callback: { url: "https://example.com/hook", headers: { "X-Service-Signature": "x" } } },
      'callback.headers: "X-Service-Signature" is reserved',
    ],
    [
      "callback method GET",
      { nationalId: [cpf(1)], callback: { url: "https://example.com/hook", method: "GET" } },
      'callback.method: Invalid option: expected one of "POST"|"PUT"',
    ],
    ["metadata not an object", { nationalId: [cpf(1)], metadata: "x" }, "metadata: expected record"],
    [
      "metadata over 16 kB",
      { nationalId: [cpf(1)], metadata: { blob: "x".repeat(17_000) } },
      "metadata: larger than 16384 bytes serialized",
    ],
  ];
  it.each(bad)("refuses %s with 400 and creates nothing", async (_name, body, message) => {
    const before = await countRows();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await countRows()).toBe(before);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: URL,
      token: ws.tokens.integration,
      payload: "[",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Body is not valid JSON" });
  });

  it("refuses a viewer with 403 and a missing token with 401; admin, analyst and integration may create", async () => {
    const res = await post({ nationalId: [cpf(30)] }, ws.tokens.viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Role viewer lacks permission verifications:write" });
    expect((await t.request({ method: "POST", url: URL, body: { nationalId: [cpf(30)] } })).statusCode).toBe(401);
    for (const role of ["admin", "analyst", "integration"] as const)
      expect((await post({ nationalId: [cpf(31)] }, ws.tokens[role])).statusCode).toBe(202);
  });

  it("creates in the caller's workspace only: another workspace cannot read the items", async () => {
    const res = await post({ nationalId: [cpf(40)] });
    const id = res.json().items[cpf(40)].id;
    const other = await t.createWorkspace();
    expect((await get(id, other.tokens.admin)).statusCode).toBe(404);
    const [row] = await t.services.db
      .select({ workspaceId: verifications.workspaceId })
      .from(verifications)
      .where(eq(verifications.id, id));
    expect(row!.workspaceId).toBe(ws.id);
  });
});

describe("500 items on the batch lane", () => {
  it("accepts 500 documents, and a unit verification created right after does not queue behind them", async () => {
    const laneWs = await t.createWorkspace();
    const docs = Array.from({ length: 500 }, (_, i) => makeCpf(String(540000000 + i * 7)));
    const res = await post({ nationalId: docs, profileId: "prf_kyc_person" }, laneWs.tokens.integration);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ total: 500, success: 500, errors: 0 });
    const batchIds = Object.values(res.json().items as Record<string, { id: string }>).map((i) => i.id);
    const unit = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: laneWs.tokens.integration,
      body: { nationalId: cpf(999), profileId: "prf_kyc_person", verifications: {} },
    });
    expect(unit.statusCode).toBe(201);
    await eventually(
      () => get(unit.json().id, laneWs.tokens.viewer).then((r) => r.json()),
      (v) => v.status === "COMPLETED",
      60_000,
    );
    const [lane] = await t.services.db.select({ lane: collections.lane }).from(collections).where(eq(collections.id, unit.json().id));
    expect(lane!.lane).toBe("interactive");
    // ordering, not timing: when the unit verification completed, batch items were still waiting
    // for their first worker, so it did not wait for the batch's queue
    const [waiting] = await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(collections)
      .where(and(inArray(collections.id, batchIds), eq(collections.status, "CREATED")));
    expect(Number(waiting!.n)).toBeGreaterThan(0);
  }, 120_000);
});
