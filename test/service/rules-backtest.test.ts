// Backtests on the team's decisions (issue 31 item 5; docs/rules.md, "How to read a backtest"):
// exact figures on a small hand-built set of decided cases (facts stored as a completion stores
// them, decisions as the latest effective one), worked out by hand below from the inputs; the
// same backtest twice gives the same numbers; from/to; invalid bodies; roles; another
// workspace's objects; the audit event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, PASSWORD, startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { createUser } from "../../server/tenancy/workspaces";
import { verificationFacts } from "../../server/db/schema";
import { EXTRACTOR_VERSION } from "../../server/rules/facts";
import { createBacktest, factsNeeded, findBacktest, runCases, toBacktest } from "../../server/rules/backtest";
import { runBacktest } from "../../server/rules/backtest-worker";
import { backtests } from "../../server/db/schema";
import { eq } from "drizzle-orm";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let admin2: string;

const PERSON = "prf_kyc_person";
const COMPANY = "prf_kyb_company";
const THRESHOLDS = { approveAtOrAbove: 700, reproveBelow: 400 };
const FROM = "2026-11-01T00:00:00Z";
const TO = "2026-11-02T00:00:00Z";

// The candidate: r1 weighs 400, r2 300, r3 is disabled (measured, never weighed).
const CANDIDATE_RULES = [
  { code: "young", title: "Jovem", condition: "person.age < 25", weight: 400, module: "profile", enabled: true },
  { code: "suits", title: "Processos", condition: "person.lawsuitsAsDefendant > 2", weight: 300, module: "lawsuits", enabled: true },
  { code: "dead", title: "Óbito", condition: "person.deceased", weight: 500, module: "profile", enabled: false },
];

// Ten cases in [FROM, TO), one hour apart. The baseline is version 1: its rules fire on
// dataset.moduleRules only, so it scores 1000 (APPROVE) but where profile.subject_not_found is
// listed (cases 7 and 10), 0 (REPROVE).
//  #  age suits dead  moduleRules        decision   candidate                 version 1
//  1  20  0     no    []                 REPROVED   young: 600 REVIEW         1000 APPROVE
//  2  22  3     no    []                 REPROVED   young+suits: 300 REPROVE  1000 APPROVE
//  3  40  5     no    []                 REPROVED   suits: 700 APPROVE        1000 APPROVE
//  4  50  0     no    []                 APPROVED   1000 APPROVE              1000 APPROVE
//  5  30  0     yes   []                 APPROVED   (dead, off) 1000 APPROVE  1000 APPROVE
//  6  23  0     no    []                 APPROVED   young: 600 REVIEW         1000 APPROVE
//  7  60  4     no    [subject_not_found] STANDBY   suits: 700 APPROVE        0 REPROVE
//  8  45  0     no    []                 WAIVED     1000 APPROVE              1000 APPROVE
//  9  19  0     no    []                 (none)     young: 600 REVIEW         1000 APPROVE
// 10  35  1     no    [subject_not_found] REPROVED  1000 APPROVE              0 REPROVE
const SNF = ["profile.subject_not_found"];
const CASES: [number, number, boolean, string[], string | null][] = [
  [20, 0, false, [], "REPROVED"],
  [22, 3, false, [], "REPROVED"],
  [40, 5, false, [], "REPROVED"],
  [50, 0, false, [], "APPROVED"],
  [30, 0, true, [], "APPROVED"],
  [23, 0, false, [], "APPROVED"],
  [60, 4, false, SNF, "STANDBY"],
  [45, 0, false, [], "WAIVED"],
  [19, 0, false, [], null],
  [35, 1, false, SNF, "REPROVED"],
];
const ids: string[] = [];

async function addCase(
  w: TestWorkspace,
  createdAt: Date,
  age: number,
  suits: number,
  dead: boolean,
  moduleRules: string[],
  decision: string | null,
) {
  const id = await insertCase(t, w, { createdAt, feedbackStatus: decision });
  const facts = {
    "person.age": age,
    "person.lawsuitsAsDefendant": suits,
    "person.deceased": dead,
    "dataset.rules": moduleRules.map((m) => m.split(".")[1]!),
    "dataset.moduleRules": moduleRules,
  };
  // upsert: the sweep may have backfilled the case's (empty) dossier first
  await t.services.db
    .insert(verificationFacts)
    .values({
      verificationId: id,
      workspaceId: w.id,
      entity: "person",
      profileId: PERSON,
      extractorVersion: EXTRACTOR_VERSION,
      facts,
      verificationCreatedAt: createdAt,
    })
    .onConflictDoUpdate({ target: verificationFacts.verificationId, set: { facts } });
  return id;
}

