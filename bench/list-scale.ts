// Benchmark: the two lists at scale. GET /api/v2/verifications (every filter and realistic
// combinations) and GET /api/v3/enrichments (every filter, combinations, the next page by cursor)
// over N verifications and N enrichments (default 1,000,000 each) in the measured workspace, with
// 100 other workspaces of N/100 rows each beside it, on PostgreSQL.
//
// Loading: generate_series inside PostgreSQL (insert ... select), the tables' secondary indexes
// dropped during the load and built again after it, then VACUUM ANALYZE: about 5 minutes on 2
// busy cores for the default size. Each query runs through the whole API with app.inject (JWT,
// query parsing, every statement the route sends, serialization), p50 / p95 of `runs` runs after 3 warm-ups,
// next to baselines measured in the same run: a bare indexed SELECT of one page of each table.
// Then every statement the routes sent for each case (recorded at the driver) is run again under
// EXPLAIN (ANALYZE, BUFFERS); a Seq Scan on one of the big tables is reported as a failure.
//
// Usage (the database must be a PostgreSQL one, empty, or already loaded by this bench with --reuse):
//   psql -h 127.0.0.1 -U postgres -c 'create database lupa_scale'
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lupa_scale npm run bench -- list-scale [rows=1000000] [runs=30] [--reuse]
// --reuse: keeps the rows an earlier run loaded into the same database (checks the counts) and only
// measures; without it the database must not hold the bench user yet.
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { makeCnpj, makeCpf } from "../lib/contract/documents";
import { createWorkspace } from "../server/tenancy/workspaces";
import { startBenchService } from "./setup";

const FIRST = ["Maria", "José", "Ana", "João", "Antônio", "Francisca", "Carlos", "Paulo", "Adriana", "Lucas"]
  .concat(["Juliana", "Marcos", "Patrícia", "Pedro", "Aline", "Rafael", "Fernanda", "Luiz", "Sandra", "Gabriel"])
  .concat(["Camila", "Daniel", "Márcia", "Rodrigo", "Letícia", "Bruno", "Aparecida", "Eduardo", "Vanessa", "Felipe"]);
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes"]
  .concat(["Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa"])
  .concat(["Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas"])
  .concat(["Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Moura", "Correia", "Cavalcanti", "Pinto", "Araújo"]);

