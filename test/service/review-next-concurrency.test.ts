// POST /api/review/v1/cases/next is atomic (issue 18): 20 analysts asking at once get 20 different
// cases, in 50 runs; a case is never assigned twice and every assignment is recorded once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PASSWORD, startService, type TestService, type TestWorkspace } from "../support/harness";
import { R } from "../support/review";
import { createUser } from "../../server/tenancy/workspaces";
import { verifications } from "../../server/db/schema";
import { makeCpf } from "../../lib/contract/documents";

const ANALYSTS = 20;
const RUNS = 50;
let t: TestService;
let ws: TestWorkspace;
const tokens: string[] = [];

beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_DB_POOL_SIZE: "24" } });
  ws = await t.createWorkspace();
  for (let i = 0; i < ANALYSTS; i++) {
    const email = `next.${i}.${ws.id.slice(0, 8)}@test.local`;
    await createUser(t.services.db, { workspaceId: ws.id, email, role: "analyst", password: PASSWORD });
    const res = await t.app.inject({ method: "POST", url: "/api/v1/authentication", payload: { username: email, password: PASSWORD } });
    tokens.push(res.json().accessToken);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

it(`gives ${ANALYSTS} concurrent callers ${ANALYSTS} different cases, ${RUNS} times`, async () => {
  for (let run = 0; run < RUNS; run++) {
    const now = Date.now();
    // 25 waiting cases per run: more than the callers, so each caller gets one
    await t.services.db.insert(verifications).values(
      Array.from({ length: ANALYSTS + 5 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: ws.id,
        userId: ws.users.analyst.id,
        profileId: "prf_kyc_person",
        nationalId: makeCpf(String(100000000 + run * 100 + i)),
        entity: "person",
        status: "COMPLETED",
        config: {},
        score: 700,
        createdAt: new Date(now - 1000 * (run * 100 + i)),
        reviewStartedAt: new Date(now - 1000 * (run * 100 + i)),
      })),
    );
    const answers = await Promise.all(
      tokens.map((token) =>
        t.app.inject({
          method: "POST",
          url: `${R}/cases/next`,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          payload: "{}",
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(ANALYSTS).fill(200));
    const ids = answers.map((a) => a.json().id as string);
    expect(new Set(ids).size).toBe(ANALYSTS);
    const assignees = answers.map((a) => a.json().assignee.id as string);
    expect(new Set(assignees).size).toBe(ANALYSTS);
  }
  const { rows } = await t.services.database.query(
    "select case_id, count(*)::int as n from audit_events where workspace_id = $1 and type = 'case.assigned' group by case_id having count(*) > 1",
    [ws.id],
  );
  expect(rows).toEqual([]);
  const { rows: assigned } = await t.services.database.query(
    "select count(*)::int as n from verifications where workspace_id = $1 and assignee_id is not null",
    [ws.id],
  );
  expect(assigned[0]!.n).toBe(ANALYSTS * RUNS);
}, 300_000);
