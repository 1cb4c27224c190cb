// Benchmark: what the files in people's words (issue 29) cost against the codes they replaced as
// the default. GET /api/review/v1/cases/export.csv over `cases` verifications and GET
// /api/review/v1/audit-events.csv over `events` audit events of one workspace, each read whole
// over real HTTP in both formats (format=labels, the default, and format=codes, the baseline),
// alternating, `runs` times: p50 time and bytes per format; and, while each export streams, a
// GET /api/v2/verifications?limit=10 every 25 ms from the same process (its p50 and max: an
// export must not stall the others).
//
// Usage: npm run bench -- exports [cases=100000] [events=100000] [runs=3]   (PGlite; DATABASE_URL for PostgreSQL)
import { AUDIT_EVENT_TYPES } from "../lib/contract/review";
import { startBenchService } from "./setup";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function load(
  query: (text: string, values?: unknown[]) => Promise<unknown>,
  wsId: string,
  userId: string,
  cases: number,
  events: number,
) {
  await query(
    `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, feedback_status,
       created_at, updated_at, review_started_at, first_decided_at, assignee_id, assigned_at, risk_flags)
     select gen_random_uuid(), $1::uuid, $2::uuid, 'prf_kyc_person', lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0'),
       'person', 'Pessoa ' || i, case when i % 20 = 0 then 'FAILED' else 'COMPLETED' end, '{"source":"API"}'::jsonb, (i * 7919) % 1001,
       case when i % 3 = 0 then (array['APPROVED','REPROVED','STANDBY','WAIVED'])[1 + (i / 3) % 4] end,
       at, at, at + interval '1 minute', case when i % 3 = 0 then at + interval '1 hour' end,
       case when i % 4 = 0 then $2::uuid end, case when i % 4 = 0 then at + interval '2 minutes' end,
       case when i % 5 = 0 then array['restrictive_list','low_score'] else '{}'::text[] end
     from generate_series(1, $3::int) as i, lateral (select now() - i * interval '37 seconds' as at) c`,
    [wsId, userId, cases],
  );
  const types = `array[${AUDIT_EVENT_TYPES.map((t) => `'${t}'`).join(",")}]`;
  await query(
    `insert into audit_events (workspace_id, actor_id, actor_email, type, case_id, request_id, created_at, data)
     select $1::uuid, $2::uuid, 'bench@lupa.local', (${types})[1 + (i * 7) % ${AUDIT_EVENT_TYPES.length}], gen_random_uuid(), md5(i::text),
       now() - i * interval '15 seconds',
       jsonb_build_object('status', 'APPROVED', 'reasons', jsonb_build_array('Dados conferidos', 'Documentação validada'),
         'acknowledgedFlags', jsonb_build_array('restrictive_list'), 'document', '123.***.***-09', 'n', i)
     from generate_series(1, $3::int) as i`,
    [wsId, userId, events],
  );
}

export async function benchExports(cases: number, events: number, runs: number): Promise<void> {
  const s = await startBenchService();
  try {
    const query = (text: string, values?: unknown[]) => s.services.database.query(text, values);
    const { rows } = await query("select id, workspace_id from users where email = 'bench@lupa.local'");
    const { id: userId, workspace_id: wsId } = rows[0] as { id: string; workspace_id: string };
    const t = Date.now();
    await load(query, wsId, userId, cases, events);
    console.log(
      `exports: ${cases} cases, ${events} audit events loaded in ${Date.now() - t} ms; ${runs} runs, ${s.services.database.kind}`,
    );
    const headers = { authorization: `Bearer ${s.token}` };

    /** One export read whole, with the probe's latencies meanwhile. */
    async function measure(path: string): Promise<{ ms: number; bytes: number; probes: number[] }> {
      const probes: number[] = [];
      let done = false;
      const probe = (async () => {
        while (!done) {
          const started = performance.now();
          const res = await fetch(`${s.base}/api/v2/verifications?limit=10`, { headers });
          await res.arrayBuffer();
          probes.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, 25));
        }
      })();
      const started = performance.now();
      let res = await fetch(`${s.base}${path}`, { headers });
      // admission control (PGlite, a loaded machine) may refuse to start it: as a client would, again after Retry-After
      for (let retry = 0; res.status === 503 && retry < 10; retry++) {
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
        res = await fetch(`${s.base}${path}`, { headers });
      }
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      const ms = performance.now() - started;
      done = true;
      await probe;
      return { ms, bytes, probes };
    }

    for (const [name, path] of [
      ["cases/export.csv", "/api/review/v1/cases/export.csv"],
      ["audit-events.csv", "/api/review/v1/audit-events.csv"],
    ] as const) {
      await measure(`${path}?format=codes`); // warm-up
      const by: Record<string, { ms: number[]; bytes: number; probes: number[] }> = {
        codes: { ms: [], bytes: 0, probes: [] },
        labels: { ms: [], bytes: 0, probes: [] },
      };
      for (let i = 0; i < runs; i++)
        for (const format of i % 2 ? ["labels", "codes"] : ["codes", "labels"]) {
          const r = await measure(`${path}?format=${format}`);
          by[format]!.ms.push(r.ms);
          by[format]!.bytes = r.bytes;
          by[format]!.probes.push(...r.probes);
        }
      console.log(`  ${name}`);
      for (const format of ["codes", "labels"]) {
        const f = by[format]!;
        const ms = f.ms.sort((a, b) => a - b);
        const probes = f.probes.sort((a, b) => a - b);
        console.log(
          `    ${format.padEnd(6)} p50 ${percentile(ms, 50).toFixed(0)} ms (runs ${ms.map((m) => m.toFixed(0)).join(", ")}), ` +
            `${(f.bytes / 1e6).toFixed(1)} MB; GET /api/v2/verifications meanwhile: p50 ${percentile(probes, 50).toFixed(1)} ms, ` +
            `max ${probes[probes.length - 1]!.toFixed(1)} ms (${probes.length})`,
        );
      }
    }
  } finally {
    await s.close();
  }
}
