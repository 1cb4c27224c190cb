// "Qualidade do score" (issue 31 item 6; docs/rules.md, "Score quality"): GET /rules/quality
// answers, on the cases the active version scored in [from, to), the ROC AUC of the stored scores
// against the latest effective decisions and the share approved per band of 100. Exact figures on
// a hand-built set, worked out by hand below; cases scored by another version, outside the period
// or of another workspace are not read; invalid queries; another profile.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";
import { verificationScorings } from "../../server/db/schema";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;

const PERSON = "prf_kyc_person";
const FROM = "2026-11-01T00:00:00Z";
const TO = "2026-11-02T00:00:00Z";

// In [FROM, TO), scored by the active version (version 1) unless said:
//  #  score  decision
//  1  100    REPROVED
//  2  350    REPROVED
//  3  700    REPROVED
//  4  700    APPROVED
//  5  950    APPROVED
//  6  1000   APPROVED
//  7  350    APPROVED
//  8  200    STANDBY     (scored, no label)
//  9  900    (none)      (scored, no label)
// 10  50     REPROVED    scored by a draft: not read
// Outside the period: 999 REPROVED a month before, 0 APPROVED at TO (exclusive).
//
// In the period: 9 scored, 3 reproved, 4 approved. AUC over the 3 × 4 = 12 pairs (reproved lower
// wins 1, a tie ½): 100 is below all four approved (4); 350 is below 700, 950, 1000 and ties 350
// (3.5); 700 is below 950 and 1000 and ties 700 (2.5): 10 / 12.
// Bands: [100, 200) 1 reproved (rate 0); [300, 400) 1 + 1 (½); [700, 800) 1 + 1 (½); [900, 1000]
// 2 approved (1). The STANDBY 200 and the undecided 900 are in no band.
// Without a period: 11 scored, 4 reproved, 5 approved; the 999 is below only the 1000 (1 more
// win) and the 0 is below no reproved case: 11 / 20; [0, 100) 1 approved (1); [900, 1000] 2
// approved and 1 reproved (⅔).
const IN_PERIOD: [number, string | null][] = [
  [100, "REPROVED"],
  [350, "REPROVED"],
  [700, "REPROVED"],
  [700, "APPROVED"],
  [950, "APPROVED"],
  [1000, "APPROVED"],
  [350, "APPROVED"],
  [200, "STANDBY"],
  [900, null],
];

let v1: { id: string; version: number };

async function addScored(w: TestWorkspace, createdAt: Date, rulesetId: string, score: number, decision: string | null) {
  const id = await insertCase(t, w, { createdAt, feedbackStatus: decision, score });
  const row = { workspaceId: w.id, rulesetId, version: 1, score, recommendation: score >= 700 ? "APPROVE" : "REVIEW", fired: [] };
  await t.services.db
    .insert(verificationScorings)
    .values({ verificationId: id, ...row })
    .onConflictDoUpdate({ target: verificationScorings.verificationId, set: row });
}

const band = (from: number, approved: number, reproved: number, approvalRate: number | null) => ({
  from,
  to: from + 100,
  approved,
  reproved,
  approvalRate,
});
const empty = (except: ReturnType<typeof band>[]) =>
  Array.from({ length: 10 }, (_, i) => except.find((b) => b.from === i * 100) ?? band(i * 100, 0, 0, null));

beforeAll(async () => {
  t = await startService();
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  v1 = (await api.get(`/rulesets?profileId=${PERSON}`, ws.tokens.viewer)).json().rulesets[0];
  expect(v1.version).toBe(1);
  const draft = (await api.post(`/rulesets`, ws.tokens.admin, { profileId: PERSON })).json() as { id: string };
  for (const [i, [score, decision]] of IN_PERIOD.entries())
    await addScored(ws, new Date(Date.parse(FROM) + (i + 1) * 3_600_000), v1.id, score, decision);
  await addScored(ws, new Date(Date.parse(FROM) + 11 * 3_600_000), draft.id, 50, "REPROVED");
  await addScored(ws, new Date("2026-10-01T00:00:00Z"), v1.id, 999, "REPROVED");
  await addScored(ws, new Date(TO), v1.id, 0, "APPROVED");
  // another workspace's case, scored by its own version 1, in the period: never read here
  const otherV1 = (await api.get(`/rulesets?profileId=${PERSON}`, other.tokens.viewer)).json().rulesets[0] as { id: string };
  await addScored(other, new Date(Date.parse(FROM) + 1_800_000), otherV1.id, 0, "APPROVED");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("GET /rules/quality", () => {
  it("answers the exact AUC and approval per band of the period's cases the active version scored", async () => {
    const res = await api.get(`/rules/quality?profileId=${PERSON}&from=${FROM}&to=${TO}`, ws.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profileId: PERSON,
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-02T00:00:00.000Z",
      ruleset: { id: v1.id, version: 1 },
      scored: 9,
      labels: { reproved: 3, approved: 4 },
      auc: 10 / 12,
      bands: empty([band(100, 0, 1, 0), band(300, 1, 1, 0.5), band(700, 1, 1, 0.5), band(900, 2, 0, 1)]),
    });
  });

  it("without a period, reads every case the active version scored", async () => {
    const res = await api.get(`/rules/quality?profileId=${PERSON}`, ws.tokens.analyst);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from: null,
      to: null,
      scored: 11,
      labels: { reproved: 4, approved: 5 },
      auc: 11 / 20,
      bands: empty([band(0, 1, 0, 1), band(100, 0, 1, 0), band(300, 1, 1, 0.5), band(700, 1, 1, 0.5), band(900, 2, 1, 2 / 3)]),
    });
  });

  it("another workspace reads only its own cases; a profile without scored cases has no AUC", async () => {
    const mine = (await api.get(`/rules/quality?profileId=${PERSON}&from=${FROM}&to=${TO}`, other.tokens.admin)).json();
    expect(mine).toMatchObject({ scored: 1, labels: { reproved: 0, approved: 1 }, auc: null });
    const company = await api.get(`/rules/quality?profileId=prf_kyb_company`, ws.tokens.viewer);
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({ profileId: "prf_kyb_company", scored: 0, labels: { reproved: 0, approved: 0 }, auc: null });
    expect(company.json().bands).toEqual(empty([]));
  });

  it("refuses a bad period and an unknown profile", async () => {
    expectError(await api.get(`/rules/quality?profileId=${PERSON}&from=${TO}&to=${FROM}`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/rules/quality?profileId=${PERSON}&from=${TO}&to=${TO}`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/rules/quality?profileId=${PERSON}&from=ontem`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/rules/quality`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/rules/quality?profileId=${PERSON}&extra=1`, ws.tokens.viewer), 400, "invalid_parameter");
    expectError(await api.get(`/rules/quality?profileId=prf_nope`, ws.tokens.viewer), 404, "profile_not_found");
  });
});
