// Benchmark: monitoring runs (issue 32, item 4; server/monitoring/runs.ts). N watched documents
// (approved cases, half CPF half CNPJ, default 200,000; --full: 1,000,000, the issue's budget),
// loaded with INSERT … SELECT generate_series, then:
//   1. a registry release holding every watched company (its status, a company partner and a person
//      partner each; every watched person is the partner of one of them): the first run, the
//      baseline of every snapshot;
//   2. the next release, changing 1% of the watched documents (0.5%: a company BAIXADA, so its
//      person partner's related company is flagged too; 0.5%: a partner joins): the run under budget;
//   3. a sanctions release of 20,000 records in force (1,000 watched CNPJs, 1,000 masked CPFs with
//      their names, 18,000 others).
// Each run is queued and run by the service's worker (the pg-boss job, as after an import). Prints
// each run's time (startedAt → endedAt), its counts, and GET /api/review/v1/cases/{id} latency
// (p50, p99, max; one read at a time) idle and during each run; and, as the baseline of the same
// run, a bare SELECT of the watched documents (national_id, name, every watched row) through the
// service's driver.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_monitoring npm run bench -- monitoring [documents] [--full]
import { cpus, loadavg } from "node:os";
import { startBenchService } from "./setup";
import { LAYOUTS } from "../server/registry/layout";
import { queueRuns, runConcurrency, sendRuns } from "../server/monitoring/runs";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `n=${s.length} p50 ${percentile(s, 0.5).toFixed(1)} ms, p99 ${percentile(s, 0.99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};

export async function benchMonitoring(args: string[]): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error("monitoring bench: PostgreSQL only (set DATABASE_URL to an empty database)");
  const full = args.includes("--full");
  const numbers = args.filter((a) => !a.startsWith("--")).map(Number);
  const documents = numbers[0] ?? (full ? 1_000_000 : 200_000);
  const half = Math.floor(documents / 2);
  console.log(
    `monitoring: ${documents} watched documents (half CPF, half CNPJ) on PostgreSQL; ${runConcurrency("postgres")} batches committed at once ` +
      `(LUPA_MONITORING_CONCURRENCY); ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
  );
  // runs take minutes at this size: the bench's token must outlive them (15 minutes by default)
  const svc = await startBenchService({ LUPA_DB_POOL_SIZE: "12", LUPA_ACCESS_TOKEN_SECONDS: "86400" });
  const { services, base, token } = svc;
  const q = async <T>(text: string, values: unknown[] = []) => (await services.database.query(text, values)).rows as T[];
  const api = async (path: string) => {
    const res = await fetch(`${base}/api/review/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`GET ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  try {
    const [{ ws, user }] = await q<{ ws: string; user: string }>(
      "select workspace_id as ws, id as user from users where email = 'bench@lupa.local'",
    );
    let t = performance.now();
    // CNPJ i: base lpad(i, 8) + 0001 + 00; CPF i: lpad(i, 11); approved, named
    await q(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status,
         first_decided_at, created_at, updated_at, review_started_at)
       select gen_random_uuid(), $1::uuid, $2::uuid, case when c then 'prf_kyc_company' else 'prf_kyc_person' end,
         case when c then lpad(i::text, 8, '0') || '000100' else lpad(i::text, 11, '0') end,
         case when c then 'company' else 'person' end, case when c then 'EMPRESA ' || i else 'Pessoa ' || i end,
         'COMPLETED', '{"source":"API"}'::jsonb, 800, 'APPROVED', now() - interval '1 day', now() - interval '2 days', now(), now() - interval '2 days'
       from generate_series(1, $3::int) as i, (values (true), (false)) as k(c)`,
      [ws, user, half],
    );
    console.log(`  load: ${documents} cases in ${(performance.now() - t).toFixed(0)} ms`);
    await q("vacuum analyze verifications");

    // a release schema as the importer makes it (columns of server/registry/layout.ts), filled by SQL
    const makeRelease = async (schema: string) => {
      await q(`create schema ${schema}`);
      for (const layout of LAYOUTS)
        await q(`create table ${schema}.${layout.table} (${layout.columns.map(([n, type]) => `"${n}" ${type}`).join(", ")})`);
    };
    const indexRelease = async (schema: string) => {
      for (const layout of LAYOUTS)
        for (const [, definition, unique] of layout.indexes)
          await q(`create ${unique ? "unique " : ""}index on ${schema}.${layout.table} ${definition}`);
      for (const layout of LAYOUTS) await q(`analyze ${schema}.${layout.table}`);
    };
    const goLive = async (release: string, schema: string) => {
      const retired = await q<{ schema_name: string }>(
        "update registry_releases set state = 'retired', retired_at = now() where state = 'live' returning schema_name",
      );
      await q(
        `insert into registry_releases (release, schema_name, state, source, loaded_at, live_at, counts) values ($1, $2, 'live', 'bench', now(), now(), '{}'::jsonb)`,
        [release, schema],
      );
      for (const r of retired) await q(`drop schema ${r.schema_name} cascade`);
    };

    t = performance.now();
    await makeRelease("registry_rbench1");
    await q(
      `insert into registry_rbench1.establishments (cnpj, head_office, status, uf)
       select lpad(i::text, 8, '0') || '000100', true, 2, 'SP' from generate_series(1, $1::int) i`,
      [half],
    );
    await q(
      `insert into registry_rbench1.companies (base, name) select lpad(i::text, 8, '0'), 'EMPRESA ' || i from generate_series(1, $1::int) i`,
      [half],
    );
    await q(
      `insert into registry_rbench1.partners (base, kind, name, document, qualification)
       select lpad(i::text, 8, '0'), 1, 'HOLDING ' || (i % 1000), lpad((90000000 + i % 1000)::text, 8, '0') || '000100', 22 from generate_series(1, $1::int) i
       union all
       select lpad(i::text, 8, '0'), 2, 'PESSOA ' || i, '***' || substr(lpad(i::text, 11, '0'), 4, 6) || '**', 49 from generate_series(1, $1::int) i`,
      [half],
    );
    await indexRelease("registry_rbench1");
    await goLive("2026-05", "registry_rbench1");
    // the next month: 1% of the watched documents change
    await makeRelease("registry_rbench2");
    for (const layout of LAYOUTS) await q(`insert into registry_rbench2.${layout.table} select * from registry_rbench1.${layout.table}`);
    await q(`update registry_rbench2.establishments set status = 8 where (substr(cnpj, 1, 8)::int) % 200 = 0`);
    await q(
      `insert into registry_rbench2.partners (base, kind, name, document, qualification)
       select lpad(i::text, 8, '0'), 2, 'NOVO SOCIO ' || i, '***' || lpad((i % 999999)::text, 6, '0') || '**', 22
       from generate_series(1, $1::int) i where i % 200 = 100`,
      [half],
    );
    await indexRelease("registry_rbench2");
    console.log(`  registry releases (2 x ${half} companies, ${2 * half} partners): ${(performance.now() - t).toFixed(0)} ms`);

    const sample = (await q<{ id: string }>("select id from verifications where workspace_id = $1 order by id limit 200", [ws])).map(
      (r) => r.id,
    );
    const readCase = async () => {
      const started = performance.now();
      await api(`/cases/${sample[Math.floor(Math.random() * sample.length)]}`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 300; i++) idle.push(await readCase());
    console.log(`  GET /cases/{id} idle: ${fmt(idle)}`);

    const baseline = async () => {
      const started = performance.now();
      const rows = await q(
        "select national_id, name from verifications where workspace_id = $1 and feedback_status = 'APPROVED' order by national_id",
        [ws],
      );
      return `bare SELECT of the ${rows.length} watched rows ${(performance.now() - started).toFixed(0)} ms`;
    };

    const run = async (title: string, source: "registry" | "sanctions") => {
      const base = await baseline();
      const { ids } = await queueRuns(services.db, source, ws);
      await sendRuns(services.queue, ids);
      const during: number[] = [];
      let runRow: Record<string, unknown> | null = null;
      let lastPoll = 0;
      for (;;) {
        during.push(await readCase());
        if (performance.now() - lastPoll > 250) {
          lastPoll = performance.now();
          // the run's row (its own primary key: the status's grouped statement would weigh on the reads measured)
          const [r] = await q<Record<string, unknown>>(
            `select state, watched, checked, unchecked, alerts, to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
               to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endedAt" from monitoring_runs where id = $1`,
            [ids[0]],
          );
          if (r && (r.state === "done" || r.state === "failed")) {
            runRow = r;
            break;
          }
        }
      }
      if (runRow.state !== "done") throw new Error(`${title}: run failed`);
      const ms = Date.parse(String(runRow.endedAt)) - Date.parse(String(runRow.startedAt));
      console.log(
        `  ${title}: ${ms} ms (${Math.round((Number(runRow.checked) / ms) * 1000)} documents/s): ${String(runRow.watched)} watched, ${String(runRow.checked)} checked, ${String(runRow.unchecked)} unchecked, ${String(runRow.alerts)} alerts | baseline: ${base}`,
      );
      console.log(`      GET /cases/{id} during: ${fmt(during)}`);
    };

    await run("registry 2026-05 (first run: every snapshot written)", "registry");
    await goLive("2026-06", "registry_rbench2");
    await run("registry 2026-06 (1% changed)", "registry");

    t = performance.now();
    await q(
      `insert into sanctions (list, entity, document, name, name_key, sanction, agency, starts_on)
       select 'CEIS', case when i <= 1000 or i > 2000 then 'company' else 'person' end,
         case when i <= 1000 then lpad((i * 50)::text, 8, '0') || '000100'
              when i <= 2000 then '***' || substr(lpad(((i - 1000) * 50)::text, 11, '0'), 4, 6) || '**'
              else lpad((80000000 + i)::text, 8, '0') || '000100' end,
         case when i <= 1000 then 'EMPRESA ' || (i * 50) when i <= 2000 then 'PESSOA ' || ((i - 1000) * 50) else 'OUTRA ' || i end,
         case when i <= 1000 then 'EMPRESA ' || (i * 50) when i <= 2000 then 'PESSOA ' || ((i - 1000) * 50) else 'OUTRA ' || i end,
         'Suspensão', 'CGU', date '2024-01-01'
       from generate_series(1, 20000) i`,
    );
    await q(
      `insert into sanction_imports (list, file, rows, refused, imported_at) values ('CEIS', 'bench_CEIS.zip', 20000, 0, now())
       on conflict (list) do update set file = excluded.file, rows = excluded.rows, imported_at = excluded.imported_at`,
    );
    await q("analyze sanctions");
    console.log(`  sanctions: 20000 records in ${(performance.now() - t).toFixed(0)} ms`);
    await run("sanctions (20,000 records)", "sanctions");
    const status = await api("/monitoring/status");
    console.log(
      `  status: watched ${String(status.watched)}, coverage ${String(status.coverage)}, open alerts ${String(status.openAlerts)}`,
    );
    // the navigation's count: GET /monitoring/alerts/count (an index of the open alerts) against the
    // status' aggregate it replaced there, one read at a time, alternating
    const timed = async (path: string) => {
      const started = performance.now();
      await api(path);
      return performance.now() - started;
    };
    const statusReads: number[] = [];
    const countReads: number[] = [];
    for (let i = 0; i < 20; i++) {
      statusReads.push(await timed("/monitoring/status"));
      countReads.push(await timed("/monitoring/alerts/count"));
    }
    const count = await api("/monitoring/alerts/count");
    console.log(`  GET /monitoring/alerts/count (open ${String(count.open)}): ${fmt(countReads)}`);
    console.log(`  GET /monitoring/status (baseline): ${fmt(statusReads)}`);
  } finally {
    await svc.close();
  }
}
