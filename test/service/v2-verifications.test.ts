// v2 verifications, first slice (spec 2.2, 2.3, 4.2): creation, asynchronous processing through
// the engine on the sandbox datasets, reads, filters, and every bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";

let t: TestService;
beforeAll(async () => {
  t = await startService();
});
afterAll(async () => {
  await t?.close();
});

const CPF = makeCpf("529982247");
const CNPJ = makeCnpj("112223330001");
const create = (body: unknown, token = t.workspace.tokens.analyst) =>
  t.request({ method: "POST", url: "/api/v2/verifications", token, body });
const get = (id: string, token = t.workspace.tokens.analyst) => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token });
const list = (query: string, token = t.workspace.tokens.analyst) =>
  t.request({ method: "GET", url: `/api/v2/verifications${query}`, token });
const completed = (id: string, token?: string) =>
  eventually(
    () => get(id, token).then((r) => r.json()),
    (v) => v.status === "COMPLETED" || v.status === "FAILED",
  );

describe("POST /api/v2/verifications", () => {
  it("creates an engine verification (201, CREATED) that completes with person.profile", async () => {
    const res = await create({
      nationalId: "529.982.247-25".replace("25", CPF.slice(9)),
      profileId: "prf_kyc_person",
      verifications: { finance: { restrictions: true } },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.status).toBe("CREATED");
    expect(created.nationalId).toBe(CPF);
    expect(created.workspaceId).toBe(t.workspace.id);
    expect(created.verifications).toMatchObject({
      entity: "person",
      source: "API",
      profileId: "prf_kyc_person",
      faceRecognition: null,
      cnh: null,
    });
    const done = await completed(created.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.name).toEqual(expect.any(String));
    const profile = done.person.profile;
    expect(profile.nationalId).toBe(CPF);
    expect(profile.name).toBe(done.name);
    expect(typeof profile.age).toBe("number");
    expect(profile.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(profile.contacts.addresses)).toBe(true);
    expect(done.result.score).toBeGreaterThanOrEqual(0);
    expect(done.result.score).toBeLessThanOrEqual(1000);
    expect(done.result.execution.durationMs).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(done.result.rules)).toBe(true);
    // kinship at least (mother, father) for every sandbox person
    expect(done.result.relatedCount).toBeGreaterThan(0);
  });

  it("goes through PROCESSING while a slow module is collected", async () => {
    const slow = sandboxDocumentFor("slow", "person")!.document;
    const created = (await create({ nationalId: slow, profileId: "prf_kyc_person", verifications: {} })).json();
    await eventually(
      () => get(created.id).then((r) => r.json()),
      (v) => v.status === "PROCESSING",
      5000,
    );
    expect((await completed(created.id)).status).toBe("COMPLETED");
  });

  it("fills business.profile for a CNPJ", async () => {
    const created = (await create({ nationalId: CNPJ, profileId: "prf_kyb_company", verifications: {} })).json();
    const done = await completed(created.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.business.profile.nationalId).toBe(CNPJ);
    expect(done.person).toBeUndefined();
  });

  it("answers the legacy-flow shape without profileId", async () => {
    const res = await create({ nationalId: CPF, verifications: { type: "basic" } });
    expect(res.statusCode).toBe(201);
    const done = await completed(res.json().id);
    expect(done.verification.version).toBe("v4");
    expect(done.verification.type).toBe("basic");
    expect(done.verification.person.profile.nationalId).toBe(CPF);
  });

  it("completes with subject_not_found when the document has no holder", async () => {
    const nobody = sandboxDocumentFor("holder_not_found", "person")!.document;
    const done = await completed((await create({ nationalId: nobody, profileId: "prf_kyc_person", verifications: {} })).json().id);
    expect(done.status).toBe("COMPLETED");
    expect(done.result.rules).toContain("subject_not_found");
    expect(done.person.profile).toBeNull();
  });

  it("ends FAILED with the reason on a permanent module failure", async () => {
    const doc = sandboxDocumentFor("permanent_failure", "person")!.document;
    const done = await completed((await create({ nationalId: doc, profileId: "prf_kyc_person", verifications: {} })).json().id);
    expect(done.status).toBe("FAILED");
    expect(done.failureReason).toBe("upstream_rejected_document");
  });

  it.each([
    ["no body fields", {}],
    ["missing verifications", { nationalId: CPF }],
    ["missing nationalId", { verifications: {} }],
    ["nationalId too short", { nationalId: "1234567890", verifications: {} }],
    ["nationalId too long", { nationalId: "123456789012345", verifications: {} }],
    ["invalid CPF check digits", { nationalId: "52998224726", verifications: {} }],
    ["invalid CNPJ check digits", { nationalId: "11222333000180", verifications: {} }],
    ["unknown top-level field", { nationalId: CPF, verifications: {}, extra: 1 }],
    ["unknown verifications field", { nationalId: CPF, verifications: { colour: "red" } }],
    ["source outside the enum", { nationalId: CPF, verifications: { source: "CLI" } }],
    ["ia.resume not boolean", { nationalId: CPF, verifications: { ia: { resume: "yes" } } }],
    ["modules not an array", { nationalId: CPF, verifications: { modules: {} } }],
    [
      "module outside the profile",
      { nationalId: CPF, profileId: "prf_kyc_person", verifications: { modules: [{ name: "ownersLawsuits", enabled: true }] } },
    ],
    [
      "profile module disabled",
      { nationalId: CPF, profileId: "prf_kyc_person", verifications: { modules: [{ name: "profile", enabled: false }] } },
    ],
    ["unknown profileId", { nationalId: CPF, profileId: "prf_nope", verifications: {} }],
    ["enrichment profile", { nationalId: CPF, profileId: "prf_person_complete", verifications: {} }],
    ["person profile with a CNPJ", { nationalId: CNPJ, profileId: "prf_kyc_person", verifications: {} }],
    ["input item without value", { nationalId: CPF, verifications: {}, input: [{ attribute: "name" }] }],
    ["callback URL invalid", { nationalId: CPF, verifications: {}, callback: { url: "not a url" } }],
    ["faceRecognition imageURL invalid", { nationalId: CPF, verifications: { faceRecognition: { imageURL: "nope" } } }],
  ])("refuses %s with 400 {error}", async (_name, body) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe("string");
    expect(res.json().error).not.toContain(CPF);
  });

  it("refuses a non-JSON body with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: t.workspace.tokens.analyst,
      payload: "nationalId=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe("string");
  });
});

