// GET /api/v2/verifications/{id}/network and its node route (beyond the spec, docs/decisions.md):
// the v3 network's shape from a verification's collection, stored once; roles, workspace
// isolation, not ready while collecting, skipped for the legacy flow, bad ids and refs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCpf } from "../../lib/contract/documents";

let t: TestService;
beforeAll(async () => {
  t = await startService({ env: { LUPA_SANDBOX_SLOW_MS: "3000" } });
});
afterAll(async () => {
  await t?.close();
});

const LARGE_COMPANY = sandboxDocumentFor("large_network", "company")!.document;
const SLOW_PERSON = sandboxDocumentFor("slow", "person")!.document;
const analyst = () => t.workspace.tokens.analyst;
const get = (url: string, token: string | undefined = analyst()) => t.request({ method: "GET", url, token });
const network = (id: string, token?: string) => get(`/api/v2/verifications/${id}/network`, token);
const node = (id: string, ref: string, token?: string) => get(`/api/v2/verifications/${id}/network/nodes/${ref}`, token);

async function verify(nationalId: string, profileId?: string): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: analyst(),
    body: { nationalId, ...(profileId ? { profileId } : {}), verifications: {} },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
const settled = (id: string) =>
  eventually(
    () => get(`/api/v2/verifications/${id}`).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );

describe("a verification with related and lawsuits modules", () => {
  let id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON
  let nodes: Record<string, any>;
  beforeAll(async () => {
    id = await verify(LARGE_COMPANY, "prf_kyb_company");
    await settled(id);
  });

  it("answers the v3 network shape: one node per related document with counters and indicators", async () => {
    const res = await network(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("ok");
    nodes = body.nodes;
    expect(Object.keys(nodes).length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(nodes)).not.toContain(LARGE_COMPANY);
    for (const n of Object.values(nodes)) {
      expect(Object.keys(n).sort()).toEqual(["entity", "lawsuits", "name", "query", "ref", "relations", "restrictiveList"]);
      expect(n.ref).toMatch(/^nod_[A-Za-z0-9_-]{22}$/);
      expect(n.query).toEqual({ status: "ok", dataset: `${n.entity}-lawsuits-3.0` });
      expect(n.lawsuits.items).toBeUndefined();
      expect(typeof n.lawsuits.counters.total).toBe("number");
      expect(typeof n.restrictiveList).toBe("boolean");
    }
    // the sandbox's blacklisted holders sit in the large network
    expect(Object.values(nodes).filter((n) => n.restrictiveList)).toHaveLength(2);
    expect((await network(id)).json()).toEqual(body);
  });

  it("node route: the node with its complete lawsuit list", async () => {
    const chosen = Object.values(nodes).sort((a, b) => b.lawsuits.counters.total - a.lawsuits.counters.total)[0];
    const res = await node(id, chosen.ref);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.node).toMatchObject({ ref: chosen.ref, name: chosen.name, entity: chosen.entity });
    expect(body.lawsuits.items).toHaveLength(chosen.lawsuits.counters.total);
    expect(body.lawsuits.items[0].number).toMatch(/^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/);
  });

  it("every role with verifications:read reads it; no token is 401", async () => {
    for (const role of ["admin", "analyst", "viewer", "integration"] as const)
      expect((await network(id, t.workspace.tokens[role])).statusCode).toBe(200);
    expect((await network(id, "")).statusCode).toBe(401);
  });

  it("another workspace gets 404 exactly like a missing verification", async () => {
    const foreign = await t.createWorkspace();
    const res = await network(id, foreign.tokens.admin);
    expect([res.statusCode, res.json()]).toEqual([404, { error: "verification not found" }]);
    const ref = Object.values(nodes)[0].ref;
    expect((await node(id, ref, foreign.tokens.admin)).statusCode).toBe(404);
    const missing = await network("00000000-0000-4000-8000-000000000000");
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: "verification not found" }]);
  });

  it("bad ids are 400 invalid_parameter; unknown or malformed refs 404", async () => {
    const bad = await network("not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe("string");
    expect((await node("not-a-uuid", Object.values(nodes)[0].ref)).statusCode).toBe(400);
    const unknown = await node(id, `nod_${"A".repeat(22)}`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: "network node not found" }]);
    expect((await node(id, "nod_short")).statusCode).toBe(404);
  });
});

describe("other verifications", () => {
  it("legacy flow (no profile, no related module): skipped related_disabled", async () => {
    const id = await verify(makeCpf("529982247"));
    await settled(id);
    expect((await network(id)).json()).toEqual({ status: "skipped", reason: "related_disabled" });
  });

  it("409 module_not_ready with Retry-After while the verification collects", async () => {
    const id = await verify(SLOW_PERSON, "prf_kyc_person");
    const res = await network(id);
    expect(res.statusCode).toBe(409);
    expect(typeof res.json().error).toBe("string");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    await settled(id);
    expect((await network(id)).json().status).toBe("ok");
  });
});
