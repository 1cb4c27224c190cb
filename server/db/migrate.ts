// Brings the database's schema to this build's migrations (server/db/migrations) when a process
// starts: the API, a worker, the admin command, the tests' global setup and harness, the
// benchmarks (createServices, or the admin command's own call).
//  - PGlite: its one process migrates.
//  - PostgreSQL with LUPA_MIGRATION_DATABASE_URL: the migrations run as that role, the schema's
//    owner; then DATABASE_URL's role is granted what the service needs, which does not include
//    changing the audit trail (roles.ts).
//  - PostgreSQL with DATABASE_URL only: its role migrates, as before, when it owns the schema (or
//    there is none yet and it may create one). When another role owns it (two roles, and this
//    process was not given the owner's URL: a worker started beside the API), it does not try:
//    it waits up to LUPA_SCHEMA_WAIT_SECONDS for a process with the owner's URL to bring the
//    schema to its version, then stops with a message that says so.
// Migrations run on a connection of their own, which holds an advisory lock meanwhile: concurrent
// starts migrate one at a time, and /ready finds the lock (server/metrics/readiness.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client";
import { grantServiceRole, isGranted, warnIfUnprotected, type SchemaLog } from "./roles";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** The advisory lock held while migrating (arbitrary, constant: "lupa migrations"); /ready looks for it. */
export const MIGRATION_LOCK_ID = 7_412_001;
const POLL_MS = 1000;

export interface SchemaOptions {
  /** The schema owner's URL (LUPA_MIGRATION_DATABASE_URL), or null. */
  migrationUrl: string | null;
  /** How long to wait for the schema when this process may not migrate it. */
  waitSeconds: number;
  log: SchemaLog;
  /** Grant DATABASE_URL's role again even when nothing was applied (`npm run admin -- migrate`). */
  regrant?: boolean;
}

/** The schema is behind this build and this process may not migrate it. */
export class SchemaBehindError extends Error {}

export async function prepareSchema(database: Database, options: SchemaOptions): Promise<void> {
  if (database.direct.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS });
    return;
  }
  if (options.migrationUrl) {
    const { role, name } = await whoAndWhere(database.query);
    await migrateOn(options.migrationUrl, options.log, { role, database: name, regrant: options.regrant === true });
  } else if (await mayMigrate(database)) {
    await migrateOn(database.direct.url, options.log, null);
  } else {
    await waitForSchema(database, options);
  }
  await warnIfUnprotected(database, options.log);
}

/** The `when` of every migration of this build (drizzle applies those newer than the last one applied). */
function migrationTimes(): number[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return journal.entries.map((e) => e.when);
}

type Query = Database["query"];

/** The connection's role and database, in one statement (each is a round trip on a start's path). */
async function whoAndWhere(query: Query): Promise<{ role: string; name: string }> {
  const row = (await query("select current_user as role, current_database() as name")).rows[0]!;
  return { role: String(row.role), name: String(row.name) };
}

/** How many of this build's migrations the database lacks; null when this role may not read the record. */
async function pendingMigrations(query: Query): Promise<number | null> {
  const { rows } = await query(
    `select t.oid is not null as recorded, t.oid is not null and has_table_privilege(t.oid, 'SELECT') as readable
     from (select (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations') as oid) t`,
  );
  const times = migrationTimes();
  if (!rows[0]!.recorded) return times.length;
  if (!rows[0]!.readable) return null;
  const last = (await query(`select max(created_at)::float8 as last from drizzle.__drizzle_migrations`)).rows[0]!.last as number | null;
  return times.filter((when) => last === null || when > last).length;
}

/**
 * Whether DATABASE_URL's role migrates: it owns the migrations' record (one role, as before), or
 * there is none yet and it may create tables in `public` (a role that may not would fail at the
 * first statement; in the two-role setup only the owner may).
 */
async function mayMigrate(database: Database): Promise<boolean> {
  const { rows } = await database.query(
    `select coalesce((select pg_has_role(current_user, c.relowner, 'MEMBER') from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'),
       has_schema_privilege('public', 'CREATE')) as may`,
  );
  return rows[0]!.may === true;
}

async function migrateOn(url: string, log: SchemaLog, grant: { role: string; database: string; regrant: boolean } | null): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "lupa-migrate" });
  client.on("error", () => {}); // a lost connection fails the query in flight
  await client.connect();
  try {
    // the schema is `public` (migration 0000 names it); "$user" first on the default path would let
    // a role with CREATE on the database put objects of the migrations' names before it
    await client.query("set search_path to public");
    const query: Query = (text, values) => client.query(text, values);
    const owner = grant ? await whoAndWhere(query) : null;
    if (grant && owner!.name !== grant.database) throw new Error("LUPA_MIGRATION_DATABASE_URL and DATABASE_URL name different databases");
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      const pending = (await pendingMigrations(query)) ?? 0;
      await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS });
      if (pending > 0) log.info({ applied: pending }, "applied the database migrations");
      if (!grant) return;
      if (owner!.role === grant.role) return; // one role given twice: nothing to grant (warnIfUnprotected says so)
      if (pending > 0 || grant.regrant || !(await isGranted(query, grant.role))) await grantServiceRole(query, grant.role);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitForSchema(database: Database, options: SchemaOptions): Promise<void> {
  const deadline = Date.now() + options.waitSeconds * 1000;
  let told = false;
  for (;;) {
    const pending = await pendingMigrations(database.query);
    if (pending === 0) return;
    if (Date.now() >= deadline) {
      throw new SchemaBehindError(
        `The database's schema is ${pending === null ? "not readable by DATABASE_URL's role" : `${pending} migration(s) behind this version`}, ` +
          `and DATABASE_URL's role does not own it: start a process with LUPA_MIGRATION_DATABASE_URL (the owner's URL; ` +
          `or run \`npm run admin -- migrate\` with it), then start this one again (waited ${options.waitSeconds} s).`,
      );
    }
    if (!told) {
      options.log.warn(
        { pending, waitSeconds: options.waitSeconds },
        "waiting for the database's migrations: DATABASE_URL's role does not own the schema, a process with LUPA_MIGRATION_DATABASE_URL applies them",
      );
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