const OTHER_WORKSPACES = 100;
const BIG_TABLES = ["verifications", "verification_feedbacks", "enrichments", "collections"];
/** Documents (valid CPFs and CNPJs) that come back about 10 times, as re-checked customers do (5,000 at 1,000,000 rows). */
const repeatedDocuments = (rows: number) => Math.max(10, Math.min(5000, Math.floor(rows / 200)));

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(",")}]`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export interface Statement {
  text: string;
  values: unknown[];
  /** SET LOCAL statements in force on its connection (the route's own planner settings). */
  settings: string[];
}

/** Records the statements this process sends through node-postgres while `recording` is set. */
export const recorder = { recording: false, statements: [] as Statement[] };
export function recordStatements(): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const settings = new WeakMap<object, string[]>();
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: object, ...args: unknown[]) {
    if (recorder.recording) {
      const [first, second] = args;
      let text: string | null = null;
      let values: unknown[] = Array.isArray(second) ? second : [];
      if (typeof first === "string") text = first;
      else if (first && typeof first === "object" && "text" in first) {
        const config = first as { text: string; values?: unknown[] };
        text = config.text;
        values = config.values ?? values;
      }
      if (text !== null) {
        const active = settings.get(this) ?? [];
        if (/^\s*(begin|commit|rollback)\b/i.test(text)) settings.set(this, []);
        else if (/^\s*set local\b/i.test(text)) settings.set(this, [...active, text]);
        else recorder.statements.push({ text, values, settings: active });
      }
    }
    return original.apply(this, args);
  };
}

async function load(client: pg.Client, wsId: string, others: string[], rows: number): Promise<void> {
  const perOther = Math.max(1, Math.round(rows / 100));
  const span = "365 days";
  // secondary indexes are built once after the load (far faster than maintaining them per row)
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_index x on x.indexrelid = c.oid
       where i.schemaname = 'public' and i.tablename = any($1) and not x.indisprimary`,
      [BIG_TABLES],
    )
  ).rows;
  for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  await client.query("set maintenance_work_mem = '256MB'");

  // verifications: newest first by i; the last two days still have CREATED and PROCESSING ones
  const verificationSelect = (n: string) => `
    gen_random_uuid(), w.id, gen_random_uuid(), 'prf_kyc_person',
    case when i % 10 = 0 then lpad(((i::bigint * 7919 * 104729) % 99999999999999)::text, 14, '0')
         else lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0') end,
    case when i % 10 = 0 then 'company' else 'person' end,
    (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 7) % ${LAST.length}],
    s.status, '{"source":"API"}'::jsonb,
    case when s.status = 'COMPLETED' then (i::bigint * 7919) % 1001 end,
    case when s.status = 'COMPLETED' and i % 10 < 3 then (array['APPROVED','REPROVED','STANDBY','WAIVED'])[1 + (i / 10) % 4] end,
    now() - (i - 1) * (interval '${span}' / ${n}) - (i % 997) * interval '1 microsecond', now()`;
  const verificationStatus = (n: string) => `(select case
      when i <= ${n} / 180 then (array['CREATED','PROCESSING','PROCESSING','COMPLETED','COMPLETED','COMPLETED'])[1 + i % 6]
      when i % 100 < 88 then 'COMPLETED' when i % 100 < 96 then 'FAILED' when i % 100 < 98 then 'ANALYZING'
      when i % 100 < 99 then 'CNH_EXTRACT' else 'PROCESSING' end as status) s`;
  const insertVerifications = `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status, created_at, updated_at)`;
  let t = Date.now();
  await client.query(
    `${insertVerifications} select ${verificationSelect("$2::int")} from (select $1::uuid as id) w, generate_series(1, $2::int) as i, lateral ${verificationStatus("$2::int")}`,
    [wsId, rows],
  );
  await client.query(
    `${insertVerifications} select ${verificationSelect("$2::int")} from unnest($1::uuid[]) as w(id), generate_series(1, $2::int) as i, lateral ${verificationStatus("$2::int")}`,
    [others, perOther],
  );
  await client.query(
    `insert into verification_feedbacks (id, workspace_id, verification_id, status, reasons, user_id, created_at)
     select gen_random_uuid(), workspace_id, id, feedback_status, '[]'::jsonb, user_id, created_at + interval '1 hour'
     from verifications where feedback_status is not null`,
  );
  console.log(`  verifications and feedbacks: ${Date.now() - t} ms`);

  // enrichments: five global profiles, batches of 500 consecutive rows (70% of the rows), repeated
  // valid documents on 1 row in 20, the others unique; created_at with microseconds
  const profiles = (
    await client.query<{ id: string; name: string; kind: string; entity: string }>(
      "select id, name, kind, entity from profiles where id = any($1) order by id",
      [["prf_person_complete", "prf_kyc_person", "prf_person_registry", "prf_company_complete", "prf_kyb_company"]],
    )
  ).rows;
  if (profiles.length !== 5) throw new Error("the global profiles are missing");
  const byId = new Map(profiles.map((p) => [p.id, p]));
  // share of each profile, in percent: [id, from, to)
  const shares: Array<[string, number, number]> = [
    ["prf_person_complete", 0, 40],
    ["prf_kyc_person", 40, 65],
    ["prf_person_registry", 65, 80],
    ["prf_company_complete", 80, 92],
    ["prf_kyb_company", 92, 100],
  ];
  const pick = (field: "id" | "name" | "kind" | "entity") =>
    `case ${shares.map(([id, , to]) => `when p.k < ${to} then '${byId.get(id)![field]}'`).join(" ")} end`;
  const REPEATED_DOCUMENTS = repeatedDocuments(rows);
  const cpfs = Array.from({ length: REPEATED_DOCUMENTS }, (_, k) => makeCpf(String(100_000_000 + k * 7919).slice(0, 9)));
  const cnpjs = Array.from({ length: REPEATED_DOCUMENTS }, (_, k) => makeCnpj(String(100_000_000_000 + k * 104_729).slice(0, 12)));
  const enrichmentSelect = (n: string) => `
    'enr_' || substr(md5(w.id::text || ':' || i), 1, 24), w.id, w.user_id, ${pick("id")}, ${pick("name")}, ${pick("kind")}, ${pick("entity")},
    case when ${pick("entity")} = 'company'
         then case when i % 20 = 0 then ($3::text[])[1 + (i / 20) % ${REPEATED_DOCUMENTS}] else lpad(((i::bigint * 7919 * 104729) % 99999999999999)::text, 14, '0') end
         else case when i % 20 = 0 then ($4::text[])[1 + (i / 20) % ${REPEATED_DOCUMENTS}] else lpad(((i::bigint * 104729 * 7919) % 99999999999)::text, 11, '0') end end,
    case when (i / 500) % 10 < 7 then 'batch' else 'interactive' end,
    case when (i / 500) % 10 < 7 then 'bat_' || substr(md5(w.id::text || ':batch:' || (i / 500)), 1, 24) end,
    jsonb_build_object('ref', 'r-' || i),
    now() - (i - 1) * (interval '${span}' / ${n}) - (i % 997) * interval '1 microsecond'`;
  // the profile of row i: batches keep one profile, interactive rows vary
  const profileOf = `(select case when (i / 500) % 10 < 7 then abs(hashtext(w.id::text || (i / 500)::text)) % 100 else abs(hashtext(w.id::text || i::text)) % 100 end as k) p`;
  const insertEnrichments = `insert into enrichments (id, workspace_id, user_id, profile_id, profile_name, profile_kind, entity, document, lane, batch_id, metadata, created_at)`;
  t = Date.now();
  await client.query(
    `${insertEnrichments} select ${enrichmentSelect("$2::int")} from (select $1::uuid as id, gen_random_uuid() as user_id) w, generate_series(1, $2::int) as i, lateral ${profileOf}`,
    [wsId, rows, cnpjs, cpfs],
  );
  await client.query(
    `${insertEnrichments} select ${enrichmentSelect("$2::int")} from (select id, gen_random_uuid() as user_id from unnest($1::uuid[]) as u(id)) w, generate_series(1, $2::int) as i, lateral ${profileOf}`,
    [others, perOther, cnpjs, cpfs],
  );
  // collections: 92% completed (ok, or subject_not_found), 6% failed, the newest still fetching
  await client.query(
    `insert into collections (id, workspace_id, owner, entity, document, lane, status, outcome, failure_reason, started_at, completed_at, created_at, updated_at)
     select e.id, e.workspace_id, 'enrichment', e.entity, e.document, e.lane, s.status,
            case when s.status = 'COMPLETED' then case when s.h < 85 then 'ok' else 'subject_not_found' end end,
            case when s.status = 'FAILED' then 'provider_unavailable' end,
            e.created_at, case when s.status in ('COMPLETED', 'FAILED') then e.created_at + interval '3 seconds' end, e.created_at, e.created_at
     from enrichments e, lateral (select abs(hashtext(e.id)) % 100 as h) x,
          lateral (select x.h as h, case when e.created_at > now() - interval '2 minutes' then 'FETCHING'
                        when x.h < 92 then 'COMPLETED' when x.h < 98 then 'FAILED' else 'COMPLETED' end as status) s`,
  );
  console.log(`  enrichments and collections: ${Date.now() - t} ms`);
  t = Date.now();
  for (const ix of indexes) await client.query(ix.indexdef);
  console.log(`  ${indexes.length} secondary indexes built again: ${Date.now() - t} ms`);
}

