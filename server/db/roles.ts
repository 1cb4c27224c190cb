// The two roles on PostgreSQL (issue 30; docs/operations.md, "Two database roles"): the owner runs
// the migrations and owns every table, the audit trail included; the service's role
// (DATABASE_URL) reads and writes the rest as before, and on audit_events may only SELECT and
// INSERT, and call the purge function (migration 0020). Without the owner's URL the service runs
// as one role and says at start that its audit trail is not protected from it.
import type { Database } from "./client";

export interface SchemaLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

type Query = Database["query"];

const quoted = (role: string) => `"${role.replace(/"/g, '""')}"`;

export async function currentRole(database: { query: Query }): Promise<string> {
  return String((await database.query("select current_user as role")).rows[0]!.role);
}

/** Whether `role` was granted the service's rights (the purge function is the last thing granted). */
export async function isGranted(query: Query, role: string): Promise<boolean> {
  const { rows } = await query(
    `select has_function_privilege($1, 'public.audit_events_purge(uuid)', 'EXECUTE')
        and has_table_privilege($1, 'drizzle.__drizzle_migrations', 'SELECT') as granted`,
    [role],
  );
  return rows[0]!.granted === true;
}

/**
 * Run by the owner after migrating. Every table and sequence of `public`, as before, except the
 * audit trail: SELECT and INSERT on audit_events (not its identity sequence: a setval would leave
 * gaps or collisions in the ids), nothing on the purge's permits, no TRIGGER anywhere (a trigger
 * on audit_events would run its author's code as the owner, inside the purge). The migrations'
 * record, to read: a process without the owner's URL waits for the schema by reading it.
 */
export async function grantServiceRole(query: Query, role: string): Promise<void> {
  const to = quoted(role);
  const sequence = (await query("select pg_get_serial_sequence('public.audit_events', 'id') as name")).rows[0]!.name as string;
  await query("begin");
  try {
    for (const statement of [
      `grant usage on schema public to ${to}`,
      `grant select, insert, update, delete on all tables in schema public to ${to}`,
      `grant usage, select, update on all sequences in schema public to ${to}`,
      `revoke update, delete, truncate, references, trigger on public.audit_events from ${to}`,
      `revoke all on sequence ${sequence} from ${to}`,
      `revoke all on public.audit_purge_permits from ${to}`,
      `grant execute on function public.audit_events_purge(uuid) to ${to}`,
      `grant usage on schema drizzle to ${to}`,
      `grant select on drizzle.__drizzle_migrations to ${to}`,
    ])
      await query(statement);
    await query("commit");
  } catch (error) {
    await query("rollback").catch(() => {});
    throw error;
  }
}

/**
 * One log line at start when this process's role could change the audit trail: it is a superuser,
 * owns audit_events (or may act as its owner), or was granted more than SELECT and INSERT on it.
 */
export async function warnIfUnprotected(database: Database, log: SchemaLog): Promise<void> {
  const { rows } = await database.query(
    `select r.rolsuper as superuser, pg_has_role(current_user, c.relowner, 'MEMBER') as owner,
            has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE')
              or has_table_privilege(c.oid, 'TRUNCATE') or has_table_privilege(c.oid, 'TRIGGER') as writes
     from pg_class c, pg_roles r where c.oid = 'public.audit_events'::regclass and r.rolname = current_user`,
  );
  const row = rows[0]!;
  const why = row.superuser
    ? "a superuser"
    : row.owner
      ? "the owner of audit_events"
      : row.writes
        ? "allowed to change audit_events"
        : null;
  if (!why) return;
  log.warn(
    { role: await currentRole(database) },
    `the audit trail is not protected from the service's own database role (DATABASE_URL's role is ${why}): ` +
      `connect DATABASE_URL with a role that does not own the schema and set LUPA_MIGRATION_DATABASE_URL to the owner's (docs/operations.md, "Two database roles")`,
  );
}
