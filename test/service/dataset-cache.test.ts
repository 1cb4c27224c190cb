// The dataset cache (server/datasets/cache.ts): a workspace's later collections of a document reuse
// the modules' answers within each dataset's TTL; other workspaces do not see them; v2 `force`
// asks every source again; failures and the sandbox's documents about time are never kept.
// Provider calls are counted by wrapping the real sandbox provider (instrumentation, not a mock).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { countingSandboxProvider } from "../support/counting-provider";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { purgeExpired } from "../../server/datasets/cache";
import { makeCpf } from "../../lib/contract/documents";

const { provider: counting, calls } = countingSandboxProvider();
const callsFor = (document: string) => calls.filter((c) => c.document === document);

let t: TestService;
beforeAll(async () => {
  t = await startService({ provider: counting });
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

let seq = 0;
/** A fresh ordinary CPF (no sandbox behaviour) for each test. */
const freshCpf = () => makeCpf(`4${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq).padStart(2, "0")}`);

type ModuleEntry = { dataset: string; status: string; cache?: { fetchedAt: string; ageSeconds: number } };
type Enrichment = {
  id: string;
  status: string;
  outcome: string | null;
  modules: Record<string, ModuleEntry>;
  data?: Record<string, unknown>;
};

async function enrich(document: string, token = t.workspace.tokens.analyst): Promise<Enrichment> {
  const res = await t.request({ method: "POST", url: "/api/v3/enrichments", token, body: { document, profileId: "prf_person_complete" } });
  expect([200, 202]).toContain(res.statusCode);
  const id = res.json().id as string;
  return eventually(
    () => t.request({ method: "GET", url: `/api/v3/enrichments/${id}?include=data`, token }).then((r) => r.json() as Enrichment),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
}

type Verification = {
  id: string;
  status: string;
  result?: { execution: { cachedModules?: { module: string; dataset: string; fetchedAt: string; ageSeconds: number }[] } };
};

async function verify(nationalId: string, force?: boolean): Promise<Verification> {
  const token = t.workspace.tokens.analyst;
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token,
    body: { nationalId, profileId: "prf_kyc_person", verifications: force === undefined ? {} : { force } },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  return eventually(
    () => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token }).then((r) => r.json() as Verification),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );
}

describe("dataset cache", () => {
  it("a second enrichment of a document in the workspace asks no provider and says which modules came from the cache", async () => {
    const doc = freshCpf();
    const first = await enrich(doc);
    expect(first.status).toBe("COMPLETED");
    const modules = Object.keys(first.modules);
    expect(modules.length).toBeGreaterThanOrEqual(4);
    expect(callsFor(doc).length).toBe(modules.length);
    for (const m of Object.values(first.modules)) expect(m.cache).toBeUndefined();

    const second = await enrich(doc);
    expect(second.status).toBe("COMPLETED");
    expect(callsFor(doc).length).toBe(modules.length); // no new call
    for (const name of modules) {
      const entry = second.modules[name]!;
      expect(entry.cache, name).toBeDefined();
      expect(Date.parse(entry.cache!.fetchedAt)).toBeGreaterThan(0);
      expect(entry.cache!.ageSeconds).toBeGreaterThanOrEqual(0);
    }
    // the same data the source gave
    expect(second.data).toEqual(first.data);
  });

  it("another workspace's collection of the same document asks the provider again", async () => {
    const doc = freshCpf();
    await enrich(doc);
    const before = callsFor(doc).length;
    const other = await t.createWorkspace();
    const theirs = await enrich(doc, other.tokens.analyst);
    expect(theirs.status).toBe("COMPLETED");
    expect(callsFor(doc).length).toBe(before * 2);
    for (const m of Object.values(theirs.modules)) expect(m.cache).toBeUndefined();
  });

  it("v2 force asks every source again and refreshes the cache; without force the record lists the cached modules with their age", async () => {
    const doc = freshCpf();
    const first = await verify(doc);
    expect(first.status).toBe("COMPLETED");
    expect(first.result!.execution.cachedModules).toEqual([]);
    const asked = callsFor(doc).length;
    expect(asked).toBeGreaterThanOrEqual(3);

    const forced = await verify(doc, true);
    expect(forced.status).toBe("COMPLETED");
    expect(callsFor(doc).length).toBe(asked * 2);
    expect(forced.result!.execution.cachedModules).toEqual([]);

    const reused = await verify(doc, false);
    expect(callsFor(doc).length).toBe(asked * 2);
    const cached = reused.result!.execution.cachedModules!;
    expect(cached.map((c) => c.module).sort()).toEqual([...new Set(callsFor(doc).map((c) => c.module))].sort());
    // the forced verification's answers, not the first one's: it refreshed them
    const forcedAt = await t.services.db.execute(
      sql`select max(fetched_at) as at from dataset_cache where workspace_id = ${t.workspace.id} and document = ${doc}`,
    );
    const newest = new Date((forcedAt as unknown as { rows: { at: string }[] }).rows[0]!.at).getTime();
    for (const c of cached) expect(Math.abs(Date.parse(c.fetchedAt) - newest)).toBeLessThan(5_000);
  });

  it("an answer older than its dataset's TTL is asked again; the others still come from the cache", async () => {
    const doc = freshCpf();
    const first = await enrich(doc);
    const lawsuits = first.modules.lawsuits!.dataset;
    // lawsuits: 1 day by default; make its answer 25 hours old (its expiry left as written: the TTL in force decides)
    await t.services.db.execute(
      sql`update dataset_cache set fetched_at = now() - interval '25 hours' where workspace_id = ${t.workspace.id} and document = ${doc} and dataset = ${lawsuits}`,
    );
    const before = callsFor(doc).length;
    const second = await enrich(doc);
    expect(
      callsFor(doc)
        .slice(before)
        .map((c) => c.module),
    ).toEqual(["lawsuits"]);
    expect(second.modules.lawsuits!.cache).toBeUndefined();
    expect(second.modules.profile!.cache).toBeDefined();
  });

  it("a not-found answer is kept: the second enrichment completes subject_not_found without a call", async () => {
    const doc = sandboxDocumentFor("holder_not_found", "person")!.document;
    const first = await enrich(doc);
    expect(first.outcome).toBe("subject_not_found");
    const before = callsFor(doc).length;
    const second = await enrich(doc);
    expect(second.outcome).toBe("subject_not_found");
    expect(callsFor(doc).length).toBe(before);
    expect(second.modules.profile!.cache).toBeDefined();
  });

  it("failures and the sandbox's documents about time are never kept", async () => {
    const timing = sandboxDocumentFor("temporary_then_ok", "person")!.document;
    await enrich(timing);
    const before = callsFor(timing).length;
    await enrich(timing);
    // every module asked again, with its two temporary failures before the ok (3 calls each but profile)
    expect(callsFor(timing).length - before).toBe(before);

    const failing = sandboxDocumentFor("permanent_failure", "person")!.document;
    const failed = await enrich(failing);
    expect(failed.status).toBe("FAILED");
    const rows = await t.services.db.execute(
      sql`select dataset from dataset_cache where workspace_id = ${t.workspace.id} and document in (${timing}, ${failing})`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("expired answers are purged", async () => {
    const doc = freshCpf();
    await enrich(doc);
    await t.services.db.execute(sql`update dataset_cache set expires_at = now() - interval '1 second' where document = ${doc}`);
    expect(await purgeExpired(t.services.db)).toBeGreaterThanOrEqual(4);
    const left = await t.services.db.execute(sql`select 1 from dataset_cache where document = ${doc}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("dataset cache off", () => {
  let off: TestService;
  const { provider, calls: offCalls } = countingSandboxProvider();
  beforeAll(async () => {
    off = await startService({
      provider,
      env: { LUPA_DATASET_CACHE_TTL: "off" },
    });
  }, 300_000);
  afterAll(async () => {
    await off?.close();
  }, 120_000);

  it("LUPA_DATASET_CACHE_TTL=off keeps nothing and every enrichment asks its provider", async () => {
    const doc = freshCpf();
    for (let i = 0; i < 2; i++) {
      const res = await off.request({
        method: "POST",
        url: "/api/v3/enrichments",
        token: off.workspace.tokens.analyst,
        body: { document: doc, profileId: "prf_person_complete" },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(offCalls.filter((c) => c.document === doc).length).toBe(8);
    const rows = await off.services.db.execute(sql`select 1 from dataset_cache`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
