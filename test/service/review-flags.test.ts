// Risk flags (issue 18) computed by the real completion (engine, sandbox): deceased, restrictive
// list (service's and the workspace's), low score, AI disagreeing; the migration's SQL function
// computes the same for verifications completed before it; a change of the restrictive list for
// the document sets or clears restrictive_list and marks the AI summary stale (issue 19), and
// "Gerar novamente" makes it again, recorded. The SLA starts when the case is decidable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, reviewApi } from "../support/review";
import { sandboxDocumentFor } from "../../server/datasets/sandbox/behaviours";
import { makeCpf } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
const ids: Record<string, string> = {};

async function create(nationalId: string): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/v2/verifications",
    token: ws.tokens.analyst,
    body: { nationalId, profileId: "prf_kyc_person", verifications: {} },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const completed = (id: string) =>
  eventually(
    () => t.request({ method: "GET", url: `/api/v2/verifications/${id}`, token: ws.tokens.viewer }).then((r) => r.json()),
    (v) => v.status === "COMPLETED",
    60_000,
  );
const review = (id: string) => api.get(`/cases/${id}`, ws.tokens.viewer).then((r) => r.json());

beforeAll(async () => {
  t = await startService();
  ws = await t.createWorkspace();
  api = reviewApi(t);
  ids.deceased = await create(sandboxDocumentFor("deceased", "person")!.document);
  ids.service = await create(sandboxDocumentFor("service_blacklisted", "person")!.document);
  ids.plain = await create(makeCpf("123456789"));
  for (const id of Object.values(ids)) await completed(id);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe("flags at completion", () => {
  it("computes the flags from the dossier, the score and the AI summary, and starts the SLA", async () => {
    const deceased = await review(ids.deceased!);
    expect(deceased.flags).toEqual(expect.arrayContaining(["deceased", "ai_disagrees"]));
    expect(deceased.reviewStartedAt).toEqual(expect.any(String));
    expect(deceased.slaState).toBe("ok");
    expect(deceased.aiSummary).toMatchObject({ stale: false, staleSince: null });
    expect((await review(ids.service!)).flags).toEqual(expect.arrayContaining(["restrictive_list"]));
    const record = (await t.request({ method: "GET", url: `/api/v2/verifications/${ids.plain}`, token: ws.tokens.viewer })).json();
    const plain = await review(ids.plain!);
    expect(plain.flags.includes("low_score")).toBe(record.result.score < 400);
    // the AI summary made at completion is recorded, by the service itself
    const generated = await eventsOf(t, ws.id, "ai_summary.generated", ids.plain);
    expect(generated).toHaveLength(1);
    expect(generated[0]!.actor_id).toBeNull();
  });

  it("the migration's review_risk_flags gives the same flags as the completion", async () => {
    const { rows } = await t.services.database.query(
      `select v.id, v.risk_flags as stored,
         review_risk_flags(v.dossier, v.result, v.score, (select s.summary->>'verdict' from verification_summaries s where s.verification_id = v.id)) as computed
       from verifications v where v.workspace_id = $1 and v.status = 'COMPLETED'`,
      [ws.id],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([...(row.computed as string[])].sort()).toEqual([...(row.stored as string[])].sort());
  });
});

describe("the restrictive list changes for the document", () => {
  it("sets restrictive_list, marks the summary stale, clears the flag on removal; regeneration is recorded", async () => {
    const record = (await t.request({ method: "GET", url: `/api/v2/verifications/${ids.plain}`, token: ws.tokens.viewer })).json();
    expect((await review(ids.plain!)).flags).not.toContain("restrictive_list");
    const added = await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${ws.id}`,
      token: ws.tokens.analyst,
      body: { nationalId: record.nationalId, reason: "fraude" },
    });
    expect(added.statusCode).toBe(201);
    const listed = await review(ids.plain!);
    expect(listed.flags).toContain("restrictive_list");
    expect(listed.aiSummary).toMatchObject({ stale: true, staleSince: expect.any(String) });
    // the dossier and score of the completed verification do not change
    const after = (await t.request({ method: "GET", url: `/api/v2/verifications/${ids.plain}`, token: ws.tokens.viewer })).json();
    expect(after.result.score).toBe(record.result.score);

    const regenerated = await api.post(`/cases/${ids.plain}/ai-summary`, ws.tokens.analyst);
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json()).toMatchObject({ verificationId: ids.plain, verdict: expect.any(String) });
    // issue 28, item 3: made again, it reads the list as it is now, and says what held at completion
    const made = regenerated.json() as { summary: string; verdict: string; riskLevel: string; highlights: string[] };
    expect(made.summary).not.toContain("Não consta em listas restritivas");
    expect(made.summary).toContain("Consta na lista restritiva do cliente.");
    expect(made.summary).toContain("ao concluir, não constava");
    expect({ verdict: made.verdict, riskLevel: made.riskLevel }).toEqual({ verdict: "REJECT", riskLevel: "high" });
    expect(made.highlights).toContain("Impeditivo: documento na lista restritiva do cliente.");
    expect((await review(ids.plain!)).aiSummary).toMatchObject({ stale: false });
    const events = await eventsOf(t, ws.id, "ai_summary.generated", ids.plain);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actor_id: ws.users.analyst.id, data: { regenerated: true } });
    const v2 = (await t.request({ method: "GET", url: `/api/v2/verifications/${ids.plain}/ai-summary`, token: ws.tokens.viewer })).json();
    expect(v2.generatedAt).toBe(regenerated.json().generatedAt);

    expect(
      (await t.request({ method: "DELETE", url: `/api/v2/blacklist/${record.nationalId}?workspaceId=${ws.id}`, token: ws.tokens.analyst }))
        .statusCode,
    ).toBe(204);
    expect((await review(ids.plain!)).flags).not.toContain("restrictive_list");
    // the service's list still flags its holder after a workspace change
    const service = (await t.request({ method: "GET", url: `/api/v2/verifications/${ids.service}`, token: ws.tokens.viewer })).json();
    await t.request({
      method: "POST",
      url: `/api/v2/blacklist?workspaceId=${ws.id}`,
      token: ws.tokens.analyst,
      body: { nationalId: service.nationalId, reason: "x" },
    });
    await t.request({ method: "DELETE", url: `/api/v2/blacklist/${service.nationalId}?workspaceId=${ws.id}`, token: ws.tokens.analyst });
    expect((await review(ids.service!)).flags).toContain("restrictive_list");
  });
});
