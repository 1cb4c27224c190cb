// Benchmark: the registry import (server/registry/) of a month of the CNPJ open data at a tenth
// of the country or more (default 6,000,000 establishments with their companies, partners and
// Simples rows, generated in the full published layout: bench/cnpj-sample.ts), on PostgreSQL, in
// a database of its own that is dropped at the end.
//
// Prints, in the same run:
// - the baseline: a plain COPY of the same rows (the same zips, inflated by the same reader) as
//   CSV into one unindexed table of text columns per layout: the physical limit of loading them;
//   once before the import and once after it (the machine is shared: its load moves), the ratio
//   taken to their mean;
// - the import: rows/s including the checks, the typed COPY, the indexes and the swap, and its
//   ratio to the baseline (goal: at least 0.5);
// - bytes on disk per establishment (the release's tables and indexes), by table;
// - the company-profile lookup through the provider, p50 and p99 over random CNPJs (goal < 5 ms).
//
// Usage: npm run bench -- import-cnpj [establishments=6000000] [--files <dir>] [--keep-files]
//   LUPA_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres): where to create the database.
//   --files <dir>: reuse (or keep) the generated sample there; without it a temporary folder is removed.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openDatabase } from "../server/db/client";
import { prepareSchema } from "../server/db/migrate";
import { importCnpj } from "../server/registry/import-cnpj";
import { kindOfFile, layoutOf, type FileKind } from "../server/registry/layout";
import { listZipEntries, openZipEntry } from "../server/registry/zip";
import { writeCnpjSample } from "./cnpj-sample";
import { measureLookups, type LookupTimes } from "./import-cnpj-lookup";

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

