// The lawsuit network (spec 2.5a, 4.4; decisions in docs/decisions.md): nodes from the related
// module with the counters and indicators of each related document's lawsuits, the node route
// with the complete list behind an opaque ref, every skipped reason, and 404s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { eventually, startService, type TestService } from "../support/harness";
import { makeCpf } from "../../lib/contract/documents";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { lawsuitNetworks, profiles } from "../../server/db/schema";

let t: TestService;
const suffix = () => t.workspace.id.slice(0, 8);
beforeAll(async () => {
  t = await startService();
  await t.services.db.insert(profiles).values([
    {
      id: `prf_nolaw_${suffix()}`,
      workspaceId: t.workspace.id,
      name: "Related only",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: { profile: { dataset: "person-profile-2.0" }, related: { dataset: "person-related-1.1" } },
    },
    {
      id: `prf_oldlaw_${suffix()}`,
      workspaceId: t.workspace.id,
      name: "Legacy lawsuits",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: {
        profile: { dataset: "person-profile-2.0" },
        lawsuits: { dataset: "person-lawsuits-1.0" },
        related: { dataset: "person-related-2.0" },
      },
    },
    {
      id: `prf_v2_${suffix()}`,
      workspaceId: t.workspace.id,
      name: "Lawsuits 2.0, related 1.0",
      kind: "enrichment",
      entity: "person",
      billingAction: "enrichment.person",
      modules: {
        profile: { dataset: "person-profile-2.0" },
        lawsuits: { dataset: "person-lawsuits-2.0" },
        related: { dataset: "person-related-1.0" },
      },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const LARGE_PERSON = sandboxDocumentFor("large_network", "person")!.document;
const LARGE_COMPANY = sandboxDocumentFor("large_network", "company")!.document;
const token = () => t.workspace.tokens.integration;
const get = (url: string, tk = token()) => t.request({ method: "GET", url, token: tk });
const network = (id: string, tk?: string) => get(`/api/v3/enrichments/${id}/modules/lawsuits/network`, tk);
const node = (id: string, ref: string, tk?: string) => get(`/api/v3/enrichments/${id}/modules/lawsuits/network/nodes/${ref}`, tk);

async function enrich(document: string, profileId: string): Promise<string> {
  const res = await t.request({ method: "POST", url: "/api/v3/enrichments", token: token(), body: { document, profileId } });
  expect([200, 202]).toContain(res.statusCode);
  const id = res.json().id as string;
  await eventually(
    () => get(`/api/v3/enrichments/${id}`).then((r) => r.json()),
    (e) => e.status === "COMPLETED" || e.status === "FAILED",
  );
  return id;
}

describe("ok network", () => {
  let id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON
  let nodes: Record<string, any>;
  beforeAll(async () => {
    id = await enrich(LARGE_PERSON, "prf_person_complete");
  });

  it("has one node per related document with counters, indicators, relations and query status", async () => {
    const res = await network(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    nodes = body.nodes;
    const keys = Object.keys(nodes);
    expect(keys.length).toBeGreaterThanOrEqual(25);
    const related = (await get(`/api/v3/enrichments/${id}/modules/related`)).json().related;
    const shown = [
      ...related.personal,
      ...related.business.ownerships,
      ...related.business.employments,
      ...related.business.representations,
    ].map((n: { document: string }) => n.document);
    expect(new Set(keys)).toEqual(new Set(shown));
    expect(keys).not.toContain(LARGE_PERSON);
    let withLawsuits = 0;
    for (const [document, n] of Object.entries(nodes)) {
      expect(n.ref).toMatch(/^nod_[A-Za-z0-9_-]{22}$/);
      expect(n.ref).not.toContain(document);
      expect(typeof n.name).toBe("string");
      expect(["person", "company"]).toContain(n.entity);
      expect(n.relations.length).toBeGreaterThan(0);
      for (const r of n.relations) expect(["kinship", "partnership", "employment", "representation"]).toContain(r.relation);
      expect(n.query).toEqual({ status: "ok", dataset: `${n.entity}-lawsuits-3.0` });
      expect(n.lawsuits.items).toBeUndefined();
      expect(typeof n.lawsuits.counters.total).toBe("number");
      expect(n.lawsuits.indicators.activeAsDefendant).toEqual({ risky: expect.any(Boolean), value: expect.any(Number) });
      if (n.lawsuits.counters.total > 0) withLawsuits++;
    }
    expect(withLawsuits).toBeGreaterThan(keys.length / 2);
    expect(new Set(Object.values(nodes).map((n) => n.ref)).size).toBe(keys.length);
  });

  it("is stored: a second request answers the same nodes", async () => {
    const again = (await network(id)).json();
    expect(again.nodes).toEqual(nodes);
    const rows = await t.services.db.select().from(lawsuitNetworks).where(eq(lawsuitNetworks.enrichmentId, id));
    expect(rows).toHaveLength(1);
  });

  it("node route: the node and its lawsuits with the complete list", async () => {
    const [document, chosen] = Object.entries(nodes).sort(([, a], [, b]) => b.lawsuits.counters.total - a.lawsuits.counters.total)[0]!;
    const res = await node(id, chosen.ref);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.node).toMatchObject({
      ref: chosen.ref,
      name: chosen.name,
      entity: chosen.entity,
      relations: chosen.relations,
      query: chosen.query,
    });
    expect(body.dataset).toBe(`${chosen.entity}-lawsuits-3.0`);
    expect(body.module).toBe("lawsuits");
    expect(body.lawsuits.counters).toEqual(chosen.lawsuits.counters);
    expect(body.lawsuits.indicators).toEqual(chosen.lawsuits.indicators);
    expect(body.lawsuits.items).toHaveLength(chosen.lawsuits.counters.total);
    expect(Array.isArray(body.rules)).toBe(true);
    expect(chosen.ref).not.toContain(document);
  });

  it("404 for an unknown ref, a malformed ref, and another enrichment's ref", async () => {
    const ref = Object.values(nodes)[0].ref as string;
    expect((await node(id, "nod_" + "A".repeat(22))).json().error.code).toBe("not_found");
    expect((await node(id, "not-a-ref")).statusCode).toBe(404);
    const other = await enrich(LARGE_PERSON, "prf_person_complete");
    expect((await network(other)).json().status).toBe("ok");
    const res = await node(other, ref);
    expect([res.statusCode, res.json().error.code]).toEqual([404, "not_found"]);
  });

  it("404 not_found for unknown and foreign enrichments", async () => {
    expect((await network("enr_000000000000000000000000")).json().error.code).toBe("not_found");
    expect((await network("nope")).statusCode).toBe(404);
    const foreign = await t.createWorkspace();
    const res = await network(id, foreign.tokens.integration);
    expect([res.statusCode, res.json().error.code]).toEqual([404, "not_found"]);
    expect((await node(id, Object.values(nodes)[0].ref, foreign.tokens.integration)).statusCode).toBe(404);
  });

  it("needs a token with enrichments:read", async () => {
    expect((await t.request({ method: "GET", url: `/api/v3/enrichments/${id}/modules/lawsuits/network` })).statusCode).toBe(401);
    expect((await network(id, t.workspace.tokens.viewer)).statusCode).toBe(200);
  });
});

describe("other dataset versions", () => {
  it("company network", async () => {
    const id = await enrich(LARGE_COMPANY, "prf_company_complete");
    const body = (await network(id)).json();
    expect(body.status).toBe("ok");
    expect(Object.keys(body.nodes).length).toBeGreaterThanOrEqual(25);
  });

  it("lawsuits 2.0 and related 1.0: counters without the list, relation from the flat list", async () => {
    const id = await enrich(LARGE_PERSON, `prf_v2_${suffix()}`);
    const body = (await network(id)).json();
    expect(body.status).toBe("ok");
    const first = Object.values(body.nodes)[0] as {
      query: { dataset: string };
      lawsuits: { items?: unknown; counters: { total: number } };
      relations: { relation: string }[];
    };
    expect(first.query.dataset).toMatch(/-lawsuits-2\.0$/);
    expect(first.lawsuits.items).toBeUndefined();
    expect(typeof first.lawsuits.counters.total).toBe("number");
    expect(first.relations[0].relation).toEqual(expect.any(String));
  });
});

describe("skipped", () => {
  it("related_disabled: the plan has no related module", async () => {
    const id = await enrich(makeCpf("411222333"), "prf_person_registry");
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "related_disabled" });
  });

  it("lawsuits_disabled: the plan has no lawsuits module", async () => {
    const id = await enrich(makeCpf("411222334"), `prf_nolaw_${suffix()}`);
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "lawsuits_disabled" });
  });

  it("network_not_configured: the profile's lawsuits dataset (1.0) has no counters or indicators", async () => {
    const id = await enrich(makeCpf("411222335"), `prf_oldlaw_${suffix()}`);
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "network_not_configured" });
  });

  it("subject_not_found", async () => {
    const id = await enrich(sandboxDocumentFor("holder_not_found", "person")!.document, "prf_person_complete");
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "subject_not_found" });
  });

  it("not_run: a FAILED enrichment", async () => {
    const id = await enrich(sandboxDocumentFor("permanent_failure", "person")!.document, "prf_person_complete");
    expect((await get(`/api/v3/enrichments/${id}`)).json().status).toBe("FAILED");
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "not_run" });
  });

  it("409 module_not_ready while the enrichment runs", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      token: token(),
      body: { profileId: "prf_person_complete", items: [{ document: sandboxDocumentFor("slow", "person")!.document }] },
    });
    const id = res.json().items[0].id;
    const live = await network(id);
    expect([live.statusCode, live.json().error.code]).toEqual([409, "module_not_ready"]);
    expect(live.headers["retry-after"]).toBeDefined();
  });
});
