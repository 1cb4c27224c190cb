// The release's indexes: built once its tables are loaded, each `create index if not exists` in
// its own statement (an interrupted build is simply built again), then `analyze`. On PostgreSQL
// each table's indexes start on a second connection as soon as its last file is in, while the
// next table loads (server/registry/import-cnpj.ts).
import type { Database } from "../db/client";
import { openLoadConnection, type LoadConnection } from "./connection";
import { LAYOUTS, type FileKind } from "./layout";
import { ident } from "./release";

export interface IndexTiming {
  name: string;
  seconds: number;
}

/**
 * The indexes of some tables, each in its own statement (an interrupted build is simply built
 * again), then `analyze` of those tables.
 */
export async function buildIndexes(
  conn: LoadConnection,
  schema: string,
  kinds: readonly FileKind[],
  log: (line: string) => void,
): Promise<IndexTiming[]> {
  const out: IndexTiming[] = [];
  for (const layout of LAYOUTS.filter((l) => kinds.includes(l.kind))) {
    for (const [suffix, definition, unique] of layout.indexes) {
      const name = `${layout.table}_${suffix}`;
      const started = performance.now();
      const kind = unique ? "unique index" : "index";
      await conn.query(`create ${kind} if not exists ${ident(name)} on ${ident(schema)}.${ident(layout.table)} ${definition}`);
      const seconds = (performance.now() - started) / 1000;
      out.push({ name, seconds });
      if (seconds >= 1) log(`  index ${name}: ${seconds.toFixed(1)} s`);
    }
    for (const [suffix, expression] of layout.statistics ?? [])
      await conn.query(
        `create statistics if not exists ${ident(schema)}.${ident(`${layout.table}_${suffix}_stats`)} on (${expression}) from ${ident(schema)}.${ident(layout.table)}`,
      );
    await conn.query(`analyze ${ident(schema)}.${ident(layout.table)}`);
  }
  return out;
}

/**
 * Builds each table's indexes as soon as its last file is loaded. On PostgreSQL on a connection
 * of its own, while the next table loads (the sort and the index writes overlap the next COPY:
 * 25 s less on the 6 M sample); on PGlite, one connection, at the end.
 */
export class IndexBuilder {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly pending: FileKind[] = [];
  private failed: unknown = null;
  seconds = 0;

  private constructor(
    private readonly conn: LoadConnection,
    private readonly separate: boolean,
    private readonly schema: string,
    private readonly log: (line: string) => void,
  ) {}

  static async open(database: Database, main: LoadConnection, schema: string, log: (line: string) => void): Promise<IndexBuilder> {
    if (main.kind !== "postgres") return new IndexBuilder(main, false, schema, log);
    const conn = await openLoadConnection(database);
    await conn.query(
      `select set_config('maintenance_work_mem', '512MB', false)
        where pg_size_bytes(current_setting('maintenance_work_mem')) < 512 * 1024 * 1024`,
    );
    return new IndexBuilder(conn, true, schema, log);
  }

  tableLoaded(kind: FileKind): void {
    if (!this.separate) {
      this.pending.push(kind);
      return;
    }
    this.chain = this.chain.then(() => this.build([kind])).catch((error) => (this.failed ??= error));
  }

  private async build(kinds: FileKind[]): Promise<void> {
    if (this.failed) return;
    const started = performance.now();
    await buildIndexes(this.conn, this.schema, kinds, this.log);
    this.seconds += (performance.now() - started) / 1000;
  }

  async finished(): Promise<void> {
    if (!this.separate) {
      this.log(`Building the indexes of ${this.schema}`);
      await this.build(this.pending);
    } else {
      await this.chain;
    }
    if (this.failed) throw this.failed;
  }

  /** Closing the separate connection ends a build still running (an interrupted import). */
  async close(): Promise<void> {
    if (this.separate) await this.conn.close().catch(() => {});
  }
}
