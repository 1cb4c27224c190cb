// Benchmark: a rule set backtest (issue 31 item 5; server/rules/backtest.ts). N completed person
// verifications (default 100,000 on PostgreSQL, 10,000 on PGlite) with their facts stored (every
// fact of the catalog, a few varying per case, 0 to 2 dataset rules fired), half of them decided
// (APPROVED, REPROVED, STANDBY, WAIVED), loaded with INSERT … SELECT generate_series. The candidate
// is a draft of version 1 plus three CEL rules; the baseline is version 1 (42 and 45 rules). Prints:
//   - the baseline of the same run: the raw time to read the facts rows (one SELECT of them all
//     through the service's driver, nothing evaluated);
//   - the backtest: POST to done (the client's wall time, polling every 100 ms) and the job's own
//     time (started_at to finished_at), the cases per second;
//   - GET /api/review/v1/cases/{id} latency (p50, p99, max), one read at a time, idle and while the
//     backtest runs.
// Usage: npm run bench -- backtest [rows] [runs=3]      (PGlite)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_backtest npm run bench -- backtest [rows] [runs=3]
import { cpus, loadavg } from "node:os";
import { startBenchService } from "./setup";
import { factCatalog } from "../server/rules/facts";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `n=${s.length} p50 ${percentile(s, 0.5).toFixed(1)} ms, p99 ${percentile(s, 0.99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};

/** A plausible value for every fact of the catalog (the load varies a few per case). */
function baseFacts(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of factCatalog("person")) {
    out[f.name] =
      f.type === "bool"
        ? false
        : f.type === "int"
          ? 1
          : f.type === "double"
            ? 2500.5
            : f.type === "string"
              ? "Regular"
              : f.type === "timestamp"
                ? "1985-04-12T00:00:00.000Z"
                : [];
  }
  return out;
}

export async function benchBacktest(args: string[]): Promise<void> {
  const pg = Boolean(process.env.DATABASE_URL);
  const [rows = pg ? 100_000 : 10_000, runs = 3] = args.map(Number);
  console.log(
    `backtest: ${rows} verifications on ${pg ? "PostgreSQL" : "PGlite"}, ${runs} runs; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const svc = await startBenchService(pg ? { LUPA_DB_POOL_SIZE: "12" } : {});
  const { services, base, token } = svc;
  const q = async <T>(text: string, values: unknown[] = []) => (await services.database.query(text, values)).rows as T[];
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/review/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  try {
    const [{ ws, user }] = await q<{ ws: string; user: string }>(
      "select workspace_id as ws, id as user from users where email = 'bench@lupa.local'",
    );
    // version 1's rules: which dataset rules the load fires
    const v1 = (await api("GET", "/rulesets?profileId=prf_kyc_person")).rulesets as { id: string }[];
    const v1Full = await api("GET", `/rulesets/${v1[0]!.id}`);
    const moduleRules = (v1Full.rules as { condition: string }[])
      .map((r) => /^"([^"]+)" in dataset\.moduleRules$/.exec(r.condition)?.[1])
      .filter((x): x is string => Boolean(x) && x !== "profile.subject_not_found");
    let t = performance.now();
    await q(
      `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status,
         created_at, updated_at, review_started_at)
       select gen_random_uuid(), $1::uuid, $2::uuid, 'prf_kyc_person', lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0'), 'person',
         'Pessoa ' || i, 'COMPLETED', '{"source":"API"}'::jsonb, (i::bigint * 7919) % 1001,
         case when i % 2 = 0 then (array['APPROVED','REPROVED','APPROVED','REPROVED','APPROVED','STANDBY','WAIVED'])[1 + (i / 2) % 7] end,
         now() - (i * interval '1 minute'), now() - (i * interval '1 minute'), now() - (i * interval '1 minute')
       from generate_series(1, $3::int) as i`,
      [ws, user, rows],
    );
    await q(
      `insert into verification_facts (verification_id, workspace_id, entity, profile_id, extractor_version, facts, verification_created_at)
       select v.id, v.workspace_id, 'person', 'prf_kyc_person', 1,
         $2::jsonb || jsonb_build_object(
           'person.age', 18 + (n * 37) % 60,
           'person.lawsuitsAsDefendant', case when v.feedback_status = 'REPROVED' then (n * 13) % 7 else (n * 13) % 4 end,
           'person.deceased', n % 97 = 0,
           'person.income', ((n * 7919) % 20000)::float8 / 2,
           'dataset.moduleRules', case when n % 5 = 0 then jsonb_build_array(($3::text[])[1 + n % array_length($3::text[], 1)])
             when n % 7 = 0 then jsonb_build_array(($3::text[])[1 + n % array_length($3::text[], 1)], ($3::text[])[1 + (n / 7) % array_length($3::text[], 1)])
             else '[]'::jsonb end),
         v.created_at
       from (select id, workspace_id, feedback_status, created_at, row_number() over (order by created_at) as n from verifications where workspace_id = $1) v
       on conflict (verification_id) do update set facts = excluded.facts`, // the sweep's backfill may have stored some (empty dossiers) first
      [ws, JSON.stringify(baseFacts()), moduleRules],
    );
    console.log(`  load: ${(performance.now() - t).toFixed(0)} ms`);
    if (pg) {
      await q("vacuum analyze verifications");
      await q("vacuum analyze verification_facts");
    }
    const [{ bytes }] = await q<{ bytes: number }>(
      "select avg(pg_column_size(facts))::int as bytes from verification_facts where workspace_id = $1",
      [ws],
    );
    console.log(`  facts: ${bytes} bytes per row (stored)`);
    const sample = (await q<{ id: string }>("select id from verifications where workspace_id = $1 order by id limit 200", [ws])).map(
      (r) => r.id,
    );

    // the candidate: version 1 plus three CEL rules
    const draft = await api("POST", "/rulesets", { profileId: "prf_kyc_person" });
    await api("PUT", `/rulesets/${draft.id}`, {
      rules: [
        ...(v1Full.rules as unknown[]),
        { code: "young", title: "Jovem", condition: "person.age < 25", weight: 250, module: "profile", enabled: true },
        { code: "suits", title: "Processos", condition: "person.lawsuitsAsDefendant > 2", weight: 350, module: "lawsuits", enabled: true },
        {
          code: "low_income",
          title: "Renda baixa",
          condition: "person.income < 1000.0 && !person.deceased",
          weight: 150,
          module: "finance",
          enabled: true,
        },
      ],
      thresholds: { approveAtOrAbove: 700, reproveBelow: 400 },
    });

    const readCase = async () => {
      const started = performance.now();
      await api("GET", `/cases/${sample[Math.floor(Math.random() * sample.length)]}`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 300; i++) idle.push(await readCase());
    console.log(`  GET /cases/{id} idle: ${fmt(idle)}`);

    const allDuring: number[] = [];
    const jobs: number[] = [];
    for (let run = 1; run <= runs; run++) {
      // the baseline: the facts rows read raw, nothing evaluated
      t = performance.now();
      const raw = await q<{ facts: unknown }>(
        "select f.verification_id, f.facts, v.feedback_status from verification_facts f join verifications v on v.id = f.verification_id where f.workspace_id = $1 and f.profile_id = 'prf_kyc_person'",
        [ws],
      );
      const rawMs = performance.now() - t;
      t = performance.now();
      const { id } = await api("POST", `/rulesets/${draft.id}/backtests`, {});
      const during: number[] = [];
      let done: Record<string, unknown> | null = null;
      let lastPoll = 0;
      while (!done) {
        during.push(await readCase());
        if (performance.now() - lastPoll > 100) {
          lastPoll = performance.now();
          const b = await api("GET", `/backtests/${id}`);
          if (b.state === "done" || b.state === "failed") done = b;
        }
      }
      const wall = performance.now() - t;
      if (done.state !== "done") throw new Error(`backtest failed: ${String(done.error)}`);
      const jobMs = Date.parse(String(done.finishedAt)) - Date.parse(String(done.startedAt));
      const c = done.candidate as { auc: number };
      const b = done.baseline as { auc: number };
      console.log(
        `  run ${run}: raw read of ${raw.length} facts rows ${rawMs.toFixed(0)} ms | backtest of ${String(done.cases)} cases (${String(done.decided)} decided): POST→done ${wall.toFixed(0)} ms, job ${jobMs} ms (${Math.round((Number(done.cases) / jobMs) * 1000)} cases/s); AUC v1 ${b.auc?.toFixed(4)} candidate ${c.auc?.toFixed(4)}`,
      );
      console.log(`         GET /cases/{id} during: ${fmt(during)}`);
      allDuring.push(...during);
      jobs.push(jobMs);
    }
    console.log(
      `  job median ${[...jobs].sort((a, b) => a - b)[Math.floor(jobs.length / 2)]} ms; GET /cases/{id} during all runs: ${fmt(allDuring)}`,
    );
  } finally {
    await svc.close();
  }
}
