// Benchmark: the review queue at scale (issue 18). GET /api/review/v1/cases with assignee=me,
// assignee=none&sort=oldest and sla=breached, and POST /api/review/v1/cases/next with 8 concurrent
// callers, over N verifications (default 1,000,000) in one workspace with 20 analysts, on
// PostgreSQL. Baselines of the same run: a bare indexed SELECT of one page, and GET
// /api/review/v1/capabilities (the API's floor: JWT, session check, serialization).
//
// Data (generate_series, secondary indexes dropped during the load and built after it, VACUUM
// ANALYZE): 92% COMPLETED, 5% FAILED, the rest CREATED/PROCESSING; reviewStartedAt a minute after
// creation; 70% of the decidable ones decided an hour later (feedbackStatus and firstDecidedAt);
// 6% of the waiting ones assigned to one of the 20 analysts; created over 365 days, so most waiting
// cases are past the 24 h SLA. Every statement the routes sent is run again under EXPLAIN (ANALYZE, BUFFERS).
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lupa_review'
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_review npm run bench -- review-queue [rows=1000000] [runs=30] [--reuse]
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { createUser } from "../server/tenancy/workspaces";
import { startBenchService } from "./setup";
import { recorder, recordStatements, type Statement } from "./list-scale";

const ANALYSTS = 20;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function load(client: pg.Client, wsId: string, analysts: string[], rows: number): Promise<void> {
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
       where i.schemaname = 'public' and i.tablename = 'verifications' and not x.indisprimary`,
    )
  ).rows;
  for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  await client.query("set maintenance_work_mem = '256MB'");
  let t = Date.now();
  try {
    await client.query(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status,
       created_at, updated_at, review_started_at, first_decided_at, assignee_id, assigned_at, risk_flags)
     select gen_random_uuid(), $1::uuid, $3::uuid, 'prf_kyc_person', lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0'), 'person',
       'Pessoa ' || i, s.status, '{"source":"API"}'::jsonb,
       case when s.status = 'COMPLETED' then (i::bigint * 7919) % 1001 end,
       case when s.decided then (array['APPROVED','REPROVED','STANDBY','WAIVED'])[1 + (i / 10) % 4] end,
       c.at, c.at, case when s.status in ('COMPLETED','FAILED') then c.at + interval '1 minute' end,
       case when s.decided then c.at + interval '1 hour' end,
       case when s.status = 'COMPLETED' and not s.decided and i % 17 = 0 then ($4::uuid[])[1 + (i / 17) % ${ANALYSTS}] end,
       case when s.status = 'COMPLETED' and not s.decided and i % 17 = 0 then c.at + interval '2 minutes' end,
       case when (i::bigint * 7919) % 1001 < 400 then array['low_score'] else '{}'::text[] end
     from generate_series(1, $2::int) as i,
       lateral (select now() - (i - 1) * (interval '365 days' / $2::int) - (i % 997) * interval '1 microsecond' as at) c,
       lateral (select case when i % 100 < 92 then 'COMPLETED' when i % 100 < 97 then 'FAILED' when i % 2 = 0 then 'CREATED' else 'PROCESSING' end as status) s0,
       lateral (select s0.status, s0.status in ('COMPLETED','FAILED') and i % 10 < 7 as decided) s`,
      [wsId, rows, analysts[0], analysts],
    );
    console.log(`  verifications: ${Date.now() - t} ms`);
  } finally {
    // rebuilt even when the load fails, so a later --reuse run never measures the table without them
    t = Date.now();
    for (const ix of indexes) await client.query(ix.indexdef);
    console.log(`  indexes: ${Date.now() - t} ms`);
  }
  t = Date.now();
  await client.query("vacuum analyze verifications");
  console.log(`  vacuum analyze: ${Date.now() - t} ms`);
}