describe("GET /api/v2/verifications/:id", () => {
  it("answers 400 for an id that is not a UUID and 404 for an unknown one", async () => {
    expect((await get("not-a-uuid")).statusCode).toBe(400);
    const res = await get("00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "verification not found" });
  });

  it("answers 404 for another workspace's verification", async () => {
    const created = (await create({ nationalId: CPF, verifications: {} })).json();
    const other = await t.createWorkspace();
    expect((await get(created.id, other.tokens.admin)).statusCode).toBe(404);
    const listed = (await list(`?nationalId=${CPF}`, other.tokens.admin)).json();
    expect(listed.total).toBe(0);
  });
});

describe("GET /api/v2/verifications", () => {
  let ws: Awaited<ReturnType<TestService["createWorkspace"]>>;
  const docs = Array.from({ length: 7 }, (_, i) => makeCpf(String(100000000 + i * 1117)));
  beforeAll(async () => {
    ws = await t.createWorkspace();
    for (const d of docs) {
      const c = (await create({ nationalId: d, profileId: "prf_kyc_person", verifications: {} }, ws.tokens.analyst)).json();
      await completed(c.id, ws.tokens.analyst);
    }
    const failing = sandboxDocumentFor("permanent_failure", "person")!.document;
    await completed(
      (await create({ nationalId: failing, profileId: "prf_kyc_person", verifications: {} }, ws.tokens.analyst)).json().id,
      ws.tokens.analyst,
    );
  });

  it("lists newest first with page, limit and total", async () => {
    const first = (await list("?limit=3&page=1", ws.tokens.viewer)).json();
    expect(first).toMatchObject({ page: 1, limit: 3, total: 8 });
    expect(first.verifications).toHaveLength(3);
    const third = (await list("?limit=3&page=3", ws.tokens.viewer)).json();
    expect(third.verifications).toHaveLength(2);
    const all = (await list("?limit=25", ws.tokens.viewer)).json().verifications;
    const times = all.map((v: { createdAt: string }) => v.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("defaults to page 1 and limit 10", async () => {
    const body = (await list("", ws.tokens.viewer)).json();
    expect(body.page).toBe(1);
    expect(body.limit).toBe(10);
  });

  it("filters by status and by nationalId (masked or not)", async () => {
    const failed = (await list("?status=FAILED", ws.tokens.viewer)).json();
    expect(failed.total).toBe(1);
    expect(failed.verifications[0].status).toBe("FAILED");
    const byDoc = (await list(`?nationalId=${docs[2]}`, ws.tokens.viewer)).json();
    expect(byDoc.total).toBe(1);
    expect(byDoc.verifications[0].nationalId).toBe(docs[2]);
  });

  it("searches by partial document and by name, case-insensitive", async () => {
    const bySearch = (await list(`?search=${docs[3]!.slice(0, 6)}`, ws.tokens.viewer)).json();
    expect(bySearch.verifications.map((v: { nationalId: string }) => v.nationalId)).toContain(docs[3]);
    const one = (await list(`?nationalId=${docs[4]}`, ws.tokens.viewer)).json().verifications[0];
    const word = one.name.split(" ")[0].toLowerCase();
    const byName = (await list(`?search=${encodeURIComponent(word)}&limit=25`, ws.tokens.viewer)).json();
    expect(byName.verifications.map((v: { id: string }) => v.id)).toContain(one.id);
  });

  it("filters by score range and feedbackStatus NOTSTARTED", async () => {
    const all = (await list("?limit=25&status=COMPLETED", ws.tokens.viewer)).json().verifications;
    const scores = all.map((v: { result: { score: number } }) => v.result.score).sort((a: number, b: number) => a - b);
    const median = scores[Math.floor(scores.length / 2)];
    const high = (await list(`?limit=25&scoreGte=${median}`, ws.tokens.viewer)).json().verifications;
    expect(high.length).toBe(scores.filter((s: number) => s >= median).length);
    const notStarted = (await list("?feedbackStatus=NOTSTARTED&limit=25", ws.tokens.viewer)).json();
    expect(notStarted.total).toBe(8);
    expect((await list("?feedbackStatus=APPROVED", ws.tokens.viewer)).json().total).toBe(0);
    expect((await list("?incomplete=true", ws.tokens.viewer)).json().total).toBe(0);
  });

  it.each([
    ["page=0"],
    ["page=abc"],
    ["limit=0"],
    ["limit=26"],
    ["limit=1.5"],
    ["status=DONE"],
    ["nationalId=123"],
    ["feedbackStatus=MAYBE"],
    ["incomplete=yes"],
    ["scoreGte=-1"],
    ["scoreLte=1001"],
    ["scoreGte=500&scoreLte=100"],
    ["unknown=1"],
  ])("refuses ?%s with 400 {error}", async (query) => {
    const res = await list(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe("string");
  });
});
