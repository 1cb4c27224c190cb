// GET /api/v2/verifications/{id}/ai-summary (spec 3.1, 4.2; docs/decisions.md, "AI summary"):
// made as the verification completes (status through ANALYZING) when the profile has AI or
// ia.resume asks for it, else lazily on the first call and stored; roles, isolation and every
// error. The service uses the OpenAI-compatible provider against a local fake endpoint, so the
// test can hold the model's answer and watch the status wait in ANALYZING.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { makeCpf } from "../../lib/contract/documents";
import { profiles, verificationSummaries } from "../../server/db/schema";
import { ACTIONS } from "../../server/tenancy/catalog";
import { BUILTIN_MODEL } from "../../server/ai/builtin";
import { notifyRecordChanged } from "../../server/http/record-cache";

/** The fake AI endpoint's port, chosen by the system (the suite's lanes run side by side). */
let AI_PORT = 0;
const CPF = makeCpf("529982247");
const OTHER_CPF = makeCpf("271828188");

let mode: "valid" | "hold" | "not_json" = "valid";
let requests = 0;
const held: ServerResponse[] = [];
const answer = (res: ServerResponse, content: string) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content } }] }));
};
const VALID = JSON.stringify({
  summary: "Resumo do modelo externo de teste sobre a verificação concluída.",
  highlights: ["Ponto de atenção do modelo."],
});
function release() {
  for (const res of held.splice(0)) answer(res, VALID);
}

let ai: Server;
let t: TestService;
let noAiProfile: string;
beforeAll(async () => {
  ai = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      if (mode === "hold") held.push(res);
      else answer(res, mode === "valid" ? VALID : "isto não é JSON");
    });
  });
  await new Promise<void>((resolve) => ai.listen(0, "127.0.0.1", resolve));
  AI_PORT = (ai.address() as AddressInfo).port;
  t = await startService({
    env: { LUPA_AI_URL: `http://127.0.0.1:${AI_PORT}/v1`, LUPA_AI_MODEL: "modelo-local", LUPA_AI_TIMEOUT_MS: "20000" },
  });
  noAiProfile = `prf_test_noai_${t.workspace.id.slice(0, 8)}`;
  await t.services.db.insert(profiles).values({
    id: noAiProfile,
    workspaceId: t.workspace.id,
    name: "Sem IA",
    kind: "verification",
    entity: "person",
    billingAction: ACTIONS.verificationPerson,
    modules: { profile: { dataset: "person-profile-2.0" }, lawsuits: { dataset: "person-lawsuits-3.0" } },
  });
}, 180_000);
afterAll(async () => {
  release();
  await t?.close();
  ai?.closeAllConnections();
  await new Promise((r) => ai?.close(r));
});

const create = (body: unknown, token = t.workspace.tokens.analyst) =>
  t.request({ method: "POST", url: "/api/v2/verifications", token, body });
const get = (id: string, token = t.workspace.tokens.analyst) => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token });
const summary = (id: string, token = t.workspace.tokens.analyst) =>
  t.request({ method: "GET", url: `/api/v2/verifications/${id}/ai-summary`, token });
const settled = (id: string, ws: TestWorkspace = t.workspace) =>
  eventually(
    () => get(id, ws.tokens.analyst).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );
async function completedVerification(body: Record<string, unknown>, ws: TestWorkspace = t.workspace) {
  const res = await create({ nationalId: CPF, verifications: {}, ...body }, ws.tokens.analyst);
  expect(res.statusCode).toBe(201);
  const done = await settled(res.json().id, ws);
  expect(done.status).toBe("COMPLETED");
  return done;
}