let candidateId: string;
let v1Id: string;

beforeAll(async () => {
  t = await startService();
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  const email = `checker.${ws.id.slice(0, 8)}@test.local`;
  await createUser(t.services.db, { workspaceId: ws.id, email, role: "admin", password: PASSWORD });
  admin2 = (await t.request({ method: "POST", url: "/api/v1/authentication", body: { username: email, password: PASSWORD } })).json()
    .accessToken;
  for (const [i, [age, suits, dead, moduleRules, decision]] of CASES.entries())
    ids.push(await addCase(ws, new Date(Date.parse(FROM) + (i + 1) * 3_600_000), age, suits, dead, moduleRules, decision));
  // outside [FROM, TO): one before, one at TO (excluded: `to` is exclusive)
  await addCase(ws, new Date("2026-10-01T00:00:00Z"), 18, 0, false, [], "REPROVED");
  await addCase(ws, new Date(TO), 70, 9, false, [], "APPROVED");
  // another workspace's case in the range: never read
  await addCase(other, new Date(Date.parse(FROM) + 1_800_000), 18, 9, false, [], "REPROVED");
  v1Id = (await api.get(`/rulesets?profileId=${PERSON}`, ws.tokens.viewer)).json().rulesets[0].id;
  const draft = (await api.post(`/rulesets`, ws.tokens.admin, { profileId: PERSON })).json();
  const saved = await api.put(`/rulesets/${draft.id}`, ws.tokens.admin, { rules: CANDIDATE_RULES, thresholds: THRESHOLDS });
  expect(saved.statusCode).toBe(200);
  candidateId = draft.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function backtest(body: Record<string, unknown>, token = ws.tokens.admin) {
  const created = await api.post(`/rulesets/${candidateId}/backtests`, token, body);
  expect(created.statusCode).toBe(202);
  const { id } = created.json() as { id: string };
  return eventually(
    () => api.get(`/backtests/${id}`, ws.tokens.viewer).then((r) => r.json()),
    (b) => b.state === "done" || b.state === "failed",
    30_000,
  );
}

const bins = (counts: Record<number, number>) =>
  Array.from({ length: 20 }, (_, i) => ({ from: i * 50, to: (i + 1) * 50, count: counts[i] ?? 0 }));

/** What a backtest's numbers are, without its id and times. */
const numbers = (b: Record<string, unknown>) => {
  const { id: _id, createdAt: _c, startedAt: _s, finishedAt: _f, ...rest } = b;
  return rest;
};

describe("a backtest of a draft against the active version", () => {
  let first: Record<string, unknown> & { id: string };

  it("answers the exact flips, histograms, per-rule metrics and AUC of the hand-built cases", { timeout: 60_000 }, async () => {
    first = await backtest({ from: FROM, to: TO });
    expect(first).toMatchObject({
      state: "done",
      progress: 1,
      error: null,
      rulesetId: candidateId,
      profileId: PERSON,
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-02T00:00:00.000Z",
    });
    // ten cases; nine carry a decision (case 9 has none); labels: reproved 1, 2, 3, 10; approved 4, 5, 6
    expect(first.cases).toBe(10);
    expect(first.decided).toBe(9);
    expect(first.labels).toEqual({ reproved: 4, approved: 3 });
    // baseline rows, candidate columns: A→A 3,4,5,8; A→R(eview) 1,6,9; A→REPROVE 2; REPROVE→A 7,10
    expect(first.flips).toEqual({
      APPROVE: { APPROVE: 4, REVIEW: 3, REPROVE: 1 },
      REVIEW: { APPROVE: 0, REVIEW: 0, REPROVE: 0 },
      REPROVE: { APPROVE: 2, REVIEW: 0, REPROVE: 0 },
    });
    // Candidate AUC over the 4 × 3 (reproved, approved) pairs, a pair won when the reproved case
    // scores lower, half when equal. Reproved 600, 300, 700, 1000; approved 1000, 1000, 600:
    //   600: <1000 twice, =600 → 2.5;  300: 3;  700: <1000 twice → 2;  1000: =1000 twice → 1
    //   (2.5 + 3 + 2 + 1) / 12 = 8.5 / 12
    // Version 1: reproved 1000, 1000, 1000, 0; approved 1000 ×3: 1.5 × 3 + 3 = 7.5 / 12
    expect(first.candidate).toEqual({
      rulesetId: candidateId,
      version: 2,
      state: "draft",
      thresholds: THRESHOLDS,
      recommendations: { APPROVE: 6, REVIEW: 3, REPROVE: 1 },
      // 300 → [300, 350); 600 ×3 → [600, 650); 700 ×2 → [700, 750); 1000 ×4 → [950, 1000]
      histogram: bins({ 6: 1, 12: 3, 14: 2, 19: 4 }).map((b, i) => (i === 19 ? { ...b, to: 1000 } : b)),
      auc: expect.closeTo(8.5 / 12, 12),
    });
    expect(first.baseline).toEqual({
      rulesetId: v1Id,
      version: 1,
      state: "published",
      thresholds: THRESHOLDS,
      recommendations: { APPROVE: 8, REVIEW: 0, REPROVE: 2 },
      histogram: bins({ 0: 2, 19: 8 }),
      auc: expect.closeTo(7.5 / 12, 12),
    });
    // young fires on 1, 2, 6, 9: tp 1, 2; fp 6; fn 3, 10. precision 2/3, recall 2/4, F1 2·(2/3)(1/2)/(2/3 + 1/2) = 4/7
    // suits fires on 2, 3, 7: tp 2, 3; fp none; fn 1, 10. precision 1, recall 1/2, F1 2/3
    // dead (disabled) fires on 5: tp 0, fp 1, fn 4: precision 0, recall 0, F1 undefined
    expect(first.rules).toEqual(
      [
        {
          ...CANDIDATE_RULES[0]!,
          condition: undefined,
          hits: 4,
          hitRate: 0.4,
          tp: 2,
          fp: 1,
          fn: 2,
          precision: expect.closeTo(2 / 3, 12),
          recall: 0.5,
          f1: expect.closeTo(4 / 7, 12),
        },
        {
          ...CANDIDATE_RULES[1]!,
          condition: undefined,
          hits: 3,
          hitRate: 0.3,
          tp: 2,
          fp: 0,
          fn: 2,
          precision: 1,
          recall: 0.5,
          f1: expect.closeTo(2 / 3, 12),
        },
        { ...CANDIDATE_RULES[2]!, condition: undefined, hits: 1, hitRate: 0.1, tp: 0, fp: 1, fn: 4, precision: 0, recall: 0, f1: null },
      ].map(({ condition: _c, ...r }) => r),
    );
    // the cases whose recommendation changes, oldest first: 1, 2, 6, 7, 9, 10
    const at = (n: number) => new Date(Date.parse(FROM) + n * 3_600_000).toISOString();
    expect(first.flipped).toEqual([
      {
        verificationId: ids[0],
        createdAt: at(1),
        decision: "REPROVED",
        baseline: { score: 1000, recommendation: "APPROVE" },
        candidate: { score: 600, recommendation: "REVIEW" },
      },
      {
        verificationId: ids[1],
        createdAt: at(2),
        decision: "REPROVED",
        baseline: { score: 1000, recommendation: "APPROVE" },
        candidate: { score: 300, recommendation: "REPROVE" },
      },
      {
        verificationId: ids[5],
        createdAt: at(6),
        decision: "APPROVED",
        baseline: { score: 1000, recommendation: "APPROVE" },
        candidate: { score: 600, recommendation: "REVIEW" },
      },
      {
        verificationId: ids[6],
        createdAt: at(7),
        decision: "STANDBY",
        baseline: { score: 0, recommendation: "REPROVE" },
        candidate: { score: 700, recommendation: "APPROVE" },
      },
      {
        verificationId: ids[8],
        createdAt: at(9),
        decision: null,
        baseline: { score: 1000, recommendation: "APPROVE" },
        candidate: { score: 600, recommendation: "REVIEW" },
      },
      {
        verificationId: ids[9],
        createdAt: at(10),
        decision: "REPROVED",
        baseline: { score: 0, recommendation: "REPROVE" },
        candidate: { score: 1000, recommendation: "APPROVE" },
      },
    ]);
  });

  it("gives identical numbers when run again", { timeout: 60_000 }, async () => {
    const again = await backtest({ from: FROM, to: TO });
    expect(again.id).not.toBe(first.id);
    expect(numbers(again)).toEqual(numbers(first));
  });

  it("reads the verifications created in [from, to): from inclusive, to exclusive, either optional", { timeout: 60_000 }, async () => {
    expect((await backtest({})).cases).toBe(12);
    expect((await backtest({ from: FROM })).cases).toBe(11);
    expect((await backtest({ to: TO })).cases).toBe(11);
    // the first case exactly at from is in; an instant with an offset is the same instant
    expect((await backtest({ from: "2026-10-31T22:00:00-03:00", to: "2026-11-01T01:00:00.001Z" })).cases).toBe(1);
    const empty = await backtest({ from: "2020-01-01T00:00:00Z", to: "2020-01-02T00:00:00Z" });
    expect(empty).toMatchObject({ state: "done", cases: 0, decided: 0, labels: { reproved: 0, approved: 0 }, flipped: [] });
    expect(empty.candidate.auc).toBeNull();
  });

  it("takes another baseline version of the profile", { timeout: 60_000 }, async () => {
    const self = await backtest({ from: FROM, to: TO, baseline: candidateId });
    expect(self.baseline).toMatchObject({ rulesetId: candidateId, version: 2, recommendations: self.candidate.recommendations });
    expect(self.flipped).toEqual([]);
    expect(self.flips.REVIEW.REVIEW).toBe(3);
  });

  it("records ruleset.backtested with the actor and both versions", async () => {
    const [event] = await eventsOf(t, ws.id, "ruleset.backtested");
    expect(event).toMatchObject({
      actor_email: expect.any(String),
      data: {
        rulesetId: candidateId,
        version: 2,
        profileId: PERSON,
        baselineId: candidateId,
        baselineVersion: 2,
        from: FROM.replace("Z", ".000Z"),
      },
    });
  });
});

describe("paging", () => {
  it("reads every case once across keyset pages, ties on the creation time included", { timeout: 60_000 }, async () => {
    // four cases created at the same instant, in their own day
    const tie = new Date("2026-11-05T00:00:00Z");
    for (const decision of ["REPROVED", "APPROVED", "REPROVED", null]) await addCase(ws, tie, 21, 4, false, [], decision);
    const whole = await backtest({});
    const [row] = await t.services.db.select().from(backtests).where(eq(backtests.id, whole.id));
    // pages of 1 and 3 rows: a page boundary falls inside the ties
    for (const pageRows of [1, 3]) {
      const paged = await runCases(t.services.db, row!, "person", undefined, pageRows);
      expect(paged.cases).toBe(16);
      expect(paged.flips).toEqual(whole.flips);
      expect(paged.rules).toEqual(whole.rules);
      expect(paged.flipped).toEqual(whole.flipped);
      expect(paged.candidate.auc).toBe(whole.candidate.auc);
    }
    // the pages read only the facts the conditions name; the whole document when a condition names a group otherwise
    expect(
      factsNeeded(
        "person",
        CANDIDATE_RULES.map((r) => r.condition),
      ),
    ).toEqual(["person.age", "person.deceased", "person.lawsuitsAsDefendant"]);
    expect(factsNeeded("person", ['"profile.subject_not_found" in dataset.moduleRules', "size(dataset.rules) > 2"])).toEqual([
      "dataset.moduleRules",
      "dataset.rules",
    ]);
    expect(factsNeeded("person", ['person["age"] < 25'])).toBeNull();
    expect(factsNeeded("person", ["person .age < 25"])).toBeNull();
    expect(factsNeeded("person", ['person.fiscalStatus == "person"'])).toBeNull();
    expect(factsNeeded("person", ["company.ageDays < 90"])).toBeNull();
    const ties = await backtest({ from: "2026-11-05T00:00:00Z", to: "2026-11-06T00:00:00Z" });
    expect(ties).toMatchObject({ cases: 4, decided: 3, labels: { reproved: 2, approved: 1 } });
  });
});

describe("the versions as asked for", () => {
  it("runs the draft as it was when the backtest was asked for, not as edited afterwards", { timeout: 60_000 }, async () => {
    // asked for in the domain (no job sent), the draft edited, then the job's run
    const caller = { userId: ws.users.admin.id, workspaceId: ws.id, role: "admin" as const, email: ws.users.admin.email, version: 1 };
    const row = await createBacktest(t.services.db, caller, "req-snapshot", candidateId, { from: FROM, to: TO });
    const edited = await api.put(`/rulesets/${candidateId}`, ws.tokens.admin, {
      rules: [{ ...CANDIDATE_RULES[0]!, weight: 1000 }],
      thresholds: THRESHOLDS,
    });
    expect(edited.statusCode).toBe(200);
    await runBacktest(t.services, row.id);
    const done = toBacktest(await findBacktest(t.services.db, ws.id, row.id));
    expect(done.state).toBe("done");
    expect(done.rules!.map((r) => [r.code, r.weight])).toEqual([
      ["young", 400],
      ["suits", 300],
      ["dead", 500],
    ]);
    expect(done.candidate.recommendations).toEqual({ APPROVE: 6, REVIEW: 3, REPROVE: 1 });
    // a new backtest runs the edited draft: young alone at 1000 reproves cases 1, 2, 6 and 9
    const after = await backtest({ from: FROM, to: TO });
    expect(after.candidate.recommendations).toEqual({ APPROVE: 6, REVIEW: 0, REPROVE: 4 });
    await api.put(`/rulesets/${candidateId}`, ws.tokens.admin, { rules: CANDIDATE_RULES, thresholds: THRESHOLDS });
  });
});

describe("refusals", () => {
  it("answers invalid_body for a body that is not {from?, to?, baseline?}, and from not before to", async () => {
    const post = (body: unknown) => api.post(`/rulesets/${candidateId}/backtests`, ws.tokens.admin, body);
    expectError(await post({ from: "yesterday" }), 400, "invalid_body");
    expectError(await post({ to: "2026-11-01" }), 400, "invalid_body");
    expectError(await post({ from: "2026-11-01T00:00:00" }), 400, "invalid_body");
    expectError(await post({ from: TO, to: FROM }), 400, "invalid_body");
    expectError(await post({ from: FROM, to: FROM }), 400, "invalid_body");
    expectError(await post({ baseline: "v1" }), 400, "invalid_body");
    expectError(await post({ since: FROM }), 400, "invalid_body");
    const companyV1 = (await api.get(`/rulesets?profileId=${COMPANY}`, ws.tokens.viewer)).json().rulesets[0].id;
    expectError(await post({ baseline: companyV1 }), 400, "invalid_body");
  });

  it("lets admins run, analysts and viewers read; refuses integrations", { timeout: 60_000 }, async () => {
    expectError(await api.post(`/rulesets/${candidateId}/backtests`, ws.tokens.analyst, {}), 403, "forbidden");
    expectError(await api.post(`/rulesets/${candidateId}/backtests`, ws.tokens.viewer, {}), 403, "forbidden");
    expectError(await api.post(`/rulesets/${candidateId}/backtests`, ws.tokens.integration, {}), 403, "forbidden");
    const done = await backtest({ from: FROM, to: TO }, admin2);
    expect((await api.get(`/backtests/${done.id}`, ws.tokens.analyst)).statusCode).toBe(200);
    expect((await api.get(`/backtests/${done.id}`, ws.tokens.viewer)).statusCode).toBe(200);
    expectError(await api.get(`/backtests/${done.id}`, ws.tokens.integration), 403, "forbidden");
  });

  it("answers not found for another workspace's versions and backtests", { timeout: 60_000 }, async () => {
    const done = await backtest({});
    expectError(await api.get(`/backtests/${done.id}`, other.tokens.admin), 404, "not_found");
    expectError(await api.get(`/backtests/not-a-uuid`, ws.tokens.admin), 404, "not_found");
    expectError(await api.post(`/rulesets/${candidateId}/backtests`, other.tokens.admin, {}), 404, "not_found");
    const otherV1 = (await api.get(`/rulesets?profileId=${PERSON}`, other.tokens.viewer)).json().rulesets[0].id;
    expectError(await api.post(`/rulesets/${candidateId}/backtests`, ws.tokens.admin, { baseline: otherV1 }), 404, "not_found");
    // the other workspace's own backtest reads its own case only
    const own = await api.post(`/rulesets/${otherV1}/backtests`, other.tokens.admin, {});
    expect(own.statusCode).toBe(202);
    const result = await eventually(
      () => api.get(`/backtests/${own.json().id}`, other.tokens.viewer).then((r) => r.json()),
      (b) => b.state === "done",
      30_000,
    );
    expect(result).toMatchObject({ cases: 1, decided: 1, labels: { reproved: 1, approved: 0 } });
  });
});
