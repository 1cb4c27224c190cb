// Benchmark: GET /api/v2/verifications with `search` and `feedbackStatus` over N verifications
// (default 100,000) of one workspace, with another workspace of the same size beside it; 30% of
// them decided (latest decision kept on the row, its feedback rows too). Realistic names (first
// name and two surnames from lists) and spread CPFs. Each query runs through the whole API
// (JWT, zod, both list queries, the page's latest feedbacks, serialization) with app.inject;
// baselines in the same run: the list without filters, and a bare indexed SELECT of one page.
// Prints p50 / p95 per query and the EXPLAIN ANALYZE of the list queries (index use).
// Usage: DATABASE_URL=postgres://... npm run bench -- v2-list [rows=100000] [runs=30]
import { createWorkspace } from "../server/tenancy/workspaces";
import { startBenchService } from "./setup";

const FIRST = [
  "Maria",
  "José",
  "Ana",
  "João",
  "Antônio",
  "Francisca",
  "Carlos",
  "Paulo",
  "Adriana",
  "Lucas",
  "Juliana",
  "Marcos",
  "Patrícia",
  "Pedro",
  "Aline",
  "Rafael",
  "Fernanda",
  "Luiz",
  "Sandra",
  "Gabriel",
  "Camila",
  "Daniel",
  "Márcia",
  "Rodrigo",
  "Letícia",
  "Bruno",
  "Aparecida",
  "Eduardo",
  "Vanessa",
  "Felipe",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Moura",
  "Correia",
  "Cavalcanti",
  "Pinto",
  "Araújo",
];

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(",")}]`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export async function benchV2List(rows: number, runs: number): Promise<void> {
  const svc = await startBenchService();
  const { app, services, token } = svc;
  const q = services.database.query;
  try {
    const [{ id: wsId }] = (await q("select workspace_id as id from users where email = 'bench@lupa.local'")).rows as { id: string }[];
    const other = await createWorkspace(services.db, "Bench other");
    const started = Date.now();
    for (const ws of [wsId, other.id]) {
      await q(
        `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status, created_at, updated_at)
         select gen_random_uuid(), $1, gen_random_uuid(), 'prf_kyc_person', lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0'), 'person',
                (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 7) % ${LAST.length}],
                (array['COMPLETED','COMPLETED','COMPLETED','COMPLETED','FAILED','PROCESSING'])[1 + i % 6], '{"source":"API"}'::jsonb,
                (i * 7919) % 1001,
                case when i % 10 < 3 then (array['APPROVED','REPROVED','STANDBY','WAIVED'])[1 + (i / 10) % 4] end,
                now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
         from generate_series(1, $2::int) as i`,
        [ws, rows],
      );
      await q(
        `insert into verification_feedbacks (id, workspace_id, verification_id, status, reasons, user_id, created_at)
         select gen_random_uuid(), workspace_id, id, feedback_status, '[]'::jsonb, user_id, created_at + interval '1 hour'
         from verifications where workspace_id = $1 and feedback_status is not null`,
        [ws],
      );
    }
    await q("vacuum analyze verifications");
    await q("vacuum analyze verification_feedbacks");
    const trgm = (await q("select count(*)::int as n from pg_extension where extname = 'pg_trgm'")).rows[0]!.n;
    console.log(
      `database: ${services.database.kind}; ${rows} verifications per workspace (2 workspaces), 30% decided, inserted in ${Date.now() - started} ms; pg_trgm ${trgm ? "installed" : "NOT installed"}`,
    );

    const sample = (await q("select national_id from verifications where workspace_id = $1 offset 777 limit 1", [wsId])).rows[0]!
      .national_id as string;
    const docPart = sample.slice(2, 8);
    const cases: Array<[string, string]> = [
      ["no filter (baseline)", ""],
      ["feedbackStatus=APPROVED", "&feedbackStatus=APPROVED"],
      ["feedbackStatus=NOTSTARTED", "&feedbackStatus=NOTSTARTED"],
      ["search=silva (name)", "&search=silva"],
      ["search=aparecida cavalcanti", "&search=aparecida%20cavalcanti"],
      [`search=${docPart} (document part)`, `&search=${docPart}`],
      ["search=silva & feedbackStatus=REPROVED", "&search=silva&feedbackStatus=REPROVED"],
      [`search=${docPart} & feedbackStatus=NOTSTARTED`, `&search=${docPart}&feedbackStatus=NOTSTARTED`],
      ["search=santos & feedbackStatus=WAIVED & status", "&search=santos&feedbackStatus=WAIVED&status=COMPLETED"],
    ];
    const measure = async (fn: () => Promise<number>) => {
      for (let i = 0; i < 3; i++) await fn();
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        total = await fn();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { total, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    const bare = await measure(async () => {
      const r = await q("select * from verifications where workspace_id = $1 order by created_at desc limit 25", [wsId]);
      return r.rows.length;
    });
    console.log(
      `${"bare indexed SELECT of one page (baseline)".padEnd(50)} rows=${String(bare.total).padStart(6)}  p50 ${bare.p50.toFixed(1).padStart(6)} ms  p95 ${bare.p95.toFixed(1).padStart(6)} ms`,
    );
    for (const [label, query] of cases) {
      const m = await measure(async () => {
        const res = await app.inject({
          method: "GET",
          url: `/api/v2/verifications?limit=25${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
        return res.json().total as number;
      });
      console.log(
        `${`GET list ${label}`.padEnd(50)} total=${String(m.total).padStart(6)}  p50 ${m.p50.toFixed(1).padStart(6)} ms  p95 ${m.p95.toFixed(1).padStart(6)} ms`,
      );
    }

    // the page statements the list route sends (server/v2/verifications/queries.ts), and the full
    // count it sent before it stopped counting at LUPA_LIST_EXACT_TOTAL (bench list-scale replays
    // the statements exactly as sent)
    const where = `workspace_id = '${wsId}' and (name ilike '%silva%' or national_id ilike '%SILVA%') and feedback_status = 'REPROVED'`;
    const whereDoc = `workspace_id = '${wsId}' and (name ilike '%${docPart}%' or national_id ilike '%${docPart}%') and feedback_status is null`;
    const plans: Array<[string, string]> = [
      [
        "page: search=silva & feedbackStatus=REPROVED",
        `select * from verifications where ${where} order by created_at desc, id desc limit 25`,
      ],
      ["count: search=silva & feedbackStatus=REPROVED", `select count(*) from verifications where ${where}`],
      [`page: search=${docPart} & NOTSTARTED`, `select * from verifications where ${whereDoc} order by created_at desc, id desc limit 25`],
      [`count: search=${docPart} & NOTSTARTED`, `select count(*) from verifications where ${whereDoc}`],
      [
        "page: feedbackStatus=APPROVED",
        `select * from verifications where workspace_id = '${wsId}' and feedback_status = 'APPROVED' order by created_at desc, id desc limit 25`,
      ],
    ];
    for (const [label, text] of plans) {
      const plan = (await q(`explain analyze ${text}`)).rows.map((r) => String(Object.values(r)[0]));
      console.log(`\nEXPLAIN ANALYZE ${label}`);
      for (const line of plan) console.log(`  ${line}`);
    }
  } finally {
    await svc.close();
  }
}