describe("AI summary made as the verification completes", () => {
  it("passes through ANALYZING while the summary is made, and the summary is there right after COMPLETED", async () => {
    mode = "hold";
    const before = requests;
    const created = (
      await create({
        nationalId: CPF,
        profileId: "prf_kyc_person",
        verifications: {},
        input: [{ attribute: "nascimento", value: "01/01/1901" }],
      })
    ).json();
    const analyzing = await eventually(
      () => get(created.id).then((r) => r.json()),
      (v) => v.status === "ANALYZING",
    );
    // the dossier and score are written with ANALYZING; only the summary is missing
    expect(analyzing.result.score).toEqual(expect.any(Number));
    expect(analyzing.person.profile.nationalId).toBe(CPF);
    const meanwhile = await summary(created.id);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error).toMatch(/ANALYZING/);
    expect(
      (await t.request({ method: "GET", url: "/api/v2/verifications?status=ANALYZING", token: t.workspace.tokens.analyst }))
        .json()
        .verifications.map((v: { id: string }) => v.id),
    ).toContain(created.id);
    await eventually(
      async () => held.length,
      (n) => n > 0,
    );
    mode = "valid";
    release();
    const done = await settled(created.id);
    expect(done.status).toBe("COMPLETED");
    // a viewer cannot make a summary: a 200 proves it was stored at completion
    const res = await summary(created.id, t.workspace.tokens.viewer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      verificationId: created.id,
      provider: "openai-compatible",
      model: "modelo-local",
      fallback: null,
      summary: "Resumo do modelo externo de teste sobre a verificação concluída.",
    });
    expect(["APPROVE", "REVIEW", "REJECT"]).toContain(body.verdict);
    expect(["low", "medium", "high"]).toContain(body.riskLevel);
    expect(body.mismatches).toEqual([expect.objectContaining({ attribute: "nascimento", status: "mismatch" })]);
    expect(body.highlights[0]).toMatch(/^Divergência de data de nascimento/);
    expect(Date.parse(body.generatedAt)).toBeLessThanOrEqual(Date.parse(done.updatedAt));
    expect(requests - before).toBe(1);
    // later calls answer the stored summary
    expect((await summary(created.id)).json()).toEqual(body);
    expect(requests - before).toBe(1);
  });

  it("ia.resume true makes it on completion for a profile without AI", async () => {
    mode = "valid";
    const done = await completedVerification({ profileId: noAiProfile, verifications: { ia: { resume: true } } });
    const res = await summary(done.id, t.workspace.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().verificationId).toBe(done.id);
  });

  it("falls back to the built-in summary when the model answers something else, and says so", async () => {
    mode = "not_json";
    const done = await completedVerification({ profileId: "prf_kyc_person" });
    mode = "valid";
    const body = (await summary(done.id, t.workspace.tokens.viewer)).json();
    expect(body).toMatchObject({ provider: "builtin", fallback: "invalid_output" });
    expect(body.model).toBe(`${BUILTIN_MODEL}; fallback de modelo-local (invalid_output)`);
    expect(body.summary).toContain("Pontuação");
  });

  it("the sweeper finishes a summary whose process died while ANALYZING", async () => {
    mode = "valid";
    const done = await completedVerification({ profileId: noAiProfile });
    // as if the process died after the terminal transaction: ANALYZING with a pending summary long ago
    await t.services.db.execute(sql`update verifications set status = 'ANALYZING' where id = ${done.id}`);
    // a change by hand, as an operator would make it visible to the record cache at once (the
    // service itself never takes a COMPLETED verification back to ANALYZING)
    await notifyRecordChanged(t.services.db, done.id);
    await t.services.db
      .insert(verificationSummaries)
      .values({ verificationId: done.id, workspaceId: t.workspace.id, summary: null, requestedAt: new Date(Date.now() - 3_600_000) });
    const finished = await settled(done.id);
    expect(finished.status).toBe("COMPLETED");
    const [row] = await t.services.db.select().from(verificationSummaries).where(eq(verificationSummaries.verificationId, done.id));
    expect(row!.summary).toMatchObject({ verificationId: done.id });
  });
});