export async function benchReviewQueue(args: string[]): Promise<void> {
  const reuse = args.includes("--reuse");
  const [rows = 1_000_000, runs = 30] = args.filter((a) => !a.startsWith("--")).map(Number);
  if (!process.env.DATABASE_URL) throw new Error("review-queue runs on PostgreSQL: set DATABASE_URL to an empty database");
  recordStatements();
  const svc = await startBenchService({ LUPA_DB_POOL_SIZE: "12" }, { reuse });
  const { app, services } = svc;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows as Record<string, unknown>[];
  try {
    const [{ id: wsId }] = (await q("select workspace_id as id from users where email = 'bench@lupa.local'")) as { id: string }[];
    const tokens: string[] = [];
    const analysts: string[] = [];
    for (let i = 0; i < ANALYSTS; i++) {
      const email = `analyst${i}@bench.local`;
      const [found] = (await q("select id from users where email = $1", [email])) as { id: string }[];
      const id = found?.id ?? (await createUser(services.db, { workspaceId: wsId, email, role: "analyst", password: "bench-password" })).id;
      analysts.push(id);
      const login = await app.inject({
        method: "POST",
        url: "/api/v1/authentication",
        payload: { username: email, password: "bench-password" },
      });
      tokens.push(login.json().accessToken as string);
    }
    const [{ n }] = (await q("select count(*)::int as n from verifications where workspace_id = $1", [wsId])) as { n: number }[];
    if (reuse && n >= rows) console.log(`reusing the loaded database: ${n} verifications`);
    else {
      if (n > 0) throw new Error("the database holds other verifications; use a new database, or --reuse");
      console.log(`loading ${rows} verifications in one workspace, ${ANALYSTS} analysts`);
      await load(client, wsId, analysts, rows);
    }
    // the analyst measured: the one with the most assigned cases (about 1/20 of the assigned ones)
    const [busiest] = await q(
      "select assignee_id from verifications where workspace_id = $1 and assignee_id is not null group by assignee_id order by count(*) desc limit 1",
      [wsId],
    );
    const me = Math.max(0, analysts.indexOf(String(busiest?.assignee_id)));
    const [dist] = await q(
      `select count(*) filter (where first_decided_at is null and review_started_at is not null)::int as waiting,
         count(*) filter (where assignee_id = $2)::int as mine, count(*) filter (where assignee_id is null)::int as unassigned
       from verifications where workspace_id = $1`,
      [wsId, analysts[me]],
    );
    console.log(`data: ${JSON.stringify(dist)}`);

    const measure = async (fn: () => Promise<string>) => {
      for (let i = 0; i < 3; i++) await fn();
      const times: number[] = [];
      let result = "";
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        result = await fn();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { result, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    const line = (label: string, result: string, p50: number, p95: number) =>
      console.log(`${label.padEnd(56)} ${result.padStart(14)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`);
    const headers = { authorization: `Bearer ${tokens[me]}` };

    console.log(`\nmachine: ${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)}`);
    console.log("baselines:");
    const bare = await measure(
      async () =>
        `rows=${(await q("select * from verifications where workspace_id = $1 order by created_at desc limit 20", [wsId])).length}`,
    );
    line("bare indexed SELECT of one page (20)", bare.result, bare.p50, bare.p95);
    const floor = await measure(async () =>
      String((await app.inject({ method: "GET", url: "/api/review/v1/capabilities", headers })).statusCode),
    );
    line("GET /api/review/v1/capabilities (the API's floor)", floor.result, floor.p50, floor.p95);

    console.log(`\nGET /api/review/v1/cases?limit=20 (as analyst ${me + 1}):`);
    const cases: Array<[string, string]> = [
      ["assignee=me", "assignee=me"],
      ["assignee=none&sort=oldest", "assignee=none&sort=oldest"],
      ["sla=breached", "sla=breached"],
      ["sla=due_soon", "sla=due_soon"],
      [
        "assignee=none&status=COMPLETED&feedbackStatus=NOTSTARTED&sort=oldest",
        "assignee=none&status=COMPLETED&feedbackStatus=NOTSTARTED&sort=oldest",
      ],
    ];
    const results: Array<{ label: string; p50: number; statements: Statement[] }> = [];
    for (const [label, query] of cases) {
      const url = `/api/review/v1/cases?limit=20&${query}`;
      const m = await measure(async () => {
        const res = await app.inject({ method: "GET", url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return `total=${res.json().total}`;
      });
      recorder.statements = [];
      recorder.recording = true;
      await app.inject({ method: "GET", url, headers });
      recorder.recording = false;
      results.push({
        label,
        p50: m.p50,
        statements: recorder.statements.filter((s) => /"verifications"|verifications/.test(s.text) && !/^explain/i.test(s.text)),
      });
      line(label, m.result, m.p50, m.p95);
    }

    const one: number[] = [];
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/api/review/v1/cases/next",
        headers: { authorization: `Bearer ${tokens[8]}`, "content-type": "application/json" },
        payload: "{}",
      });
      one.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`next: ${res.statusCode} ${res.body}`);
    }
    one.sort((a, b) => a - b);
    console.log(
      `\nPOST /api/review/v1/cases/next, one caller, 25 calls: p50 ${percentile(one, 0.5).toFixed(1)} ms, p99 ${percentile(one, 0.99).toFixed(1)} ms`,
    );
    console.log("POST /api/review/v1/cases/next, 8 concurrent callers (different analysts), 25 calls each:");
    const latencies: number[] = [];
    const taken = new Set<string>();
    await Promise.all(
      tokens.slice(0, 8).map(async (token) => {
        for (let i = 0; i < 25; i++) {
          const t0 = performance.now();
          const res = await app.inject({
            method: "POST",
            url: "/api/review/v1/cases/next",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            payload: "{}",
          });
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`next: ${res.statusCode} ${res.body}`);
          taken.add(res.json().id as string);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `  ${latencies.length} calls, ${taken.size} distinct cases: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
    );
    const floor8: number[] = [];
    await Promise.all(
      tokens.slice(0, 8).map(async (token) => {
        for (let i = 0; i < 25; i++) {
          const t0 = performance.now();
          await app.inject({ method: "GET", url: "/api/review/v1/capabilities", headers: { authorization: `Bearer ${token}` } });
          floor8.push(performance.now() - t0);
        }
      }),
    );
    floor8.sort((a, b) => a - b);
    console.log(
      `  baseline, GET capabilities with the same 8 callers: p50 ${percentile(floor8, 0.5).toFixed(1)} ms, p99 ${percentile(floor8, 0.99).toFixed(1)} ms`,
    );
    recorder.statements = [];
    recorder.recording = true;
    await app.inject({
      method: "POST",
      url: "/api/review/v1/cases/next",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{}",
    });
    recorder.recording = false;
    // the pick of next, without its writes (EXPLAIN ANALYZE of the whole statement would assign a case)
    const pick = recorder.statements.find((s) => /for update skip locked/.test(s.text));
    if (pick) {
      const select = pick.text.slice(
        pick.text.indexOf("select id from verifications"),
        pick.text.indexOf("for update skip locked") + "for update skip locked".length,
      );
      const count = (select.match(/\$\d+/g) ?? []).reduce((m, p) => Math.max(m, Number(p.slice(1))), 0);
      results.push({ label: "next: the pick", p50: 0, statements: [{ text: select, values: pick.values.slice(0, count), settings: [] }] });
    }

    console.log(
      `\nlists with p50 under 30 ms: ${results.filter((r) => r.label !== "next: the pick" && r.p50 < 30).length} of ${cases.length}`,
    );
    console.log("\nEXPLAIN (ANALYZE, BUFFERS):");
    for (const r of results) {
      for (const [i, s] of r.statements.entries()) {
        await q("begin");
        const plan = (await q(`explain (analyze, buffers) ${s.text}`, s.values)).map((x) => String(Object.values(x)[0]));
        await q("rollback");
        console.log(
          `\n[${r.label}] statement ${i + 1} of ${r.statements.length}${plan.some((l) => /Seq Scan on verifications/.test(l)) ? "  ** SEQ SCAN **" : ""}`,
        );
        console.log(`  ${s.text.replace(/\s+/g, " ").slice(0, 300)}`);
        for (const l of plan) console.log(`    ${l}`);
      }
    }
  } finally {
    await client.end();
    await svc.close();
  }
}
