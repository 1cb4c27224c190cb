// Applies the SQL migrations of server/db/migrations at start. On PostgreSQL several processes
// may start together: an advisory lock makes one of them migrate while the others wait.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** The advisory lock held while migrating (arbitrary, constant: "lupa migrations"); /ready looks for it. */
export const MIGRATION_LOCK_ID = 7_412_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS });
    return;
  }
  await database.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS });
  } finally {
    await database.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
  }
}
