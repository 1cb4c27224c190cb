// GET /api/review/v1/batches/{batchId} (issue 28, item 2): every line a batch request refused is
// found after its 202 was read: the v3 list (?batchId=) holds only what was created, and a CNPJ
// sent with a person's profile was refused nowhere in the console. The refusals are kept with the
// batch, documents masked, and answered to the batch's workspace only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, reviewApi } from "../support/review";
import { makeCnpj, makeCpf, maskDocument } from "../../lib/contract/documents";

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

const cpf = (n: number) => makeCpf(String(400000000 + n));
const CNPJ = makeCnpj("112223330001");

async function batch(items: unknown[], token = ws.tokens.analyst) {
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments/batch",
    token,
    body: { profileId: "prf_person_registry", items },
  });
  expect(res.statusCode).toBe(202);
  return res.json() as {
    batchId: string;
    total: number;
    created: number;
    failed: number;
    items: Array<{ index: number; error?: unknown }>;
  };
}

describe("GET /batches/{batchId}", () => {
  it("a CNPJ sent with a person's profile: the 202 names its refusal, and the batch keeps it", async () => {
    const bad = cpf(2).slice(0, 10) + ((Number(cpf(2)[10]) + 1) % 10);
    const sent = await batch([{ document: cpf(1) }, { document: CNPJ }, { document: bad }, { document: cpf(1) }, { document: cpf(3) }]);
    // the interface's answer: every line ends as a result or a named refusal
    expect(sent).toMatchObject({ total: 5, created: 2, failed: 3 });
    expect(sent.items[1]).toEqual({
      index: 1,
      document: CNPJ,
      error: { code: "profile_entity_mismatch", message: "Profile serves person documents, the document is a company" },
    });

    const res = await api.get(`/batches/${sent.batchId}`, ws.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      batchId: sent.batchId,
      profileId: "prf_person_registry",
      total: 5,
      created: 2,
      failed: 3,
      createdAt: expect.any(String),
      refused: [
        { index: 1, document: maskDocument(CNPJ), error: { code: "profile_entity_mismatch", message: expect.any(String) } },
        { index: 2, document: null, error: { code: "invalid_document", message: expect.any(String) } },
        { index: 3, document: maskDocument(cpf(1)), error: { code: "duplicate_in_request", message: expect.any(String) } },
      ],
    });
    // never a full document
    for (const doc of [CNPJ, bad, cpf(1)]) expect(res.body).not.toContain(doc);
  });

  it("a batch with nothing refused answers an empty list", async () => {
    const sent = await batch([{ document: cpf(4) }]);
    expect((await api.get(`/batches/${sent.batchId}`, ws.tokens.analyst)).json()).toMatchObject({ total: 1, created: 1, refused: [] });
  });

  it("another workspace's batch, an unknown one or an id that is not a batch id: 404 not_found", async () => {
    const sent = await batch([{ document: cpf(5) }]);
    expectError(await api.get(`/batches/${sent.batchId}`, other.tokens.admin), 404, "not_found");
    expectError(await api.get(`/batches/bat_${"0".repeat(24)}`, ws.tokens.admin), 404, "not_found");
    expectError(await api.get("/batches/enr_123", ws.tokens.admin), 404, "not_found");
  });

  it("refuses query parameters (400 invalid_parameter), the integration role (403) and no token (401)", async () => {
    const sent = await batch([{ document: cpf(6) }]);
    expectError(await api.get(`/batches/${sent.batchId}?include=items`, ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get(`/batches/${sent.batchId}`, ws.tokens.integration), 403, "forbidden");
    expect((await api.call("GET", `/batches/${sent.batchId}`, undefined)).statusCode).toBe(401);
  });
});
