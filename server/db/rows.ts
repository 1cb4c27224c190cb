// Rows read with plain SQL, mapped to a table's typed record with the columns' own conversions
// (timestamps to Date, jsonb parsed). Hot statements (the engine's claim and terminal update, the
// v3 read) skip drizzle's query builder, which cost 18% of a worker's CPU in the v3-throughput
// profile, but not its types.
import { createHash } from "node:crypto";
import { DrizzleQueryError, getTableColumns, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";
import pg from "pg";
import { preparedRunnerOf } from "./pglite-prepared";

/** A row by column name (the driver's values, or `to_jsonb` of the table's row) → the typed record (`keys`: only these fields). */
export function rowMapper<T>(table: PgTable, keys?: readonly string[]): (row: Record<string, unknown>) => T {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !keys || keys.includes(key));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T;
  };
}

/** The rows of a drizzle `execute` result (node-postgres and PGlite both answer `{rows}`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lupa_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

/** The values node-postgres gives drizzle's columns (timestamps, dates and intervals as text), as drizzle's own driver asks. */
const AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  // and, as drizzle-orm/node-postgres/session.js lists them by number: numeric[], timestamp[], timestamptz[],
  // interval[], date[]
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as "text"),
};

/**
 * A hot statement of fixed text with `$1`, `$2`… parameters, run as a named prepared statement
 * like runPrepared, without drizzle's query builder and its per-run objects on the way (the
 * statement is not built again on each run). Rows are as runPrepared gives them.
 */
export function preparedStatement(text: string): (db: Db | Tx, params: unknown[]) => Promise<Record<string, unknown>[]> {
  const name = nameOf(text);
  return async (db, params) => {
    const client = (db as unknown as { session: { client: unknown } }).session.client;
    try {
      const pglite = preparedRunnerOf(client);
      if (pglite) return await pglite(name, text, params);
      return (await (client as pg.Pool).query({ name, text, values: params, types: DRIZZLE_TYPES })).rows;
    } catch (error) {
      throw new DrizzleQueryError(text, params, error as Error);
    }
  };
}

/**
 * Runs a statement of fixed text as a named prepared statement (node-postgres prepares it once per
 * connection, pglite-prepared.ts once per database; PostgreSQL then skips parsing and planning it
 * again). Only for the hot statements whose text never varies with the values (the values are
 * parameters): each distinct text stays prepared on every connection that ran it.
 */
export async function runPrepared(db: Db | Tx, query: SQL): Promise<Record<string, unknown>[]> {
  const { session, dialect } = db as unknown as {
    session: {
      client?: unknown;
      prepareQuery(q: { sql: string; params: unknown[] }, f: undefined, name: string, a: boolean): { execute(): Promise<unknown> };
    };
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  };
  const built = dialect.sqlToQuery(query);
  const name = nameOf(built.sql);
  const pglite = preparedRunnerOf(session.client);
  if (pglite) {
    try {
      return await pglite(name, built.sql, built.params);
    } catch (error) {
      // as drizzle's drivers throw it: the database's error as the cause
      throw new DrizzleQueryError(built.sql, built.params, error as Error);
    }
  }
  return rowsOf(await session.prepareQuery(built, undefined, name, false).execute());
}
