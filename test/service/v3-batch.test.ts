// POST /api/v3/enrichments/batch (spec 4.4, 2.5c, 7, 8): whole-request errors create nothing,
// per-item errors inside the 202 (in request order, 0-based index, document exactly as sent,
// messages without the document), metadata merge, Idempotency-Key replay, 500 items, and the
// separate batch queue that never slows interactive creation.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { enrichments, profiles } from "../../server/db/schema";

let t: TestService;
beforeAll(async () => {
  t = await startService();
  await t.services.db.insert(profiles).values([
    {
      id: `prf_broken_${t.workspace.id.slice(0, 8)}`,
      workspaceId: t.workspace.id,
      name: "Broken",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: { finance: { dataset: "person-finance-1.1" } },
    },
    {
      id: `prf_unpriced_${t.workspace.id.slice(0, 8)}`,
      workspaceId: t.workspace.id,
      name: "Unpriced",
      kind: "enrichment",
      entity: "person",
      billingAction: null,
      modules: { profile: { dataset: "person-profile-2.0" } },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const cpf = (n: number) => makeCpf(String(300000000 + n));
const CNPJ = makeCnpj("112223330001");
const URL = "/api/v3/enrichments/batch";
const post = (body: unknown, opts: { token?: string; key?: string; payload?: string } = {}) =>
  t.request({
    method: "POST",
    url: URL,
    token: opts.token ?? t.workspace.tokens.integration,
    ...(opts.payload !== undefined
      ? { payload: opts.payload, headers: { "content-type": "application/json", ...(opts.key ? { "idempotency-key": opts.key } : {}) } }
      : { body, headers: opts.key ? { "idempotency-key": opts.key } : {} }),
  });
const countEnrichments = async (workspaceId = t.workspace.id) => {
  const [row] = await t.services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(enrichments)
    .where(eq(enrichments.workspaceId, workspaceId));
  return row!.n;
};
const get = (id: string) => t.request({ method: "GET", url: `/api/v3/enrichments/${id}`, token: t.workspace.tokens.integration });

describe("whole-request errors create nothing", () => {
  const cases: [string, unknown, number, string, { key?: string; payload?: string; token?: string }?][] = [
    ["non-JSON body", null, 400, "invalid_body", { payload: "{not json" }],
    ["body not an object", [1, 2], 400, "invalid_body"],
    ["unknown field", { profileId: "prf_person_complete", items: [{ document: cpf(1) }], extra: 1 }, 400, "invalid_body"],
    ["unknown item field", { profileId: "prf_person_complete", items: [{ document: cpf(1), nationalId: cpf(1) }] }, 400, "invalid_body"],
    ["item not an object", { profileId: "prf_person_complete", items: [cpf(1)] }, 400, "invalid_body"],
    ["items not an array", { profileId: "prf_person_complete", items: { document: cpf(1) } }, 400, "invalid_body"],
    ["unknown option", { profileId: "prf_person_complete", items: [{ document: cpf(1) }], options: { fast: true } }, 400, "invalid_body"],
    ["metadata not an object", { profileId: "prf_person_complete", items: [{ document: cpf(1) }], metadata: "x" }, 400, "invalid_body"],
    ["profileId missing", { items: [{ document: cpf(1) }] }, 400, "profile_required"],
    ["items empty", { profileId: "prf_person_complete", items: [] }, 400, "batch_empty"],
    ["items missing", { profileId: "prf_person_complete" }, 400, "batch_empty"],
    [
      "501 items",
      { profileId: "prf_person_complete", items: Array.from({ length: 501 }, (_, i) => ({ document: cpf(i) })) },
      413,
      "batch_too_large",
    ],
    ["unknown profile", { profileId: "prf_nope", items: [{ document: cpf(1) }] }, 404, "profile_not_found"],
    ["verification profile", { profileId: "prf_kyc_person", items: [{ document: cpf(1) }] }, 422, "profile_kind_mismatch"],
    [
      "add-on not in profile",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], options: { modules: { finance: {} } } },
      422,
      "module_not_in_profile",
    ],
    [
      "callback over http",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], callback: { url: "http://example.com/hook" } },
      400,
      "invalid_callback",
    ],
    [
      "callback to a private address",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], callback: { url: "https://10.0.0.1/hook" } },
      400,
      "invalid_callback",
    ],
    [
      "reserved callback header",
      {
        profileId: "prf_person_complete",
        items: [{ document: cpf(1) }],
        callback: { url: "https://example.com/hook", headers: { Expect: "100-continue" } },
      },
      400,
      "invalid_callback",
    ],
    [
      "deadline below 1m",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], options: { deadline: "30s" } },
      400,
      "invalid_deadline",
    ],
    [
      "deadline malformed",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], options: { deadline: "soon" } },
      400,
      "invalid_deadline",
    ],
    [
      "Idempotency-Key too long",
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }] },
      400,
      "invalid_idempotency_key",
      { key: "k".repeat(256) },
    ],
  ];
  for (const [name, body, status, code, opts] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const before = await countEnrichments();
      const res = await post(body, opts);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).not.toContain(cpf(1));
      expect(await countEnrichments()).toBe(before);
    });
  }

  it("misconfigured and unpriced profiles: 422", async () => {
    const broken = await post({ profileId: `prf_broken_${t.workspace.id.slice(0, 8)}`, items: [{ document: cpf(1) }] });
    expect([broken.statusCode, broken.json().error.code]).toEqual([422, "profile_misconfigured"]);
    const unpriced = await post({ profileId: `prf_unpriced_${t.workspace.id.slice(0, 8)}`, items: [{ document: cpf(1) }] });
    expect([unpriced.statusCode, unpriced.json().error.code]).toEqual([422, "profile_not_billable"]);
  });

  it("no contract: 402 contract_required; contract without the action: 402 action_not_contracted", async () => {
    const none = await t.createWorkspace({ actions: null });
    const a = await post({ profileId: "prf_person_complete", items: [{ document: cpf(1) }] }, { token: none.tokens.integration });
    expect([a.statusCode, a.json().error.code]).toEqual([402, "contract_required"]);
    const partial = await t.createWorkspace({ actions: ["enrichment.person"] });
    const b = await post(
      { profileId: "prf_person_complete", items: [{ document: cpf(1) }], options: { modules: { financeAdvanced: {} } } },
      { token: partial.tokens.integration },
    );
    expect([b.statusCode, b.json().error.code]).toEqual([402, "action_not_contracted"]);
    expect(b.json().error.message).toContain("addon.financeAdvanced");
    expect(await countEnrichments(none.id)).toBe(0);
    expect(await countEnrichments(partial.id)).toBe(0);
  });

  it("needs enrichments:write (viewer 403) and a token (401)", async () => {
    expect(
      (await post({ profileId: "prf_person_complete", items: [{ document: cpf(1) }] }, { token: t.workspace.tokens.viewer })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: "POST", url: URL, body: { profileId: "prf_person_complete", items: [{ document: cpf(1) }] } })).statusCode,
    ).toBe(401);
  });
});

