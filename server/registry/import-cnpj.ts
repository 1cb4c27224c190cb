// `npm run admin -- import-cnpj <folder>`: loads one month of the Receita's CNPJ open data, read
// from its zips as published (streamed, never unzipped to disk), with COPY into the release's own
// schema, builds the indexes, then makes it live in one transaction (release.ts). An interrupted
// import resumes after the last file it committed (each file is one transaction); `restart`
// starts the month over. The live release is never written to.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Database } from "../db/client";
import { openLoadConnection, type LoadConnection } from "./connection";
import { CopyText } from "./copy-text";
import { kindOfFile, layoutOf, LOAD_ORDER, type FileKind } from "./layout";
import { LongLineError, RecordSplitter } from "./records";
import { createReleaseTables, dropLoadingRelease, dropRetiredSchemas, ident, swapRelease, type ReleaseRow } from "./release";
import { writeRow, type Refusal } from "./rows";
import { IndexBuilder } from "./indexes";
import { DEFAULT_LIMITS, inflatedCap, listZipEntries, openZipEntry, ZipError } from "./zip";

export interface ImportOptions {
  /** YYYY-MM; default: the folder's name when it is one (the portal publishes a folder per month). */
  release?: string;
  /** Drop this month's unfinished load and start over. */
  restart?: boolean;
  /** Load the month again even though it is the live release. */
  reload?: boolean;
  log?: (line: string) => void;
  /** How often progress is printed while a file loads. */
  progressMs?: number;
}

export interface ImportSummary {
  release: string;
  schema: string;
  /** false: the month was already live and nothing was loaded. */
  loaded: boolean;
  rows: Record<string, number>;
  refused: number;
  seconds: number;
  /** Seconds spent building indexes. */
  indexSeconds: number;
  replaced: string[];
}

/** `code`: `long_line`, `entry_too_large`, `duplicate_keys`; none for a usage error. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly code?: "long_line" | "entry_too_large" | "duplicate_keys",
  ) {
    super(message);
  }
}

const RELEASE = /^\d{4}-(0[1-9]|1[0-2])$/;
const LOCK_ID = 7_412_022; // arbitrary, constant: "lupa registry import"
const EXAMPLES = 10;

interface SourceFile {
  name: string;
  path: string;
  kind: FileKind;
  bytes: number;
}

function sourceFiles(folder: string, log: (line: string) => void): SourceFile[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    throw new ImportError(`${folder}: not a readable folder`);
  }
  const files: SourceFile[] = [];
  const ignored: string[] = [];
  for (const name of names.sort()) {
    if (!name.toLowerCase().endsWith(".zip")) continue;
    const kind = kindOfFile(name);
    if (!kind) ignored.push(name);
    else files.push({ name, path: path.join(folder, name), kind, bytes: statSync(path.join(folder, name)).size });
  }
  if (ignored.length) log(`Not part of the CNPJ files, ignored: ${ignored.join(", ")}`);
  const missing = LOAD_ORDER.filter((kind) => !files.some((f) => f.kind === kind));
  if (missing.includes("empresas") || missing.includes("estabelecimentos")) {
    throw new ImportError(`${folder}: no Empresas*.zip or no Estabelecimentos*.zip (is this a month's folder of the CNPJ open data?)`);
  }
  if (missing.length) log(`Missing (their facts will be empty): ${missing.join(", ")}`);
  return files.sort((a, b) => LOAD_ORDER.indexOf(a.kind) - LOAD_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name));
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

class FileStats {
  rows = 0;
  refused = 0;
  readonly byReason = new Map<string, number>();
  readonly examples: { entry: string; line: number; reason: string; field?: string }[] = [];

  refuse(entry: string, line: number, refusal: Refusal): void {
    this.refused++;
    const key = refusal.field ? `${refusal.reason} (${refusal.field})` : refusal.reason;
    this.byReason.set(key, (this.byReason.get(key) ?? 0) + 1);
    if (this.examples.length < EXAMPLES) this.examples.push({ entry, line, ...refusal });
  }
}

async function* copyLines(file: SourceFile, stats: FileStats): AsyncGenerator<Buffer> {
  const entries = (await listZipEntries(file.path)).filter((e) => !e.name.endsWith("/"));
  // the limits hold for the zip as a whole too: many entries share one budget (a published zip has one)
  let budget = inflatedCap({ compressedSize: file.bytes }, DEFAULT_LIMITS);
  for (const entry of entries) {
    const out = new CopyText(1 << 20);
    const splitter = new RecordSplitter((fields, line) => {
      const refused = writeRow(file.kind, fields, out);
      if (refused) stats.refuse(entry.name, line, refused);
      else stats.rows++;
    });
    try {
      for await (const chunk of await openZipEntry(file.path, entry, { ...DEFAULT_LIMITS, maxBytes: Math.max(0, budget) })) {
        budget -= (chunk as Buffer).length;
        splitter.push(chunk as Buffer);
        if (out.length >= 1 << 20) yield out.take();
      }
      splitter.end();
    } catch (error) {
      // the file's transaction rolls back; the message names the zip, its entry and the line
      if (error instanceof LongLineError)
        throw new ImportError(
          `long_line: ${file.name} (${entry.name}) line ${error.line.toLocaleString("en-US")} is longer than ${error.max.toLocaleString("en-US")} bytes (a damaged or hostile file; nothing of it was loaded)`,
          "long_line",
        );
      if (error instanceof ZipError && error.code === "entry_too_large")
        throw new ImportError(`${error.message}, in ${file.name} (nothing of it was loaded)`, "entry_too_large");
      throw error;
    }
    if (out.length > 0) yield out.take();
  }
}

async function loadFile(conn: LoadConnection, schema: string, file: SourceFile, opts: Required<Pick<ImportOptions, "log" | "progressMs">>) {
  const layout = layoutOf(file.kind);
  const stats = new FileStats();
  const started = performance.now();
  const timer = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    opts.log(`  ${file.name}: ${fmt(stats.rows)} rows, ${fmt(stats.rows / seconds)} rows/s, ${fmt(stats.refused)} refused`);
  }, opts.progressMs);
  try {
    await conn.transaction(async (tx) => {
      const columns = layout.copyColumns.map(ident).join(", ");
      await tx.copy(`copy ${ident(schema)}.${ident(layout.table)} (${columns})`, copyLines(file, stats));
      const refusals = { byReason: Object.fromEntries(stats.byReason), examples: stats.examples };
      await tx.query(
        `insert into ${ident(schema)}._files (name, kind, bytes, rows, refused, refusals, seconds) values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
        [file.name, file.kind, file.bytes, stats.rows, stats.refused, JSON.stringify(refusals), (performance.now() - started) / 1000],
      );
    });
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  opts.log(
    `${file.name}: ${fmt(stats.rows)} rows in ${seconds.toFixed(1)} s (${fmt(stats.rows / Math.max(seconds, 0.001))} rows/s), ${fmt(stats.refused)} refused`,
  );
  if (stats.refused > 0) {
    opts.log(`  refused: ${[...stats.byReason].map(([reason, n]) => `${reason} ${fmt(n)}`).join(", ")}`);
    for (const e of stats.examples) opts.log(`    ${e.entry} line ${e.line}: ${e.reason}${e.field ? ` (${e.field})` : ""}`);
  }
  return { rows: stats.rows, refused: stats.refused };
}

const UNIQUE_VIOLATION = "23505";

/**
 * The counts of a key the layout allows once (the establishments' CNPJ: basic, order and check
 * digits) found more than once; no CNPJ is printed (documents stay out of logs).
 */
