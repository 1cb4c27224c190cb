// Benchmark: GET /api/v2/verifications/stats over N verifications (default 100,000) of one
// workspace, a tenth of them decided, spread over 120 days; with another workspace of the same
// size beside it. Prints the route's latency (median and worst of several runs) for each range,
// and the plans of the grouped queries (index use).
// Usage: npm run bench -- v2-stats [rows=100000] [runs=5]
import { createWorkspace } from "../server/tenancy/workspaces";
import { startBenchService } from "./setup";

export async function benchV2Stats(rows: number, runs: number): Promise<void> {
  const svc = await startBenchService();
  const { app, services, token } = svc;
  try {
    const [{ id: wsId }] = (await services.database.query("select workspace_id as id from users where email = 'bench@lupa.local'"))
      .rows as { id: string }[];
    const other = await createWorkspace(services.db, "Bench other");
    const started = Date.now();
    for (const ws of [wsId, other.id]) {
      await services.database.query(
        `insert into verifications (id, workspace_id, user_id, national_id, entity, status, config, score, created_at, updated_at)
         select gen_random_uuid(), $1, gen_random_uuid(), lpad((i % 99999999999)::text, 11, '0'), 'person',
                (array['COMPLETED','COMPLETED','COMPLETED','FAILED','PROCESSING','CREATED'])[1 + i % 6], '{}'::jsonb,
                case when i % 6 < 3 then (i * 7919) % 1001 end,
                now() - (i % 120) * interval '1 day' - (i % 1440) * interval '1 minute', now()
         from generate_series(1, $2::int) as i`,
        [ws, rows],
      );
      await services.database.query(
        `insert into verification_feedbacks (id, workspace_id, verification_id, status, user_id, created_at)
         select gen_random_uuid(), workspace_id, id, (array['APPROVED','REPROVED','STANDBY','WAIVED'])[1 + (abs(hashtext(id::text)) % 4)],
                gen_random_uuid(), created_at + interval '1 hour'
         from verifications where workspace_id = $1 and abs(hashtext(id::text)) % 10 = 0`,
        [ws],
      );
      await services.database.query(
        `update verifications v set feedback_status = f.status from verification_feedbacks f where f.verification_id = v.id and v.workspace_id = $1`,
        [ws],
      );
    }
    await services.database.query("vacuum analyze verifications");
    await services.database.query("vacuum analyze verification_feedbacks");
    console.log(
      `database: ${services.database.kind}; ${rows} verifications per workspace (2 workspaces) inserted in ${Date.now() - started} ms`,
    );

    const day = 86_400_000;
    const ranges: Array<[string, string]> = [
      ["7 days", `?from=${new Date(Date.now() - 7 * day).toISOString()}`],
      ["30 days", `?from=${new Date(Date.now() - 30 * day).toISOString()}`],
      ["90 days", `?from=${new Date(Date.now() - 90 * day).toISOString()}`],
      ["all", ""],
    ];
    for (const [label, query] of ranges) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: "GET",
          url: `/api/v2/verifications/stats${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`stats answered ${res.statusCode}: ${res.body}`);
        total = res.json().total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `stats ${label.padEnd(8)} total=${String(total).padStart(6)}  median ${times[Math.floor(times.length / 2)].toFixed(1)} ms  worst ${times[times.length - 1].toFixed(1)} ms`,
      );
    }

    const from = new Date(Date.now() - 30 * day).toISOString();
    const plans: Array<[string, string]> = [
      [
        "by status (30 days)",
        `select status, count(*) from verifications where workspace_id = '${wsId}' and created_at >= '${from}' group by status`,
      ],
      [
        "latest decision (30 days)",
        `select feedback_status, count(*) from verifications where workspace_id = '${wsId}' and created_at >= '${from}' and feedback_status is not null group by feedback_status`,
      ],
      [
        "decisions per day (30 days)",
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), status, count(*) from verification_feedbacks where workspace_id = '${wsId}' and created_at >= '${from}' group by 1, 2`,
      ],
    ];
    for (const [label, text] of plans) {
      const plan = (await services.database.query(`explain ${text}`)).rows.map((r) => String(Object.values(r)[0]));
      const scans = plan.filter((line) => /Scan/.test(line)).map((line) => line.trim().replace(/\s+\(cost.*$/, ""));
      console.log(`plan ${label}: ${scans.join(" | ")}`);
    }
  } finally {
    await svc.close();
  }
}