describe("per-item results", () => {
  it("creates the valid items and reports the others in request order", async () => {
    const masked = `${cpf(10).slice(0, 3)}.${cpf(10).slice(3, 6)}.${cpf(10).slice(6, 9)}-${cpf(10).slice(9)}`;
    const bad = cpf(11).slice(0, 10) + ((Number(cpf(11)[10]) + 1) % 10);
    const items = [
      { document: masked, metadata: { row: 1 } },
      { document: bad },
      { document: CNPJ },
      { document: cpf(10) }, // the same document as item 0, unmasked
      { document: cpf(12), metadata: "not an object" },
      { document: cpf(13), metadata: [1] },
      { document: 12345678901 },
      { metadata: { row: 8 } },
      { document: cpf(14) },
    ];
    const res = await post({ profileId: "prf_person_complete", items });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body.batchId).toMatch(/^bat_/);
    expect(body).toMatchObject({ total: 9, created: 2, failed: 7 });
    expect(body.items.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.items[0]).toEqual({ index: 0, id: expect.stringMatching(/^enr_/), document: masked });
    const codes = body.items.map((i: { error?: { code: string } }) => i.error?.code ?? null);
    expect(codes).toEqual([
      null,
      "invalid_document",
      "profile_entity_mismatch",
      "duplicate_in_request",
      "invalid_metadata",
      "invalid_metadata",
      "invalid_document",
      "invalid_document",
      null,
    ]);
    expect(body.items[1].document).toBe(bad);
    expect(body.items[2].document).toBe(CNPJ);
    expect(body.items[6].document).toBe(12345678901);
    expect(body.items[8]).toEqual({ index: 8, id: expect.stringMatching(/^enr_/), document: cpf(14) });
    for (const item of body.items.filter((i: { error?: unknown }) => i.error)) {
      expect(typeof item.error.message).toBe("string");
      for (const doc of [cpf(10), bad, CNPJ, cpf(12), cpf(13), masked]) expect(item.error.message).not.toContain(doc);
    }
    const first = (await get(body.items[0].id)).json();
    expect(first).toMatchObject({ id: body.items[0].id, document: cpf(10), lane: "batch", batchId: body.batchId, metadata: { row: 1 } });
  });

  it("all items refused: still 202 with created 0", async () => {
    const res = await post({ profileId: "prf_person_complete", items: [{ document: "123" }, { document: CNPJ }] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ total: 2, created: 0, failed: 2 });
  });

  it("merges batch and item metadata at the first level only", async () => {
    const res = await post({
      profileId: "prf_person_complete",
      metadata: { source: "crm", tags: { a: 1, b: 2 }, keep: true },
      items: [{ document: cpf(20), metadata: { tags: { c: 3 }, row: 1 } }, { document: cpf(21) }],
    });
    expect(res.statusCode).toBe(202);
    const [a, b] = res.json().items;
    expect((await get(a.id)).json().metadata).toEqual({ source: "crm", tags: { c: 3 }, keep: true, row: 1 });
    expect((await get(b.id)).json().metadata).toEqual({ source: "crm", tags: { a: 1, b: 2 }, keep: true });
  });

  it("applies options (add-on, deadline) to every item and runs them in the batch lane to completion", async () => {
    const res = await post({
      profileId: "prf_person_complete",
      items: [{ document: cpf(30) }, { document: cpf(31) }],
      options: { modules: { financeAdvanced: {} }, deadline: "10m" },
    });
    expect(res.statusCode).toBe(202);
    for (const item of res.json().items) {
      const done = await eventually(
        () => get(item.id).then((r) => r.json()),
        (e) => e.status === "COMPLETED" || e.status === "FAILED",
      );
      expect(done.status).toBe("COMPLETED");
      expect(done.lane).toBe("batch");
      expect(Object.keys(done.modules)).toContain("financeAdvanced");
      expect(Date.parse(done.deadline) - Date.parse(done.createdAt)).toBe(600_000);
    }
  });

  it("every item is listed with ?batchId=", async () => {
    const res = await post({ profileId: "prf_person_complete", items: Array.from({ length: 30 }, (_, i) => ({ document: cpf(100 + i) })) });
    const batch = res.json();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await t.request({
        method: "GET",
        url: `/api/v3/enrichments?batchId=${batch.batchId}&limit=7${cursor ? `&cursor=${cursor}` : ""}`,
        token: t.workspace.tokens.integration,
      });
      expect(page.statusCode).toBe(200);
      const json = page.json();
      for (const item of json.items) {
        expect(item.batchId).toBe(batch.batchId);
        seen.push(item.id);
      }
      cursor = json.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(batch.items.map((i: { id: string }) => i.id).sort());
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same body, with the resent documents", async () => {
    const key = randomUUID();
    const body = {
      profileId: "prf_person_complete",
      items: [{ document: cpf(40) }, { document: "bad" }, { document: cpf(41), metadata: { x: 1 } }],
      metadata: { m: 1 },
    };
    const first = await post(body, { key });
    expect(first.statusCode).toBe(202);
    const before = await countEnrichments();
    const again = await post(body, { key });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    // the same request with the documents masked: same ids, documents as resent
    const masked = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
    const resent = {
      ...body,
      items: [{ document: masked(cpf(40)) }, { document: "bad" }, { document: masked(cpf(41)), metadata: { x: 1 } }],
    };
    const third = await post(resent, { key });
    expect(third.statusCode).toBe(202);
    expect(third.json().batchId).toBe(first.json().batchId);
    expect(third.json().items.map((i: { id?: string }) => i.id)).toEqual(first.json().items.map((i: { id?: string }) => i.id));
    expect(third.json().items.map((i: { document: string }) => i.document)).toEqual([masked(cpf(40)), "bad", masked(cpf(41))]);
    expect(await countEnrichments()).toBe(before);
  });

  it("refuses the same key with a different body: 422 idempotency_key_reused", async () => {
    const key = randomUUID();
    expect((await post({ profileId: "prf_person_complete", items: [{ document: cpf(50) }] }, { key })).statusCode).toBe(202);
    const before = await countEnrichments();
    const res = await post({ profileId: "prf_person_complete", items: [{ document: cpf(51) }] }, { key });
    expect([res.statusCode, res.json().error.code]).toEqual([422, "idempotency_key_reused"]);
    expect(await countEnrichments()).toBe(before);
  });

  it("keys are per workspace and per route (a unit creation key does not collide)", async () => {
    const key = randomUUID();
    const other = await t.createWorkspace({ actions: ["enrichment.person"] });
    const a = await post({ profileId: "prf_person_complete", items: [{ document: cpf(60) }] }, { key });
    const b = await post({ profileId: "prf_person_complete", items: [{ document: cpf(60) }] }, { key, token: other.tokens.integration });
    expect(b.statusCode).toBe(202);
    expect(b.json().batchId).not.toBe(a.json().batchId);
    const unit = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: t.workspace.tokens.integration,
      headers: { "idempotency-key": key },
      body: { document: cpf(61), profileId: "prf_person_complete" },
    });
    expect([200, 202]).toContain(unit.statusCode);
  });
});

