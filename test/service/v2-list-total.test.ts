// GET /api/v2/verifications `total` around the exact-count threshold (LUPA_LIST_EXACT_TOTAL, set
// to 5 here): exact up to it, and above it an estimate that never falls below what is certain
// (more than the threshold, the rows up to the page, exactly those when the page is short).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";

const THRESHOLD = 5;
const ROWS = 40;
let t: TestService;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await startService({ env: { LUPA_LIST_EXACT_TOTAL: String(THRESHOLD) }, workers: false });
  ws = await t.createWorkspace();
  // 40 verifications, newest first by i: 3 FAILED, scores 10, 20, ... 400
  await t.services.database.query(
    `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, created_at, updated_at)
     select gen_random_uuid(), $1, gen_random_uuid(), 'prf_kyc_person', lpad(i::text, 11, '0'), 'person', 'Pessoa ' || i,
            case when i <= 3 then 'FAILED' else 'COMPLETED' end, '{"source":"API"}'::jsonb, i * 10,
            now() - i * interval '1 minute', now()
     from generate_series(1, $2::int) as i`,
    [ws.id, ROWS],
  );
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string) => {
  const res = await t.request({ method: "GET", url: `/api/v2/verifications${query}`, token: ws.tokens.viewer });
  expect(res.statusCode).toBe(200);
  return res.json() as { verifications: { id: string }[]; total: number; page: number; limit: number };
};

describe("v2 list total with LUPA_LIST_EXACT_TOTAL=5", () => {
  it("is exact under and at the threshold", async () => {
    expect((await list("?status=FAILED")).total).toBe(3);
    expect((await list("?scoreLte=50")).total).toBe(THRESHOLD);
    expect((await list("?search=Pessoa%2040")).total).toBe(1);
    expect((await list("?status=CREATED")).total).toBe(0);
  });

  it("is exact above the threshold when the page is the last one (not full)", async () => {
    expect((await list("?scoreLte=60&limit=25")).total).toBe(6);
    expect((await list("?limit=7&page=6")).total).toBe(ROWS);
    expect((await list("?status=COMPLETED&limit=25&page=2")).total).toBe(ROWS - 3);
    expect((await list("?search=pessoa&limit=7&page=6")).total).toBe(ROWS);
  });

  it("is above the threshold and covers the rows up to each full page", async () => {
    for (let page = 1; page <= 4; page++) {
      const body = await list(`?limit=10&page=${page}`);
      expect(body.verifications).toHaveLength(10);
      expect(body.total).toBeGreaterThanOrEqual(Math.max(THRESHOLD + 1, page * 10));
    }
    const search = await list("?search=pessoa&limit=10&page=2");
    expect(search.verifications).toHaveLength(10);
    expect(search.total).toBeGreaterThanOrEqual(20);
    const over = await list("?scoreGte=10&limit=3&page=2");
    expect(over.verifications).toHaveLength(3);
    expect(over.total).toBeGreaterThanOrEqual(THRESHOLD + 1);
  });

  it("after an empty page past the end, is at most the rows before it", async () => {
    const body = await list("?limit=10&page=6");
    expect(body.verifications).toHaveLength(0);
    expect(body.total).toBeGreaterThanOrEqual(THRESHOLD + 1);
    expect(body.total).toBeLessThanOrEqual(50);
  });

  it("is the planner's estimate once the table is analyzed (not a count)", async () => {
    await t.ownerQuery("analyze verifications"); // the owner: the service's role may not analyze
    const body = await list("?limit=10");
    const [plan] = (await t.services.database.query(`explain (format json) select 1 from verifications where workspace_id = $1`, [ws.id]))
      .rows;
    const cell = Object.values(plan!)[0];
    const estimate = (typeof cell === "string" ? JSON.parse(cell) : cell)[0].Plan["Plan Rows"] as number;
    expect(body.total).toBe(Math.max(estimate, 10, THRESHOLD + 1));
  });
});
