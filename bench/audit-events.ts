// Benchmark: the audit trail at scale (issue 19). N events (default 10,000,000) in one workspace,
// read through GET /api/review/v1/audit-events filtered by type, by case, by actor and unfiltered,
// a case's timeline (GET /cases/{id}/events) and the next page by cursor, p50/p95 of `runs` runs,
// with EXPLAIN (ANALYZE, BUFFERS) of every statement; and what recording costs a decision: POST
// /api/v2/verifications/{id}/feedbacks (which records decision.created and case.assigned) against
// the recording's own statement run alone on the same table, in the same run. PostgreSQL.
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lupa_audit'
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_audit npm run bench -- audit-events [events=10000000] [runs=30] [--reuse]
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { startBenchService } from "./setup";
import { recorder, recordStatements, type Statement } from "./list-scale";
import { recordEvents } from "../server/review/audit/record";
import { AUDIT_EVENT_TYPES } from "../lib/contract/review";
import { makeCpf } from "../lib/contract/documents";

const CASES = 500_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const caseUuid = (k: number) => `md5('case-' || ${k})::uuid`;

async function load(client: pg.Client, wsId: string, actorId: string, events: number): Promise<void> {
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
       where i.schemaname = 'public' and i.tablename = 'audit_events' and not x.indisprimary`,
    )
  ).rows;
  for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  await client.query("set maintenance_work_mem = '512MB'");
  const types = `array[${AUDIT_EVENT_TYPES.map((t) => `'${t}'`).join(",")}]`;
  try {
    const t = Date.now();
    // in slices of 1,000,000 (one statement each), the newest last
    for (let from = 1; from <= events; from += 1_000_000) {
      const to = Math.min(events, from + 999_999);
      await client.query(
        `insert into audit_events (workspace_id, actor_id, actor_email, type, case_id, request_id, created_at, data)
         select $1::uuid, $2::uuid, 'bench@lupa.local', (${types})[1 + (i * 7) % ${AUDIT_EVENT_TYPES.length}],
           case when i % 10 < 7 then md5('case-' || (i % ${CASES}))::uuid end, md5(i::text),
           now() - ($3::int - i) * interval '15 seconds', jsonb_build_object('status', 'APPROVED', 'n', i)
         from generate_series($4::int, $5::int) as i`,
        [wsId, actorId, events, from, to],
      );
      process.stdout.write(".");
    }
    console.log(`\n  events: ${Date.now() - t} ms`);
  } finally {
    // rebuilt even when the load fails, so a later --reuse run never measures the table without them
    const t = Date.now();
    for (const ix of indexes) await client.query(ix.indexdef);
    console.log(`  indexes: ${Date.now() - t} ms`);
  }
  const t = Date.now();
  await client.query("vacuum analyze audit_events");
  console.log(`  vacuum analyze: ${Date.now() - t} ms`);
}

export async function benchAuditEvents(args: string[]): Promise<void> {
  const reuse = args.includes("--reuse");
  const [events = 10_000_000, runs = 30] = args.filter((a) => !a.startsWith("--")).map(Number);
  if (!process.env.DATABASE_URL) throw new Error("audit-events runs on PostgreSQL: set DATABASE_URL to an empty database");
  recordStatements();
  const svc = await startBenchService({}, { reuse });
  const { app, services, token } = svc;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows as Record<string, unknown>[];
  try {
    const [user] = (await q("select id, workspace_id from users where email = 'bench@lupa.local'")) as {
      id: string;
      workspace_id: string;
    }[];
    const wsId = user!.workspace_id;
    const [{ n }] = (await q("select count(*)::int as n from audit_events where workspace_id = $1", [wsId])) as { n: number }[];
    if (reuse && n >= events) console.log(`reusing the loaded database: ${n} events`);
    else {
      // a fresh database holds the sign-ins of the bench's own users only
      if (n > 10) throw new Error("the database holds other events; use a new database, or --reuse");
      console.log(`loading ${events} audit events in one workspace`);
      await load(client, wsId, user!.id, events);
    }
    // a case with events, present as a verification so its timeline route finds it
    const caseId = String((await q(`select ${caseUuid(4242)} as id`))[0]!.id);
    await q(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, created_at, review_started_at)
       values ($1, $2, $3, 'prf_kyc_person', $4, 'person', 'Caso Bench', 'COMPLETED', '{}'::jsonb, 800, now(), now()) on conflict do nothing`,
      [caseId, wsId, user!.id, makeCpf("424242424")],
    );
    const headers = { authorization: `Bearer ${token}` };
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
      console.log(`${label.padEnd(58)} ${result.padStart(10)}  p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms`);
    console.log(`\nmachine: ${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)}`);
    const bare = await measure(
      async () =>
        `rows=${(await q("select * from audit_events where workspace_id = $1 order by created_at desc, id desc limit 50", [wsId])).length}`,
    );
    line("baseline: bare indexed SELECT of 50 events", bare.result, bare.p50, bare.p95);

    const first = (await app.inject({ method: "GET", url: "/api/review/v1/audit-events?type=decision.created&limit=50", headers })).json();
    const cases: Array<[string, string]> = [
      ["type=decision.created", "/api/review/v1/audit-events?type=decision.created&limit=50"],
      [
        "type=decision.created, next page (cursor)",
        `/api/review/v1/audit-events?type=decision.created&limit=50&cursor=${first.nextCursor}`,
      ],
      ["caseId", `/api/review/v1/audit-events?caseId=${caseId}&limit=50`],
      ["a case's timeline (/cases/{id}/events)", `/api/review/v1/cases/${caseId}/events?limit=50`],
      ["type=decision.created & caseId", `/api/review/v1/audit-events?type=decision.created&caseId=${caseId}`],
      ["actorId", `/api/review/v1/audit-events?actorId=${user!.id}&limit=50`],
      ["no filter", "/api/review/v1/audit-events?limit=50"],
      [
        "type & from/to (one day, 30 days ago)",
        `/api/review/v1/audit-events?type=note.created&from=${new Date(Date.now() - 31 * 86_400_000).toISOString()}&to=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`,
      ],
    ];
    const results: Array<{ label: string; p50: number; statements: Statement[] }> = [];
    console.log("\nGET (admin):");
    for (const [label, url] of cases) {
      const m = await measure(async () => {
        const res = await app.inject({ method: "GET", url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return `events=${res.json().events.length}`;
      });
      recorder.statements = [];
      recorder.recording = true;
      await app.inject({ method: "GET", url, headers });
      recorder.recording = false;
      results.push({ label, p50: m.p50, statements: recorder.statements.filter((s) => /audit_events/.test(s.text)) });
      line(label, m.result, m.p50, m.p95);
    }
    console.log(`\np50 under 30 ms: ${results.filter((r) => r.p50 < 30).length} of ${results.length}`);

    console.log("\nwhat recording costs a decision (the table holding the events above):");
    const ids: string[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const id = randomUUID();
      ids.push(id);
      await q(
        `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, created_at, review_started_at)
         values ($1, $2, $3, 'prf_kyc_person', $4, 'person', 'Decisão', 'COMPLETED', '{}'::jsonb, 800, now(), now())`,
        [id, wsId, user!.id, makeCpf(String(500000000 + i))],
      );
    }
    let k = 0;
    const decision = await measure(async () => {
      const res = await app.inject({
        method: "POST",
        url: `/api/v2/verifications/${ids[k++]}/feedbacks`,
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ status: "STANDBY", reasons: ["Aguardando documento"] }),
      });
      if (res.statusCode !== 201) throw new Error(`feedback: ${res.statusCode} ${res.body}`);
      return "201";
    });
    line("POST feedbacks (a decision, recording 2 events)", decision.result, decision.p50, decision.p95);
    const event = (type: "decision.created" | "case.assigned") => ({
      workspaceId: wsId,
      type,
      actor: { id: user!.id, email: "bench@lupa.local" },
      caseId: ids[0]!,
      requestId: randomUUID(),
      data: { feedbackId: randomUUID(), status: "STANDBY", reasons: ["Aguardando documento"], flags: [] },
    });
    const alone = await measure(async () => {
      await services.db
        .transaction(async (tx) => {
          await recordEvents(tx, [event("decision.created"), event("case.assigned")]);
          throw new Error("rollback");
        })
        .catch(() => {});
      return "rolled back";
    });
    line("the recording alone (its insert, in a transaction)", alone.result, alone.p50, alone.p95);
    console.log(
      `  recording: ${((alone.p50 / decision.p50) * 100).toFixed(0)}% of a decision's p50 (a decision without it: about ${(decision.p50 - alone.p50).toFixed(2)} ms)`,
    );

    console.log("\nEXPLAIN (ANALYZE, BUFFERS):");
    for (const r of results) {
      for (const [i, s] of r.statements.entries()) {
        const plan = (await q(`explain (analyze, buffers) ${s.text}`, s.values)).map((x) => String(Object.values(x)[0]));
        console.log(
          `\n[${r.label}] statement ${i + 1} of ${r.statements.length}${plan.some((l) => /Seq Scan on audit_events/.test(l)) ? "  ** SEQ SCAN **" : ""}`,
        );
        for (const l of plan) console.log(`    ${l}`);
      }
    }
  } finally {
    await client.end();
    await svc.close();
  }
}
