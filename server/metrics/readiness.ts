// Readiness (`GET /ready`): whether this process can serve now. Not ready while the database does
// not answer (within 2 s), or while a process migrates it: on PostgreSQL the migrating process
// holds the migration advisory lock (server/db/migrate.ts), seen here in pg_locks, so every process
// of the deployment reports it. A process migrates before it listens, so PGlite, migrated by its
// one process, is never seen migrating.
import type { Database } from "../db/client";
import { MIGRATION_LOCK_ID } from "../db/migrate";

export type Readiness =
  | { ready: true; body: { status: "ready"; database: Database["kind"] } }
  | { ready: false; body: { status: "unavailable"; reason: "database_unreachable" | "migrating"; database: Database["kind"] } };

export const READY_TIMEOUT_MS = 2000;

// a bigint advisory lock shows in pg_locks as classid (its high 32 bits), objid (its low 32 bits), objsubid 1
const MIGRATING_SQL = `select exists (
  select 1 from pg_locks
  where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1
    and database = (select oid from pg_database where datname = current_database())
) as migrating`;

export async function checkReadiness(database: Database, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const kind = database.kind;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const read =
      kind === "postgres"
        ? database.query(MIGRATING_SQL, [MIGRATION_LOCK_ID]).then((r) => r.rows[0]?.migrating === true)
        : database.query("select 1").then(() => false);
    const migrating = await Promise.race([read, timeout]);
    if (migrating === "timeout") return { ready: false, body: { status: "unavailable", reason: "database_unreachable", database: kind } };
    if (migrating) return { ready: false, body: { status: "unavailable", reason: "migrating", database: kind } };
    return { ready: true, body: { status: "ready", database: kind } };
  } catch {
    return { ready: false, body: { status: "unavailable", reason: "database_unreachable", database: kind } };
  } finally {
    clearTimeout(timer);
  }
}