describe("500 items in the batch queue", () => {
  it("accepts 500 items, and an interactive enrichment created right after does not queue behind them", async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ document: cpf(1000 + i) }));
    const res = await post({ profileId: "prf_person_complete", items });
    expect(res.statusCode).toBe(202);
    const batch = res.json();
    expect(batch).toMatchObject({ total: 500, created: 500, failed: 0 });
    const unit = await t.request({
      method: "POST",
      url: "/api/v3/enrichments",
      token: t.workspace.tokens.integration,
      body: { document: cpf(5000), profileId: "prf_person_complete" },
    });
    expect([200, 202]).toContain(unit.statusCode);
    const done = await eventually(
      () =>
        t
          .request({ method: "GET", url: `/api/v3/enrichments/${unit.json().id}`, token: t.workspace.tokens.integration })
          .then((r) => r.json()),
      (e) => e.status === "COMPLETED",
      60_000,
    );
    expect(done.lane).toBe("interactive");
    // ordering, not timing: when the unit enrichment completed, batch items were still waiting
    // for their first worker, so it did not wait for the batch's queue
    const waiting = await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrichments)
      .where(
        and(
          eq(enrichments.batchId, batch.batchId),
          sql`exists (select 1 from collections c where c.id = ${enrichments.id} and c.status = 'CREATED')`,
        ),
      );
    expect(Number(waiting[0]!.n)).toBeGreaterThan(0);
  }, 120_000);
});
