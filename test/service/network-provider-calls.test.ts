// Read-only roles cost nothing (issue 10, item 8): the lawsuit network and its nodes are computed
// once, with each node's complete answer stored alongside, so a viewer's repeated GETs of the
// network or of a node never call the provider again. Calls are counted by wrapping the real
// sandbox provider (instrumentation around the real thing, not a mock).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { countingSandboxProvider } from "../support/counting-provider";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";

const { provider: counting, calls } = countingSandboxProvider();
const lawsuitCalls = () => calls.filter((c) => c.module === "lawsuits").length;

let t: TestService;
beforeAll(async () => {
  t = await startService({ provider: counting });
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

const LARGE_PERSON = sandboxDocumentFor("large_network", "person")!.document;
const get = (url: string, token: string) => t.request({ method: "GET", url, token });

async function completed(): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments",
    token: t.workspace.tokens.analyst,
    body: { document: LARGE_PERSON, profileId: "prf_person_complete" },
  });
  expect([200, 202]).toContain(res.statusCode);
  const id = res.json().id as string;
  await eventually(
    () => get(`/api/v3/enrichments/${id}`, t.workspace.tokens.viewer).then((r) => r.json()),
    (e) => e.status === "COMPLETED",
  );
  return id;
}

describe("provider calls of network reads", () => {
  it("a viewer's repeated GETs of the network and of every node call the provider only while the network is first built", async () => {
    const id = await completed();
    const viewer = t.workspace.tokens.viewer;
    const before = lawsuitCalls();
    const first = await get(`/api/v3/enrichments/${id}/modules/lawsuits/network`, viewer);
    expect(first.statusCode).toBe(200);
    const nodes = Object.values(first.json().nodes) as { ref: string }[];
    expect(nodes.length).toBeGreaterThanOrEqual(25);
    const building = lawsuitCalls() - before;
    expect(building).toBeGreaterThanOrEqual(nodes.length);

    const after = lawsuitCalls();
    for (let i = 0; i < 3; i++) expect((await get(`/api/v3/enrichments/${id}/modules/lawsuits/network`, viewer)).statusCode).toBe(200);
    for (const node of nodes) {
      for (let i = 0; i < 2; i++) {
        const res = await get(`/api/v3/enrichments/${id}/modules/lawsuits/network/nodes/${node.ref}`, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.json().node.ref).toBe(node.ref);
      }
    }
    expect(lawsuitCalls() - after).toBe(0);
  });

  it("concurrent first GETs build the network once", async () => {
    const id = await completed();
    const before = lawsuitCalls();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get(`/api/v3/enrichments/${id}/modules/lawsuits/network`, t.workspace.tokens.viewer)),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const nodes = Object.keys(answers[0]!.json().nodes).length;
    for (const a of answers) expect(a.json()).toEqual(answers[0]!.json());
    // one computation: one call per node (plus retries of temporary failures), not five
    expect(lawsuitCalls() - before).toBeLessThan(2 * nodes);
  });

  it("a node's answer keeps the complete lawsuits list", async () => {
    const id = await completed();
    const viewer = t.workspace.tokens.viewer;
    const body = (await get(`/api/v3/enrichments/${id}/modules/lawsuits/network`, viewer)).json();
    const withLawsuits = Object.values(body.nodes as Record<string, { ref: string; lawsuits: { total?: number } | null }>).find(
      (n) => n.lawsuits,
    );
    expect(withLawsuits).toBeDefined();
    const before = lawsuitCalls();
    const res = (await get(`/api/v3/enrichments/${id}/modules/lawsuits/network/nodes/${withLawsuits!.ref}`, viewer)).json();
    expect(Array.isArray(res.lawsuits.items)).toBe(true);
    expect(res.node.query.status).toBe("ok");
    expect(lawsuitCalls()).toBe(before);
  });
});
