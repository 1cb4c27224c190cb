// Reads of v3 enrichments (spec 2.5a, 4.4): GET with include variants, module data (409 / 404),
// the list with every filter, cursor paging, limit capping, every list error, and workspace
// isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { enrichments } from "../../server/db/schema";
import { insertCollection } from "../../server/engine/store";
import { newEnrichmentId } from "../../server/v3/enrichments/ids";
import { notifyRecordChanged } from "../../server/http/record-cache";

let t: TestService;
let other: TestWorkspace;
const CPF = makeCpf("529982247");
const CPF2 = makeCpf("111444777");
const CNPJ = makeCnpj("112223330001");
const SLOW_CPF = sandboxDocumentFor("slow", "person")!.document;

const post = (body: unknown, token = t.workspace.tokens.integration) =>
  t.request({ method: "POST", url: "/api/v3/enrichments", token, body });
const get = (url: string, token = t.workspace.tokens.viewer) => t.request({ method: "GET", url, token });

let full: string; // person complete with financeAdvanced, COMPLETED
let company: string;
let registry: string;
let running: string; // slow document, 202

beforeAll(async () => {
  t = await startService({ env: { LUPA_SYNC_WAIT_MS: "1000", LUPA_SANDBOX_SLOW_MS: "20000" } });
  other = await t.createWorkspace();
  full = (
    await post({ document: CPF, profileId: "prf_person_complete", options: { modules: { financeAdvanced: {} } }, metadata: { k: 1 } })
  ).json().id;
  company = (await post({ document: CNPJ, profileId: "prf_company_complete" })).json().id;
  registry = (await post({ document: CPF2, profileId: "prf_person_registry" })).json().id;
  const r = await post({ document: SLOW_CPF, profileId: "prf_person_complete" });
  expect(r.statusCode).toBe(202);
  running = r.json().id;
});
afterAll(async () => {
  await t?.close();
});

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
}