describe("AI summary made lazily", () => {
  it("is made on the first call when ia.resume is false on an AI profile, stored, and answered again later", async () => {
    mode = "valid";
    const before = requests;
    const done = await completedVerification({ profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
    expect(requests).toBe(before); // nothing made at completion
    expect((await summary(done.id, t.workspace.tokens.viewer)).statusCode).toBe(403);
    const first = await summary(done.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ verificationId: done.id, provider: "openai-compatible" });
    expect(requests).toBe(before + 1);
    const again = await summary(done.id, t.workspace.tokens.viewer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(requests).toBe(before + 1);
  });

  it("make=false only reads: 204 for every role while none was made, then the stored summary; 400 for another value", async () => {
    mode = "valid";
    const before = requests;
    const done = await completedVerification({ profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
    const probe = (token: string, make = "false") =>
      t.request({ method: "GET", url: `/api/v2/verifications/${done.id}/ai-summary?make=${make}`, token });
    for (const role of ["admin", "analyst", "integration", "viewer"] as const) {
      const res = await probe(t.workspace.tokens[role]);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
    }
    expect(requests).toBe(before); // the probes made nothing
    expect((await probe(t.workspace.tokens.analyst, "maybe")).statusCode).toBe(400);
    const made = await probe(t.workspace.tokens.analyst, "true");
    expect(made.statusCode).toBe(200);
    const read = await probe(t.workspace.tokens.viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(made.json());
    // AI disabled and legacy keep their answers
    const noAi = await completedVerification({ profileId: noAiProfile });
    expect(
      (await t.request({ method: "GET", url: `/api/v2/verifications/${noAi.id}/ai-summary?make=false`, token: t.workspace.tokens.analyst }))
        .statusCode,
    ).toBe(404);
  });

  it("lets admin and integration make it; viewer only reads a stored one (403 with a clear message)", async () => {
    mode = "valid";
    for (const role of ["admin", "integration"] as const) {
      const done = await completedVerification({ profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
      expect((await summary(done.id, t.workspace.tokens[role])).statusCode).toBe(200);
    }
    const done = await completedVerification({ profileId: "prf_kyc_person", verifications: { ia: { resume: false } } });
    const res = await summary(done.id, t.workspace.tokens.viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/verifications:write/);
  });

  it("summarizes a document without holder (REJECT) on demand", async () => {
    const nobody = sandboxDocumentFor("holder_not_found", "person")!.document;
    const res = await create({ nationalId: nobody, profileId: "prf_kyc_person", verifications: {} });
    const done = await settled(res.json().id);
    expect(done.status).toBe("COMPLETED");
    const body = (await summary(done.id)).json();
    expect(body).toMatchObject({ verdict: "REJECT", riskLevel: "high" });
  });
});

describe("AI summary errors", () => {
  it("404 when AI is disabled for the profile and was not requested", async () => {
    for (const verificationsConfig of [{}, { ia: { resume: false } }]) {
      const done = await completedVerification({ nationalId: OTHER_CPF, profileId: noAiProfile, verifications: verificationsConfig });
      const res = await summary(done.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.stringMatching(/AI is disabled for this verification's profile/) });
    }
  });

  it("409 for a legacy-flow verification (no profileId)", async () => {
    const done = await completedVerification({ verifications: { ia: { resume: true } } });
    const res = await summary(done.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.stringMatching(/engine verification/) });
  });

  it("409 while the verification is not completed, and for a FAILED one", async () => {
    const slow = sandboxDocumentFor("slow", "person")!.document;
    const created = (await create({ nationalId: slow, profileId: "prf_kyc_person", verifications: {} })).json();
    const res = await summary(created.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/not completed \((CREATED|PROCESSING)\)|status (CREATED|PROCESSING)/);
    const failing = sandboxDocumentFor("permanent_failure", "person")!.document;
    const failed = await settled((await create({ nationalId: failing, profileId: "prf_kyc_person", verifications: {} })).json().id);
    expect(failed.status).toBe("FAILED");
    const res2 = await summary(failed.id);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().error).toMatch(/status FAILED/);
    await settled(created.id);
  });

  it("400 for an id that is not a UUID, 404 for an unknown id, 401 without a token", async () => {
    const bad = await summary("not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe("string");
    const unknown = await summary("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "verification not found" });
    expect((await summary("00000000-0000-4000-8000-000000000000", "")).statusCode).toBe(401);
  });

  it("404 for another workspace's verification, stored summary or not, for every role", async () => {
    mode = "valid";
    const done = await completedVerification({ profileId: "prf_kyc_person" });
    expect((await summary(done.id)).statusCode).toBe(200);
    const other = await t.createWorkspace();
    for (const role of ["admin", "analyst", "viewer", "integration"] as const) {
      const res = await summary(done.id, other.tokens[role]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "verification not found" });
    }
  });
});