async function duplicatesOf(conn: LoadConnection, schema: string, release: string): Promise<ImportError> {
  const { rows } = await conn.query(
    `select count(*)::float8 as keys, coalesce(sum(n), 0)::float8 as rows, coalesce(max(n), 0)::float8 as most
       from (select count(*) as n from ${ident(schema)}.establishments group by cnpj having count(*) > 1) repeated`,
  );
  const { keys, rows: repeated, most } = rows[0] as { keys: number; rows: number; most: number };
  const { rows: all } = await conn.query(`select count(*)::float8 as n from ${ident(schema)}.establishments`);
  return new ImportError(
    `duplicate_keys: release ${release} refused: ${fmt(keys)} CNPJs appear more than once among the ${fmt(Number(all[0]!.n))} ` +
      `establishments (${fmt(repeated)} rows; the most repeated ${fmt(most)} times), and the layout allows each CNPJ once. ` +
      `Nothing was made live; the load was dropped.`,
    "duplicate_keys",
  );
}

function releaseOf(folder: string, given: string | undefined): string {
  const release = given ?? path.basename(path.resolve(folder));
  if (!RELEASE.test(release)) {
    throw new ImportError(
      given
        ? `--release must be YYYY-MM, got "${given}"`
        : `the folder's name "${release}" is not a month (YYYY-MM): name it so, or pass --release YYYY-MM`,
    );
  }
  return release;
}

