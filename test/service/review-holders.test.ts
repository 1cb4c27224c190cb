// POST /api/review/v1/holders/names (issue 28, item 9): one display name per document, the
// holder's name as the workspace's cases have it (the latest case that found one), for the
// restrictive list's entries added without a name or with another one. Documents in the body,
// answered in the order sent; the workspace's own cases only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";
import { formatDocument, makeCpf } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
const named = makeCpf("510200300");
const unnamed = makeCpf("510200400");
const foreign = makeCpf("510200500");

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  await insertCase(t, ws, { nationalId: named, name: "Nome Antigo", createdAt: new Date(Date.now() - 3_600_000) });
  await insertCase(t, ws, { nationalId: named, name: "Rita de Cássia Souza", createdAt: new Date(Date.now() - 60_000) });
  await insertCase(t, ws, { nationalId: unnamed });
  await t.services.database.query("update verifications set name = null where workspace_id = $1 and national_id = $2", [ws.id, unnamed]);
  await insertCase(t, other, { nationalId: foreign, name: "Outro Workspace" });
});
afterAll(async () => {
  await t?.close();
});

describe("POST /holders/names", () => {
  it("answers the latest case's name of each document, in the order sent; null for none", async () => {
    const res = await api.post("/holders/names", ws.tokens.viewer, {
      documents: [formatDocument(named), unnamed, foreign, "123", named],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ names: ["Rita de Cássia Souza", null, null, null, "Rita de Cássia Souza"] });
  });

  it("refuses a bad body with 400 invalid_body, and the integration role with 403", async () => {
    for (const body of [{}, { documents: [] }, { documents: [1] }, { documents: Array(101).fill(named) }, { documents: [named], x: 1 }])
      expectError(await api.post("/holders/names", ws.tokens.admin, body), 400, "invalid_body");
    expectError(await api.post("/holders/names", ws.tokens.integration, { documents: [named] }), 403, "forbidden");
  });
});