export async function benchListScale(args: string[]): Promise<void> {
  const reuse = args.includes("--reuse");
  const [rowsArg, runsArg] = args.filter((a) => !a.startsWith("--"));
  const rows = Number(rowsArg ?? 1_000_000);
  const runs = Number(runsArg ?? 30);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("list-scale runs on PostgreSQL: set DATABASE_URL (see the head of bench/list-scale.ts)");
  recordStatements();
  const svc = await startBenchService({}, { reuse });
  const { app, services, token } = svc;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows as Record<string, unknown>[];
  try {
    const [{ id: wsId }] = (await q("select workspace_id as id from users where email = 'bench@lupa.local'")) as { id: string }[];
    const counts = async () =>
      (
        await q(
          `select (select count(*)::int from verifications where workspace_id = $1) as v,
                (select count(*)::int from enrichments where workspace_id = $1) as e,
                (select count(*)::int from verifications) as vall, (select count(*)::int from enrichments) as eall`,
          [wsId],
        )
      )[0] as { v: number; e: number; vall: number; eall: number };
    let c = await counts();
    if (reuse && c.v === rows && c.e === rows) {
      console.log(`reusing the loaded database: ${c.v} verifications and ${c.e} enrichments in the measured workspace`);
    } else {
      if (c.v > 0 || c.e > 0)
        throw new Error(`the database holds other rows (${c.v} verifications); use a new database, or --reuse with the same rows`);
      const started = Date.now();
      const others: string[] = [];
      for (let k = 0; k < OTHER_WORKSPACES; k++) others.push((await createWorkspace(services.db, `Bench other ${k + 1}`)).id);
      console.log(
        `loading ${rows} verifications and ${rows} enrichments, and ${OTHER_WORKSPACES} other workspaces of ${Math.round(rows / 100)} each`,
      );
      await load(client, wsId, others, rows);
      const t = Date.now();
      for (const table of BIG_TABLES) await q(`vacuum analyze ${table}`);
      console.log(`  vacuum analyze: ${Date.now() - t} ms`);
      console.log(`loaded in ${Date.now() - started} ms`);
      c = await counts();
    }
    const sizes = (await q(
      `select relname, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class where relname = any($1) order by relname`,
      [BIG_TABLES],
    )) as { relname: string; size: string }[];
    console.log(
      `database: ${services.database.kind}; measured workspace ${c.v} verifications, ${c.e} enrichments; all workspaces ${c.vall} verifications, ${c.eall} enrichments; sizes ${sizes.map((s) => `${s.relname} ${s.size}`).join(", ")}`,
    );

    // parameters taken from the data
    const nationalId = (await q("select national_id from verifications where workspace_id = $1 offset 777 limit 1", [wsId]))[0]!
      .national_id as string;
    const docPart = nationalId.slice(2, 8);
    const repeated = (
      await q(
        "select document from enrichments where workspace_id = $1 and length(document) = 11 group by document order by count(*) desc limit 1",
        [wsId],
      )
    )[0]!.document as string;
    const batchId = (
      await q(
        "select batch_id from enrichments where workspace_id = $1 and batch_id is not null order by created_at desc offset (select count(*) / 8 from enrichments where workspace_id = $1) limit 1",
        [wsId],
      )
    )[0]!.batch_id as string;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

    const measure = async (fn: () => Promise<number | string>) => {
      for (let i = 0; i < 3; i++) await fn();
      const times: number[] = [];
      let result: number | string = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        result = await fn();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { result, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    const line = (label: string, result: string, p50: number, p95: number) =>
      console.log(`${label.padEnd(72)} ${result.padStart(16)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`);

    console.log(`\nmachine: ${cpus().length} cores; load average over the last minute ${loadavg()[0]!.toFixed(1)}`);
    console.log("baselines (the same database, one page without the API):");
    const bareV2 = await measure(
      async () => (await q("select * from verifications where workspace_id = $1 order by created_at desc limit 25", [wsId])).length,
    );
    line("bare indexed SELECT of one page of verifications (25)", `rows=${bareV2.result}`, bareV2.p50, bareV2.p95);
    const bareV3 = await measure(
      async () =>
        (
          await q(
            "select * from enrichments where workspace_id = $1 order by date_trunc('milliseconds', created_at at time zone 'UTC') desc, id desc limit 50",
            [wsId],
          )
        ).length,
    );
    line("bare indexed SELECT of one page of enrichments (50)", `rows=${bareV3.result}`, bareV3.p50, bareV3.p95);

    const v2Cases: Array<[string, string]> = [
      ["no filter", ""],
      ["page=40", "&page=40"],
      ["status=COMPLETED", "&status=COMPLETED"],
      ["status=FAILED", "&status=FAILED"],
      ["status=CNH_EXTRACT (1%)", "&status=CNH_EXTRACT"],
      ["status=CREATED (recent only)", "&status=CREATED"],
      [`nationalId=${nationalId}`, `&nationalId=${nationalId}`],
      ["search=silva (name)", "&search=silva"],
      ["search=aparecida cavalcanti", "&search=aparecida%20cavalcanti"],
      [`search=${docPart} (document part)`, `&search=${docPart}`],
      ["search=xyzw (nothing)", "&search=xyzw"],
      ["search=a silva xyz (common words, rare rest)", "&search=a%20silva%20xyz"],
      // issue 20: accents ignored both ways (the stored name is folded, migration 0013)
      ["search=goncalves (no accent; finds Gonçalves)", "&search=goncalves"],
      ["search=joão araújo (accented phrase)", `&search=${encodeURIComponent("joão araújo")}`],
      ["feedbackStatus=APPROVED", "&feedbackStatus=APPROVED"],
      ["feedbackStatus=NOTSTARTED", "&feedbackStatus=NOTSTARTED"],
      ["incomplete=true", "&incomplete=true"],
      ["scoreGte=900", "&scoreGte=900"],
      ["scoreGte=400&scoreLte=600", "&scoreGte=400&scoreLte=600"],
      ["from/to: 30 days", `&from=${day(60)}&to=${day(30)}`],
      ["search=silva & feedbackStatus=REPROVED", "&search=silva&feedbackStatus=REPROVED"],
      [`search=${docPart} & feedbackStatus=NOTSTARTED`, `&search=${docPart}&feedbackStatus=NOTSTARTED`],
      ["status=COMPLETED & feedbackStatus=NOTSTARTED & scoreGte=700", "&status=COMPLETED&feedbackStatus=NOTSTARTED&scoreGte=700"],
      ["status=FAILED & from/to: 7 days", `&status=FAILED&from=${day(14)}&to=${day(7)}`],
      ["search=santos & status=COMPLETED & scoreLte=300", "&search=santos&status=COMPLETED&scoreLte=300"],
      ["feedbackStatus=WAIVED & from/to: 7 days", `&feedbackStatus=WAIVED&from=${day(14)}&to=${day(7)}`],
    ];
    const v3Cases: Array<[string, string]> = [
      ["no filter", ""],
      ["next page (cursor)", "CURSOR"],
      ["from/to: 7 days", `&from=${day(14)}&to=${day(7)}`],
      [`document=${repeated} (repeated)`, `&document=${repeated}`],
      ["profileId=prf_kyb_company (8%)", "&profileId=prf_kyb_company"],
      ["entity=company", "&entity=company"],
      ["entity=pf", "&entity=pf"],
      ["lane=interactive", "&lane=interactive"],
      ["lane=batch", "&lane=batch"],
      [`batchId=${batchId}`, `&batchId=${batchId}`],
      ["profileId=prf_kyb_company & lane=interactive", "&profileId=prf_kyb_company&lane=interactive"],
      ["entity=company & lane=interactive & from/to: 30 days", `&entity=company&lane=interactive&from=${day(60)}&to=${day(30)}`],
      [`document & from/to: 180 days`, `&document=${repeated}&from=${day(365)}&to=${day(185)}`],
      ["profileId=prf_person_complete & lane=batch & entity=person", "&profileId=prf_person_complete&lane=batch&entity=person"],
    ];
    const headers = { authorization: `Bearer ${token}` };
    const first = await app.inject({ method: "GET", url: "/api/v3/enrichments?limit=50", headers });
    const cursor = first.json().nextCursor as string;

    const cases: Array<{ list: "v2" | "v3"; label: string; url: string }> = [
      ...v2Cases.map(([label, query]) => ({ list: "v2" as const, label, url: `/api/v2/verifications?limit=25${query}` })),
      ...v3Cases.map(([label, query]) => ({
        list: "v3" as const,
        label,
        url: query === "CURSOR" ? `/api/v3/enrichments?limit=50&cursor=${cursor}` : `/api/v3/enrichments?limit=50${query}`,
      })),
    ];
    const results: Array<{ list: string; label: string; p50: number; p95: number; statements: Statement[] }> = [];
    for (const list of ["v2", "v3"] as const) {
      console.log(
        list === "v2"
          ? "\nGET /api/v2/verifications?limit=25 (total as answered):"
          : "\nGET /api/v3/enrichments?limit=50 (items on the page):",
      );
      for (const k of cases.filter((x) => x.list === list)) {
        const m = await measure(async () => {
          const res = await app.inject({ method: "GET", url: k.url, headers });
          if (res.statusCode !== 200) throw new Error(`${k.url} answered ${res.statusCode}: ${res.body}`);
          const body = res.json();
          return list === "v2" ? `total=${body.total}` : `items=${body.items.length}`;
        });
        recorder.statements = [];
        recorder.recording = true;
        await app.inject({ method: "GET", url: k.url, headers });
        recorder.recording = false;
        // the list's own statements (the session check and the like are not the list's)
        const statements = recorder.statements.filter(
          (s) => /"(verifications|enrichments|verification_feedbacks)"/.test(s.text) && !/^explain/i.test(s.text),
        );
        results.push({ list, label: k.label, p50: m.p50, p95: m.p95, statements });
        line(k.label, String(m.result), m.p50, m.p95);
      }
    }
    console.log(
      `\nmachine: ${cpus().length} cores; load average over the last minute ${loadavg()[0]!.toFixed(1)} (other work on the machine counts)`,
    );
    const over = results.filter((r) => r.p50 >= 30);
    console.log(
      `\np50 under 30 ms: ${results.length - over.length} of ${results.length}${over.length ? `; over: ${over.map((r) => `${r.list} ${r.label}`).join("; ")}` : ""}`,
    );

    console.log("\nEXPLAIN (ANALYZE, BUFFERS) of the statements each route sent:");
    const seqScans: string[] = [];
    for (const r of results) {
      for (const [n, s] of r.statements.entries()) {
        await q("begin");
        for (const setting of s.settings) await q(setting);
        const plan = (await q(`explain (analyze, buffers) ${s.text}`, s.values)).map((x) => String(Object.values(x)[0]));
        await q("rollback");
        const scans = plan.filter((l) => /Seq Scan on (verifications|verification_feedbacks|enrichments|collections)\b/.test(l));
        if (scans.length > 0) seqScans.push(`${r.list} ${r.label} #${n + 1}`);
        console.log(`\n[${r.list}] ${r.label} — statement ${n + 1} of ${r.statements.length}${scans.length ? "  ** SEQ SCAN **" : ""}`);
        console.log(`  ${[...s.settings, s.text].join("; ").replace(/\s+/g, " ").slice(0, 400)}`);
        for (const l of plan) console.log(`    ${l}`);
      }
    }
    console.log(seqScans.length === 0 ? "\nno Seq Scan on the big tables in any plan" : `\nSEQ SCAN in: ${seqScans.join("; ")}`);
    if (seqScans.length > 0) process.exitCode = 1;
  } finally {
    await client.end();
    await svc.close();
  }
}
