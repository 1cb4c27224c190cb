// Rows read with plain SQL, mapped to a table's typed record with the columns' own conversions
// (timestamps to Date, jsonb parsed). Hot statements (the engine's claim and terminal update, the
// v3 read) skip drizzle's query builder, which cost 18% of a worker's CPU in the v3-throughput
// profile, but not its types.
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A row by column name (the driver's values, or `to_jsonb` of the table's row) → the typed record. */
export function rowMapper<T>(table: PgTable): (row: Record<string, unknown>) => T {
  const columns = Object.entries(getTableColumns(table));
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