describe("GET /api/v3/enrichments/:id", () => {
  it("returns the root without data and without Retry-After when terminal", async () => {
    const res = await get(`/api/v3/enrichments/${full}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["retry-after"]).toBeUndefined();
    const e = res.json();
    expect(e.data).toBeUndefined();
    expect(e).toMatchObject({
      id: full,
      status: "COMPLETED",
      outcome: "ok",
      document: CPF,
      entity: "person",
      metadata: { k: 1 },
      lane: "interactive",
      recoveryRound: 0,
    });
    expect(e.modules.financeAdvanced).toEqual({
      dataset: "person-financeAdvanced-2.0",
      status: "ok",
      url: `/api/v3/enrichments/${full}/modules/financeAdvanced`,
    });
  });

  it("include=data gives every completed module's data; a list gives only those", async () => {
    const all = (await get(`/api/v3/enrichments/${full}?include=data`)).json();
    expect(Object.keys(all.data).sort()).toEqual(["finance", "financeAdvanced", "lawsuits", "profile", "related"]);
    const some = (await get(`/api/v3/enrichments/${full}?include=profile,lawsuits`)).json();
    expect(Object.keys(some.data).sort()).toEqual(["lawsuits", "profile"]);
    expect(some.data.profile).toEqual(all.data.profile);
    // a module outside the plan is simply absent
    const outside = (await get(`/api/v3/enrichments/${registry}?include=profile,finance`)).json();
    expect(Object.keys(outside.data)).toEqual(["profile"]);
  });

  it("include with an unknown module name is 400 invalid_body, as is an unknown parameter", async () => {
    expectError(await get(`/api/v3/enrichments/${full}?include=profile,nope`), 400, "invalid_body");
    expectError(await get(`/api/v3/enrichments/${full}?include=`), 400, "invalid_body");
    expectError(await get(`/api/v3/enrichments/${full}?foo=bar`), 400, "invalid_body");
  });

  it("carries Retry-After while not terminal; data only of completed modules", async () => {
    const res = await get(`/api/v3/enrichments/${running}?include=data`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().status).toBe("FETCHING");
    expect(res.json().completedAt).toBeNull();
    expect(res.json().outcome).toBeNull();
    expect(Object.keys(res.json().data)).toEqual(["profile"]);
  });

  it("404 not_found for unknown, malformed and other workspaces' ids", async () => {
    expectError(await get("/api/v3/enrichments/enr_000000000000000000000000"), 404, "not_found");
    expectError(await get("/api/v3/enrichments/not-an-id"), 404, "not_found");
    expectError(await get(`/api/v3/enrichments/${full}`, other.tokens.admin), 404, "not_found");
  });
});

describe("GET /api/v3/enrichments/:id/modules/:module", () => {
  it("returns the module data alone", async () => {
    const res = await get(`/api/v3/enrichments/${full}/modules/lawsuits`);
    expect(res.statusCode).toBe(200);
    const whole = (await get(`/api/v3/enrichments/${full}?include=lawsuits`)).json();
    expect(res.json()).toEqual(whole.data.lawsuits);
    expect(res.json()).toMatchObject({ dataset: "person-lawsuits-3.0", module: "lawsuits" });
  });

  it("409 module_not_ready while the module runs (with Retry-After)", async () => {
    const res = await get(`/api/v3/enrichments/${running}/modules/lawsuits`);
    expectError(res, 409, "module_not_ready");
    expect(res.headers["retry-after"]).toBe("5");
  });

  it("404 module_not_found outside the plan, 404 not_found for an unknown enrichment", async () => {
    expectError(await get(`/api/v3/enrichments/${registry}/modules/finance`), 404, "module_not_found");
    expectError(await get(`/api/v3/enrichments/${full}/modules/whatever`), 404, "module_not_found");
    expectError(await get("/api/v3/enrichments/enr_000000000000000000000000/modules/profile"), 404, "not_found");
    expectError(await get(`/api/v3/enrichments/${full}/modules/profile`, other.tokens.admin), 404, "not_found");
  });
});

describe("GET /api/v3/enrichments", () => {
  const ids = (res: { json(): unknown }) => (res.json() as { items: { id: string }[] }).items.map((i) => i.id);

  it("lists newest first, summaries without modules and data", async () => {
    const res = await get("/api/v3/enrichments");
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([running, registry, company, full]);
    expect(res.json().nextCursor).toBeNull();
    const item = res.json().items.find((i: { id: string }) => i.id === full);
    expect(item.modules).toBeUndefined();
    expect(item.data).toBeUndefined();
    expect(item).toMatchObject({
      id: full,
      status: "COMPLETED",
      outcome: "ok",
      document: CPF,
      profile: { id: "prf_person_complete" },
      lane: "interactive",
    });
  });

  it("filters by document (masked or not), profileId, entity, lane and batchId", async () => {
    expect(ids(await get(`/api/v3/enrichments?document=${CPF}`))).toEqual([full]);
    const masked = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
    expect(ids(await get(`/api/v3/enrichments?document=${encodeURIComponent(masked)}`))).toEqual([full]);
    expect(ids(await get("/api/v3/enrichments?profileId=prf_person_registry"))).toEqual([registry]);
    expect(ids(await get("/api/v3/enrichments?entity=company"))).toEqual([company]);
    expect(ids(await get("/api/v3/enrichments?entity=pj"))).toEqual([company]);
    expect(ids(await get("/api/v3/enrichments?entity=pf"))).toEqual([running, registry, full]);
    expect(ids(await get("/api/v3/enrichments?entity=person&profileId=prf_person_complete"))).toEqual([running, full]);
    expect(ids(await get("/api/v3/enrichments?lane=interactive"))).toHaveLength(4);
    expect(ids(await get("/api/v3/enrichments?lane=batch"))).toEqual([]);
    await t.services.db.update(enrichments).set({ batchId: "bat_test", lane: "batch" }).where(eq(enrichments.id, registry));
    // a terminal enrichment never changes: its JSON, stored when it ended (migration 0016), goes too
    await t.services.database.query("delete from enrichment_bodies where id = $1", [registry]);
    await notifyRecordChanged(t.services.db, registry); // a change by hand, made visible to the record cache
    // and dropped in this process at once, as the service's writers do: on PostgreSQL the
    // notification comes back through the LISTEN connection a little later, and the read below
    // sometimes came first (the cached record, without batchId)
    t.services.records.invalidate(registry);
    expect(ids(await get("/api/v3/enrichments?batchId=bat_test"))).toEqual([registry]);
    expect(ids(await get("/api/v3/enrichments?lane=batch"))).toEqual([registry]);
    expect((await get(`/api/v3/enrichments/${registry}`)).json()).toMatchObject({ batchId: "bat_test", lane: "batch" });
    await t.services.db.update(enrichments).set({ batchId: null, lane: "interactive" }).where(eq(enrichments.id, registry));
    await t.services.database.query("delete from enrichment_bodies where id = $1", [registry]);
    await notifyRecordChanged(t.services.db, registry);
    t.services.records.invalidate(registry);
  });

  it("filters by from (inclusive) and to (exclusive)", async () => {
    const items = (await get("/api/v3/enrichments")).json().items as { id: string; createdAt: string }[];
    const companyAt = items.find((i) => i.id === company)!.createdAt;
    expect(ids(await get(`/api/v3/enrichments?from=${companyAt}`))).toEqual([running, registry, company]);
    expect(ids(await get(`/api/v3/enrichments?to=${companyAt}`))).toEqual([full]);
    // the same instant written with a -03:00 offset
    const local = new Date(new Date(companyAt).getTime() - 3 * 3600_000).toISOString().slice(0, 23) + "-03:00";
    expect(ids(await get(`/api/v3/enrichments?from=${encodeURIComponent(local)}`))).toEqual([running, registry, company]);
  });

  it("pages with an opaque cursor; limit above 100 becomes 100", async () => {
    const page1 = await get("/api/v3/enrichments?limit=2");
    expect(ids(page1)).toEqual([running, registry]);
    expect(page1.json().nextCursor).toEqual(expect.any(String));
    const page2 = await get(`/api/v3/enrichments?limit=2&cursor=${page1.json().nextCursor}`);
    expect(ids(page2)).toEqual([company, full]);
    expect(page2.json().nextCursor).toBeNull();
    const filtered = await get("/api/v3/enrichments?limit=1&entity=person");
    const next = await get(`/api/v3/enrichments?limit=1&entity=person&cursor=${filtered.json().nextCursor}`);
    expect([...ids(filtered), ...ids(next)]).toEqual([running, registry]);
    expect((await get("/api/v3/enrichments?limit=1000")).statusCode).toBe(200);
  });

  it("caps limit at 100 and pages through many enrichments without loss or repeat", async () => {
    const ws = await t.createWorkspace();
    const created: string[] = [];
    // 5 through the API, concurrently (several may share a millisecond: ties are ordered by id),
    // and 100 written directly (not dispatched: they stay CREATED), to keep the test fast
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post({ document: CPF, profileId: "prf_person_registry" }, ws.tokens.integration)),
    );
    created.push(...responses.map((r) => r.json().id));
    await t.services.db.transaction(async (tx) => {
      const base = Date.now() - 60_000;
      for (let i = 0; i < 100; i++) {
        const id = newEnrichmentId();
        const at = new Date(base + Math.floor(i / 3)); // three per millisecond
        await tx.insert(enrichments).values({
          id,
          workspaceId: ws.id,
          userId: ws.users.integration.id,
          profileId: "prf_person_registry",
          profileName: "Pessoa física – cadastral",
          profileKind: "enrichment",
          entity: "person",
          document: CPF,
          lane: "interactive",
          metadata: {},
          createdAt: at,
        });
        await insertCollection(
          tx,
          {
            id,
            workspaceId: ws.id,
            owner: "enrichment",
            entity: "person",
            document: CPF,
            lane: "interactive",
            deadlineAt: null,
            modules: [{ module: "profile", dataset: "person-profile-1.0", version: "1.0", addon: false }],
          },
          at,
        );
        created.push(id);
      }
    });
    const first = await get("/api/v3/enrichments?limit=500", ws.tokens.viewer);
    expect(first.json().items).toHaveLength(100);
    const second = await get(`/api/v3/enrichments?limit=500&cursor=${first.json().nextCursor}`, ws.tokens.viewer);
    expect(second.json().items).toHaveLength(5);
    expect(second.json().nextCursor).toBeNull();
    const items = [...first.json().items, ...second.json().items] as { id: string; createdAt: string }[];
    expect(new Set(items.map((i) => i.id))).toEqual(new Set(created));
    const key = (i: { id: string; createdAt: string }) => [new Date(i.createdAt).getTime(), i.id] as const;
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [key(items[i - 1]!), key(items[i]!)];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])).toBe(true);
    }
    expect((await get("/api/v3/enrichments", ws.tokens.viewer)).json().items).toHaveLength(20);
  }, 60_000);

  it("answers every list error with its code", async () => {
    const cases: [string, string][] = [
      ["limit=0", "invalid_limit"],
      ["limit=-1", "invalid_limit"],
      ["limit=abc", "invalid_limit"],
      ["limit=1.5", "invalid_limit"],
      ["cursor=garbage", "invalid_cursor"],
      ["cursor=", "invalid_cursor"],
      ["from=2026-01-01", "invalid_from"],
      ["from=2026-02-30T00:00:00Z", "invalid_from"],
      ["from=2026-01-01T00:00:00", "invalid_from"],
      ["to=tomorrow", "invalid_to"],
      ["from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "invalid_date_range"],
      ["from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "invalid_date_range"],
      ["document=12345678900", "invalid_document"],
      ["entity=alien", "invalid_entity"],
      ["lane=fast", "invalid_body"],
      ["sort=asc", "invalid_body"],
    ];
    for (const [query, code] of cases) {
      const res = await get(`/api/v3/enrichments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe(code);
    }
  });

  it("refuses a cursor made by another secret or tampered", async () => {
    const page = (await get("/api/v3/enrichments?limit=1")).json().nextCursor as string;
    const tampered = page.slice(0, -2) + (page.endsWith("A") ? "BB" : "AA");
    expectError(await get(`/api/v3/enrichments?cursor=${tampered}`), 400, "invalid_cursor");
  });

  it("lists only the caller's workspace", async () => {
    const res = await get("/api/v3/enrichments", other.tokens.viewer);
    expect(res.json().items).toEqual([]);
    expect(ids(await get(`/api/v3/enrichments?document=${CPF}`, other.tokens.viewer))).toEqual([]);
  });
});
