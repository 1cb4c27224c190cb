// Benchmark: the investigation graph (issue 33, item 5; server/graph, docs/graph.md) on PostgreSQL,
// over the CNPJ sample of bench/cnpj-sample.ts (default 6,000,000 establishments, the size)
// imported by the importer itself into a database of its own.
//
// Prints, in the same run:
// - the import: a plain COPY of the same zips (the baseline, as bench import-cnpj), the import with
//   the graph's contact-key indexes, and those four indexes built again alone (what they add);
// - expand at depth 1 (default limit), p50/p95, next to one indexed select of the node's QSA
//   (the cheapest read an expand makes) and a case read (GET /cases/{id}), over the same HTTP;
// - expand at depth 2 with limit 500, p50/p95 (goal p95 < 500 ms; depth 1: < 100 ms);
// - paths of 2 to 6 hops (endpoints found by a random walk, so a path exists), and pairs of random
//   companies with no path within 6 hops (the search's worst case): p50/p95, nodes visited
//   (goal p95 < 2 s);
// - a case read's p99 idle, then with 20 concurrent explorers expanding and searching paths
//   (goal: under 50 ms).
//
// Usage: npm run bench -- graph [establishments=6000000] [--files <dir>] [--reuse] [--runs N]
//   LUPA_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres): where to create the database.
//   --files <dir>: reuse (or keep) the generated sample there (the same marker as bench import-cnpj).
//   --reuse: keep the database lupa_bench_graph_<size> for the next run, and reuse it when it is there
//   (no import then: the import's figures are printed only by the run that imports).
//   The lawsuits are off (the receita providers only, as in production without a lawsuits
//   provider): the registry and the cases are what is measured.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { prepareSchema } from "../server/db/migrate";
import { importCnpj } from "../server/registry/import-cnpj";
import { layoutOf } from "../server/registry/layout";
import { writeCnpjSample } from "./cnpj-sample";
import { plainCopy } from "./import-cnpj";
import { startBenchService } from "./setup";

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};
const stats = (values: number[]) =>
  values.length === 0
    ? "n=0"
    : `n=${values.length} p50 ${pct(values, 0.5).toFixed(1)} ms, p95 ${pct(values, 0.95).toFixed(1)} ms, p99 ${pct(values, 0.99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

interface Edge {
  source: string;
  target: string;
}

export async function benchGraph(args: string[]): Promise<void> {
  const filesAt = args.indexOf("--files");
  const keepFiles = filesAt >= 0;
  const reuse = args.includes("--reuse");
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 200;
  // the size is the first number that is not an option's value (`--runs 50` once read as 50 establishments)
  const size = Number(
    args.find((a, i) => /^\d+$/.test(a) && (runsAt < 0 || i !== runsAt + 1) && (filesAt < 0 || i !== filesAt + 1)) ?? 6_000_000,
  );
  const dir = keepFiles ? args[filesAt + 1]! : mkdtempSync(path.join(tmpdir(), "lupa-graph-sample-"));
  const adminUrl = process.env.LUPA_BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  console.log(`graph: ${fmt(size)} establishments; ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB`);
  console.log(`load average at start: ${load()}`);

  const name = `lupa_bench_graph_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rows.length > 0;
  if (exists && !reuse) await admin.query(`drop database ${name} with (force)`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const lines: string[] = [];
  const row = (measure: string, figure: string) => {
    lines.push(`| ${measure} | ${figure} |`);
    console.log(`  ${measure}: ${figure}`);
  };

  try {
    if (!exists || !reuse) {
      // the sample, generated or reused (bench import-cnpj's marker)
      let folder = path.join(dir, "2025-01");
      const marker = path.join(folder, `.size-${size}`);
      if (!existsSync(marker)) {
        rmSync(folder, { recursive: true, force: true });
        const started = performance.now();
        const sample = await writeCnpjSample(dir, size, console.log);
        writeFileSync(marker, JSON.stringify(sample));
        console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      const sample = JSON.parse(readFileSync(marker, "utf8")) as Awaited<ReturnType<typeof writeCnpjSample>>;
      folder = sample.folder;
      console.log(`sample: ${fmt(sample.count.establishments)} establishments, ${fmt(sample.count.partners)} partners`);
      await admin.query(`create database ${name}`);
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });
      try {
        await prepareSchema(database, { migrationUrl: null, waitSeconds: 0, log: { info() {}, warn() {} } });
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        console.log("baseline: plain COPY of the same zips ...");
        const plain = await plainCopy(client, folder);
        for (const r of (await client.query(`select tablename from pg_tables where tablename like 'plain\\_%'`)).rows)
          await client.query(`drop table ${r.tablename}`);
        await client.query("checkpoint");
        row(`baseline: plain COPY, ${fmt(plain.rows)} rows`, `${plain.seconds.toFixed(1)} s, ${fmt(plain.rows / plain.seconds)} rows/s`);
        console.log("import (checks, typed COPY, indexes with the graph's, swap) ...");
        const summary = await importCnpj(database, folder, { progressMs: 60_000, log: (l) => console.log(`  ${l}`) });
        const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
        row(
          `import with the graph's indexes, ${fmt(total)} rows (index builds ${summary.indexSeconds.toFixed(1)} s, beside the loading)`,
          `${summary.seconds.toFixed(1)} s, ${fmt(total / summary.seconds)} rows/s; ratio to the plain COPY ${(total / summary.seconds / (plain.rows / plain.seconds)).toFixed(2)}`,
        );
        // what the graph's four indexes cost: built again alone, one after the other
        const graphIndexes = layoutOf("estabelecimentos").indexes.filter(([suffix]) => suffix.endsWith("_key"));
        let indexSeconds = 0;
        const parts: string[] = [];
        for (const [suffix, definition] of graphIndexes) {
          const index = `establishments_${suffix}`;
          await client.query(`drop index "${summary.schema}"."${index}"`);
          const started = performance.now();
          await client.query(`create index "${index}" on "${summary.schema}".establishments ${definition}`);
          const seconds = (performance.now() - started) / 1000;
          indexSeconds += seconds;
          const { rows: sized } = await client.query(`select pg_relation_size($1::regclass)::float8 as bytes`, [
            `"${summary.schema}"."${index}"`,
          ]);
          parts.push(`${suffix} ${seconds.toFixed(1)} s, ${(Number(sized[0]!.bytes) / 2 ** 20).toFixed(0)} MiB`);
        }
        row("the graph's 4 contact-key indexes built alone", `${indexSeconds.toFixed(1)} s (${parts.join("; ")})`);
        await client.query(`analyze "${summary.schema}".establishments`);
        await client.end();
      } finally {
        await database.close();
      }
    } else {
      console.log(`reusing the database ${name} (no import this run)`);
    }

    // the service over that database, registry only (no lawsuits provider)
    const svc = await startBenchService(
      { DATABASE_URL: url.toString(), LUPA_PROVIDERS: "company-profile:receita,company-related:receita" },
      { reuse: true },
    );
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await svc.services.database.query(text, values)).rows as T[];
    const get = async (p: string) => {
      const started = performance.now();
      const res = await fetch(`${svc.base}/api/review/v1${p}`, { headers: { authorization: `Bearer ${svc.token}` } });
      const body = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${body.slice(0, 200)}`);
      return { ms, json: JSON.parse(body) as Record<string, unknown> };
    };
    try {
      const [{ ws, user }] = await q<{ ws: string; user: string }>(
        "select workspace_id as ws, id as user from users where email = 'bench@lupa.local'",
      );
      const [{ live }] = await q<{ live: string }>("select schema_name as live from registry_releases where state = 'live'");
      // 1,000 cases (persons) to read
      const [{ n }] = await q<{ n: number }>("select count(*)::int as n from verifications where workspace_id = $1", [ws]);
      if (n < 1000)
        await q(
          `insert into verifications (id, workspace_id, user_id, profile_id, national_id, entity, name, status, config, score, created_at, updated_at, review_started_at)
           select gen_random_uuid(), $1::uuid, $2::uuid, 'prf_kyc_person', lpad(((i::bigint * 7919 * 104729) % 99999999999)::text, 11, '0'), 'person',
             'Pessoa ' || i, 'COMPLETED', '{"source":"API"}'::jsonb, 700, now() - (i * interval '1 minute'), now() - (i * interval '1 minute'), now() - (i * interval '1 minute')
           from generate_series(1, 1000) as i`,
          [ws, user],
        );
      const cases = (await q<{ id: string }>("select id from verifications where workspace_id = $1 limit 1000", [ws])).map((r) => r.id);
      // hubs the sample lacks (its partners are almost all in one company each): 20 holdings each a
      // partner of about 1,000 companies, and 2,000 persons each a partner of 10 more companies
      const hubbed = (await q(`select 1 from pg_tables where schemaname = $1 and tablename = '_bench_hubs'`, [live])).length > 0;
      if (!hubbed) {
        const started = performance.now();
        await q(`create table "${live}"._bench_hubs as select 1 as done`);
        await q(
          `with holdings as (select row_number() over (order by cnpj) - 1 as h, cnpj from (select cnpj from "${live}".establishments tablesample system (0.05) repeatable (5) where cnpj like '%0001__' limit 20) x),
                picked as (select base, row_number() over (order by base) as rn from "${live}".companies tablesample system (1) repeatable (3))
           insert into "${live}".partners (base, kind, name, document, qualification, since, age_band)
           select p.base, 1, 'HOLDING ' || ho.h || ' PARTICIPACOES SA', ho.cnpj, 22, date '2015-01-01', 0
             from picked p join holdings ho on ho.h = p.rn % 20 where p.rn <= 20000 and left(ho.cnpj, 8) <> p.base`,
        );
        await q(
          `with people as (select row_number() over (order by document, name) - 1 as k, name, document from (select distinct document, name from "${live}".partners tablesample system (2) repeatable (9) where kind = 2 limit 2000) x),
                picked as (select base, row_number() over (order by base) as rn from "${live}".companies tablesample system (1) repeatable (4))
           insert into "${live}".partners (base, kind, name, document, qualification, since, age_band)
           select p.base, 2, pe.name, pe.document, 49, date '2018-06-01', 5
             from picked p join people pe on pe.k = p.rn % 2000 where p.rn <= 20000`,
        );
        await q(`analyze "${live}".partners`);
        console.log(`hubs added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      const readCase = async () => (await get(`/cases/${cases[Math.floor(Math.random() * cases.length)]}`)).ms;

      // nodes: random establishments, and companies with a company partner (linked to other companies)
      const random = (
        await q<{ cnpj: string }>(`select cnpj from "${live}".establishments tablesample system (1) repeatable (7) limit ${runs}`)
      ).map((r) => `company:${r.cnpj}`);
      // half with a holding among their partners, half with a partner in several companies
      const linkedBases = (
        await q<{ base: string }>(
          `(select base from "${live}".partners where name like 'HOLDING % PARTICIPACOES SA' order by base limit ${Math.ceil(runs / 2)})
           union all
           (select base from "${live}".partners where since = date '2018-06-01' and qualification = 49 order by base limit ${Math.floor(runs / 2)})`,
        )
      ).map((r) => r.base);
      const linked = (
        await q<{ cnpj: string }>(
          `select (select cnpj from "${live}".establishments e where e.cnpj >= b.base collate "C" and e.cnpj < (b.base || '~') collate "C" order by cnpj limit 1) as cnpj
             from unnest($1::text[]) as b(base)`,
          [linkedBases],
        )
      )
        .filter((r) => r.cnpj)
        .map((r) => `company:${r.cnpj}`);
      console.log(`nodes: ${random.length} random establishments, ${linked.length} companies with a company partner; load ${load()}`);

      // warm-up
      for (const id of random.slice(0, 20)) await get(`/graph/expand?node=${encodeURIComponent(id)}`);

      console.log("expand depth 1 ...");
      const caseIdle: number[] = [];
      for (let i = 0; i < 300; i++) caseIdle.push(await readCase());
      const d1: number[] = [];
      const d1Nodes: number[] = [];
      const bare: number[] = [];
      for (const id of [...random, ...linked]) {
        const r = await get(`/graph/expand?node=${encodeURIComponent(id)}&depth=1`);
        d1.push(r.ms);
        d1Nodes.push((r.json.nodes as unknown[]).length);
        const started = performance.now();
        await q(`select * from "${live}".partners where base = $1`, [id.slice(8, 16)]);
        bare.push(performance.now() - started);
      }
      row("baseline: GET /cases/{id}, idle, one at a time", stats(caseIdle));
      row("baseline: one indexed select of a company's QSA (the service's driver)", stats(bare));
      row(`expand depth 1, default limit (nodes: median ${pct(d1Nodes, 0.5)}, max ${Math.max(...d1Nodes)}) (goal p95 < 100 ms)`, stats(d1));

      console.log("expand depth 2, limit 500 ...");
      const d2: number[] = [];
      const d2Nodes: number[] = [];
      let d2Truncated = 0;
      for (const id of [...linked, ...random.slice(0, Math.max(0, runs - linked.length))]) {
        const r = await get(`/graph/expand?node=${encodeURIComponent(id)}&depth=2&limit=500`);
        d2.push(r.ms);
        d2Nodes.push((r.json.nodes as unknown[]).length);
        if (r.json.truncated) d2Truncated++;
      }
      row(
        `expand depth 2, limit 500 (nodes: median ${pct(d2Nodes, 0.5)}, max ${Math.max(...d2Nodes)}; truncated ${d2Truncated}) (goal p95 < 500 ms)`,
        stats(d2),
      );

      console.log("paths ...");
      // endpoints by a random walk over expand (depth 1), so that a path of at most `hops` exists
      const walk = async (from: string, hops: number): Promise<string | null> => {
        let at = from;
        const seen = new Set([from]);
        for (let h = 0; h < hops; h++) {
          const r = await get(`/graph/expand?node=${encodeURIComponent(at)}&depth=1&limit=500`);
          const next = (r.json.edges as Edge[]).map((e) => (e.source === at ? e.target : e.source)).filter((id) => !seen.has(id));
          if (next.length === 0) return h >= 1 ? at : null;
          at = next[Math.floor(Math.random() * next.length)]!;
          seen.add(at);
        }
        return at;
      };
      const found: number[] = [];
      const foundVisited: number[] = [];
      const hopsSeen: number[] = [];
      const pathRuns = Math.min(runs, 100);
      for (let i = 0; i < pathRuns; i++) {
        const from = linked[i % linked.length]!;
        const to = await walk(from, 2 + (i % 5));
        if (!to || to === from) continue;
        const r = await get(`/graph/path?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&maxDepth=6&k=3`);
        found.push(r.ms);
        foundVisited.push(Number(r.json.visited));
        const paths = r.json.paths as { edges: unknown[] }[];
        if (paths[0]) hopsSeen.push(paths[0].edges.length);
      }
      row(
        `paths, k=3, maxDepth 6, endpoints 2 to 6 steps apart (shortest found: ${hopsSeen.length} of ${found.length}, hops median ${pct(hopsSeen, 0.5)}, max ${Math.max(...hopsSeen)}; visited median ${fmt(pct(foundVisited, 0.5))}) (goal p95 < 2 s)`,
        stats(found),
      );
      const none: number[] = [];
      const noneVisited: number[] = [];
      let noneTruncated = 0;
      for (let i = 0; i + 1 < linked.length && i < random.length && none.length < Math.min(pathRuns, 50); i += 2) {
        const r = await get(`/graph/path?from=${encodeURIComponent(linked[i]!)}&to=${encodeURIComponent(random[i]!)}&maxDepth=6&k=1`);
        if ((r.json.paths as unknown[]).length > 0) continue;
        none.push(r.ms);
        noneVisited.push(Number(r.json.visited));
        if (r.json.truncated) noneTruncated++;
      }
      row(
        `paths between unlinked companies, maxDepth 6 (no path: the whole 6-hop search; visited median ${fmt(pct(noneVisited, 0.5))}, max ${fmt(Math.max(...noneVisited))}, truncated ${noneTruncated})`,
        stats(none),
      );

      const explorersRun = async (thinkMs: number, seconds: number) => {
        console.log(`20 concurrent explorers, ${thinkMs} ms between actions ...`);
        let stop = false;
        const explorerMs: number[] = [];
        let explorerErrors = 0;
        const explorer = async (k: number) => {
          let i = k;
          if (thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
          while (!stop) {
            const id = (i % 2 === 0 ? linked : random)[i % Math.max(1, (i % 2 === 0 ? linked : random).length)]!;
            const p =
              i % 3 === 0
                ? `/graph/path?from=${encodeURIComponent(linked[i % linked.length]!)}&to=${encodeURIComponent(linked[(i * 7 + 3) % linked.length]!)}&maxDepth=6&k=1`
                : `/graph/expand?node=${encodeURIComponent(id)}&depth=${1 + (i % 2)}&limit=500`;
            try {
              explorerMs.push((await get(p)).ms);
            } catch {
              explorerErrors++;
            }
            i += 20;
            if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs));
          }
        };
        const explorers = Array.from({ length: 20 }, (_, k) => explorer(k));
        await new Promise((r) => setTimeout(r, 2000));
        const during: number[] = [];
        const until = performance.now() + seconds * 1000;
        while (performance.now() < until) during.push(await readCase());
        stop = true;
        await Promise.all(explorers);
        const label =
          thinkMs > 0 ? `each waiting ${thinkMs} ms between actions (a person at the keyboard)` : "back to back (no pause: saturation)";
        row(`GET /cases/{id} during 20 concurrent explorers ${label}, ${seconds} s (goal p99 < 50 ms)`, stats(during));
        row(`  the explorers' own requests (expand depth 1-2, paths), ${explorerErrors} errors`, stats(explorerMs));
      };
      await explorersRun(1000, 30);
      await explorersRun(0, 20);
      const idleAgain: number[] = [];
      for (let i = 0; i < 300; i++) idleAgain.push(await readCase());
      row("baseline: GET /cases/{id} idle, after", stats(idleAgain));
    } finally {
      await svc.close();
    }
    console.log("");
    console.log(`| measure | figure |`);
    console.log(`|---|---|`);
    for (const l of lines) console.log(l);
    console.log(`load average at end: ${load()}`);
  } finally {
    if (!reuse) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (!keepFiles) rmSync(dir, { recursive: true, force: true });
  }
}