export async function plainCopy(client: pg.Client, folder: string): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  let rows = 0;
  const made = new Set<FileKind>();
  for (const name of readdirSync(folder).sort()) {
    const kind = kindOfFile(name);
    if (!kind) continue;
    const layout = layoutOf(kind);
    const table = `plain_${layout.table}`;
    if (!made.has(kind)) {
      const columns = Array.from({ length: layout.fields }, (_, i) => `c${i} text`).join(", ");
      await client.query(`create table ${table} (${columns})`);
      made.add(kind);
    }
    const file = path.join(folder, name);
    for (const entry of await listZipEntries(file)) {
      const sink = client.query(copyFrom(`copy ${table} from stdin with (format csv, delimiter ';', quote '"', encoding 'LATIN1')`));
      await pipeline(Readable.from(await openZipEntry(file, entry)), sink);
      rows += Number(sink.rowCount);
    }
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

export async function benchImportCnpj(args: string[]): Promise<void> {
  const size = Number(args.find((a) => /^\d+$/.test(a)) ?? 6_000_000);
  const filesAt = args.indexOf("--files");
  const keepFiles = filesAt >= 0;
  const dir = keepFiles ? args[filesAt + 1]! : mkdtempSync(path.join(tmpdir(), "lupa-cnpj-sample-"));
  const adminUrl = process.env.LUPA_BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  console.log(
    `import-cnpj: ${fmt(size)} establishments; ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  console.log(`load average at start: ${load()}`);

  let folder = path.join(dir, "2025-01");
  const marker = path.join(folder, `.size-${size}`);
  const generated = await (async () => {
    if (existsSync(marker)) return null;
    rmSync(folder, { recursive: true, force: true });
    const started = performance.now();
    const sample = await writeCnpjSample(dir, size, console.log);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(marker, JSON.stringify(sample));
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return sample;
  })();
  const { readFileSync } = await import("node:fs");
  const sample = generated ?? (JSON.parse(readFileSync(marker, "utf8")) as Awaited<ReturnType<typeof writeCnpjSample>>);
  folder = sample.folder;
  const samples = sample.samples;
  const zipped = readdirSync(folder).reduce((sum, f) => sum + (f.endsWith(".zip") ? statSync(path.join(folder, f)).size : 0), 0);
  console.log(
    `sample: ${fmt(sample.count.establishments)} establishments, ${fmt(sample.count.companies)} companies, ${fmt(sample.count.partners)} partners, ` +
      `${fmt(sample.count.simples)} Simples rows; ${(zipped / 2 ** 20).toFixed(0)} MiB zipped`,
  );

  const name = `lupa_bench_cnpj_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  try {
    // one role (the admin URL's): the bench measures the import, not the roles
    await prepareSchema(database, { migrationUrl: null, waitSeconds: 0, log: { info() {}, warn() {} } });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    /** The plain COPY into fresh text tables, then dropped (the disk they took is kept). */
    const baseline = async (label: string) => {
      console.log(`baseline (${label}): plain COPY (CSV into unindexed text tables) of the same zips ...`);
      const plain = await plainCopy(client, folder);
      const { rows: size } = await client.query(
        `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 as bytes from pg_class c where c.relname like 'plain\\_%' and c.relkind = 'r'`,
      );
      for (const row of (await client.query(`select tablename from pg_tables where tablename like 'plain\\_%'`)).rows) {
        await client.query(`drop table ${row.tablename}`);
      }
      await client.query("checkpoint");
      console.log(
        `  ${fmt(plain.rows)} rows in ${plain.seconds.toFixed(1)} s: ${fmt(plain.rows / plain.seconds)} rows/s; load average ${load()}`,
      );
      return { ...plain, bytes: Number(size[0]!.bytes) };
    };
    // before and after the import: the machine's load moves, the ratio is to their mean
    const before = await baseline("before the import");

    console.log("import (checks, typed COPY, indexes, swap) ...");
    const summary = await importCnpj(database, folder, { progressMs: 30_000, log: (l) => console.log(`  ${l}`) });
    const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    const rate = total / summary.seconds;
    const { rows: sizes } = await client.query(
      `select c.relname as table, pg_table_size(c.oid)::float8 as heap, pg_indexes_size(c.oid)::float8 as indexes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind = 'r' order by 2 desc`,
      [summary.schema],
    );
    const bytes = sizes.reduce((sum, r) => sum + Number(r.heap) + Number(r.indexes), 0);
    const perEstablishment = bytes / summary.rows.establishments!;
    const after = await baseline("after the import");
    const plainRate = (before.rows / before.seconds + after.rows / after.seconds) / 2;

    console.log(`lookups: company-profile 2.0 through the provider ...`);
    const lookups = await measureLookups(database, samples);

    console.log("");
    console.log(`| measure | figure |`);
    console.log(`|---|---|`);
    for (const [label, plain] of [
      ["before", before],
      ["after", after],
    ] as const) {
      console.log(
        `| baseline: plain COPY ${label} the import, ${fmt(plain.rows)} rows | ${plain.seconds.toFixed(1)} s, ${fmt(plain.rows / plain.seconds)} rows/s |`,
      );
    }
    console.log(
      `| import, ${fmt(total)} rows (index builds: ${summary.indexSeconds.toFixed(1)} s, most beside the loading) | ${summary.seconds.toFixed(1)} s, ${fmt(rate)} rows/s |`,
    );
    console.log(`| import / plain COPY, the mean of both (goal >= 0.5) | ${(rate / plainRate).toFixed(2)} |`);
    console.log(
      `| disk: release (tables + indexes) | ${(bytes / 2 ** 20).toFixed(0)} MiB, ${perEstablishment.toFixed(0)} bytes per establishment |`,
    );
    console.log(`| disk: plain COPY tables | ${(before.bytes / 2 ** 20).toFixed(0)} MiB |`);
    for (const r of sizes)
      console.log(
        `|   ${r.table} | ${(Number(r.heap) / 2 ** 20).toFixed(0)} MiB + ${(Number(r.indexes) / 2 ** 20).toFixed(0)} MiB indexes |`,
      );
    const ms = (t: LookupTimes) =>
      `p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms${t.notFound ? ` (${t.notFound} not found)` : ""}`;
    console.log(
      `| company-profile lookup through the provider, first read of ${fmt(lookups.first.count)} CNPJs (goal < 5 ms) | ${ms(lookups.first)} |`,
    );
    console.log(`| the same CNPJs read again | ${ms(lookups.second)} |`);
    console.log(`| baseline: bare indexed select of the establishment, same CNPJs | ${ms(lookups.bare)} |`);
    console.log(`load average at end: ${load()}`);
    await client.end();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (!keepFiles) rmSync(dir, { recursive: true, force: true });
  }
}