/** Takes this month's unfinished load (resume), or a new one; drops unfinished loads of other months. */
async function loadingRelease(conn: LoadConnection, release: string, folder: string, opts: ImportOptions, log: (l: string) => void) {
  const { rows } = await conn.query(`select * from registry_releases where state = 'loading'`);
  let resumed: ReleaseRow | null = null;
  for (const row of rows as unknown as ReleaseRow[]) {
    if (row.release === release && !opts.restart) {
      resumed = row;
      continue;
    }
    log(`Dropping the unfinished load of ${row.release} (${row.schema_name})`);
    await dropLoadingRelease(conn, row);
  }
  if (resumed) return resumed;
  const inserted = await conn.transaction(async (tx) => {
    const { rows: ids } = await tx.query(`select nextval(pg_get_serial_sequence('registry_releases', 'id'))::int as id`);
    const id = Number(ids[0]!.id);
    const { rows: made } = await tx.query(
      `insert into registry_releases (id, release, schema_name, source, state) values ($1, $2, $3, $4, 'loading') returning *`,
      [id, release, `registry_r${id}`, path.resolve(folder)],
    );
    const row = made[0] as unknown as ReleaseRow;
    await createReleaseTables(tx, row.schema_name);
    return row;
  });
  return inserted;
}

export async function importCnpj(database: Database, folder: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const progressMs = options.progressMs ?? 5000;
  const release = releaseOf(folder, options.release);
  const files = sourceFiles(folder, log);
  const conn = await openLoadConnection(database);
  const started = performance.now();
  try {
    if (conn.kind === "postgres") {
      const { rows } = await conn.query("select pg_try_advisory_lock($1) as locked", [LOCK_ID]);
      if (!rows[0]?.locked) throw new ImportError("another import-cnpj is running against this database");
      // the index sorts: at least 512 MB, never less than the server gives already
      await conn.query(
        `select set_config('maintenance_work_mem', '512MB', false)
          where pg_size_bytes(current_setting('maintenance_work_mem')) < 512 * 1024 * 1024`,
      );
      await conn.query("set synchronous_commit = off");
    }
    await dropRetiredSchemas(conn);
    const { rows: live } = await conn.query(`select * from registry_releases where state = 'live'`);
    const liveRow = live[0] as unknown as ReleaseRow | undefined;
    if (liveRow?.release === release && !options.reload) {
      log(`Release ${release} is already live (${liveRow.schema_name}); --reload loads it again.`);
      return { release, schema: liveRow.schema_name, loaded: false, rows: {}, refused: 0, seconds: 0, indexSeconds: 0, replaced: [] };
    }
    const row = await loadingRelease(conn, release, folder, options, log);
    const schema = row.schema_name;
    const { rows: doneRows } = await conn.query(`select name from ${ident(schema)}._files`);
    const done = new Set(doneRows.map((r) => String(r.name)));
    log(
      `Release ${release} from ${path.resolve(folder)} into ${schema}` +
        (done.size ? ` (resuming: ${done.size} of ${files.length} files already loaded)` : ` (${files.length} files)`),
    );
    const indexes = await IndexBuilder.open(database, conn, schema, log);
    try {
      for (const kind of LOAD_ORDER) {
        for (const file of files.filter((f) => f.kind === kind && !done.has(f.name))) {
          await loadFile(conn, schema, file, { log, progressMs });
        }
        indexes.tableLoaded(kind);
      }
      await indexes.finished();
    } catch (error) {
      // a unique index refused a repeated key: the release is refused, its load dropped (the
      // same files would be refused again; a corrected download starts over)
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        const refusal = await duplicatesOf(conn, schema, release);
        await dropLoadingRelease(conn, row);
        log(refusal.message);
        throw refusal;
      }
      throw error;
    } finally {
      await indexes.close();
    }
    const indexSeconds = indexes.seconds;
    const { rows: totals } = await conn.query(
      `select kind, sum(rows)::float8 as rows, sum(refused)::float8 as refused from ${ident(schema)}._files group by kind`,
    );
    const rows: Record<string, number> = {};
    let refused = 0;
    for (const t of totals) {
      rows[layoutOf(t.kind as FileKind).table] = Number(t.rows);
      refused += Number(t.refused);
    }
    const { retired: replaced, swapMs, dropMs } = await swapRelease(conn, row.id, { ...rows, refused });
    log(`Swap: ${swapMs.toFixed(0)} ms${replaced.length ? `; the replaced release dropped in ${(dropMs / 1000).toFixed(1)} s` : ""}`);
    const seconds = (performance.now() - started) / 1000;
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    log(
      `Release ${release} is live${replaced.length ? ` (replaced ${replaced.map((r) => r.release).join(", ")})` : ""}: ` +
        `${fmt(rows.establishments ?? 0)} establishments, ${fmt(rows.companies ?? 0)} companies, ${fmt(rows.partners ?? 0)} partners; ` +
        `${fmt(total)} rows in ${seconds.toFixed(1)} s (${fmt(total / Math.max(seconds, 0.001))} rows/s), ${fmt(refused)} refused.`,
    );
    return { release, schema, loaded: true, rows, refused, seconds, indexSeconds, replaced: replaced.map((r) => r.release) };
  } finally {
    await conn.close();
  }
}
