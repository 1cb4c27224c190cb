// Test databases: each test file gets its own. LUPA_TEST_DB=postgres creates a fresh database on
// the PostgreSQL at LUPA_TEST_PG_URL (default 127.0.0.1:5432) and drops it afterwards; otherwise an
// in-memory PGlite. Both start from the run's migrated copy when the global setup made one
// (test/support/global-setup.ts).
// On PostgreSQL a run has two roles of its own, as a deployment does (docs/operations.md, "Two
// database roles"): the owner, who migrates and owns the schema (LUPA_MIGRATION_DATABASE_URL), and
// the service's role (DATABASE_URL), which may not change the audit trail. Each file's database is
// a copy of the template the owner migrated; grants are part of the copy, the database's own
// privileges are not (granted again: the service's role creates pg-boss's and the registry's
// schemas).
import { readFileSync } from "node:fs";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";

export const TEST_DB = process.env.LUPA_TEST_DB === "postgres" ? "postgres" : "pglite";
const ADMIN_URL = process.env.LUPA_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  /** DATABASE_URL: the service's role (PostgreSQL), or null (PGlite). */
  url: string | null;
  /** LUPA_MIGRATION_DATABASE_URL: the same database as the schema's owner (PostgreSQL with the run's roles). */
  ownerUrl?: string | null;
  /** PGlite: the migrated data folder to start from (OpenOptions.template). */
  template?: Blob;
  drop(): Promise<void>;
}

export interface TestRoles {
  owner: string;
  service: string;
}

/** What the global setup provided, or nothing (a file run outside vitest's global setup). */
function provided<K extends "pgliteTemplate" | "postgresTemplate" | "postgresRoles">(key: K): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Blob | undefined;

export async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function urlOf(name: string, role?: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (role) {
    url.username = role;
    url.password = "";
  }
  return url.toString();
}

export interface NamedDatabase {
  name: string;
  url: string;
  ownerUrl: string | null;
  drop(): Promise<void>;
}

async function createNamed(prefix: string, options: { template?: string; roles?: TestRoles } = {}): Promise<NamedDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const { template, roles } = options;
  await admin(async (c) => {
    await c.query(`create database ${name}${template ? ` template ${template}` : ""}${roles ? ` owner ${roles.owner}` : ""}`);
    if (roles) await c.query(`grant create on database ${name} to ${roles.service}`);
  });
  return {
    name,
    url: urlOf(name, roles?.service),
    ownerUrl: roles ? urlOf(name, roles.owner) : null,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === "pglite") {
    const file = provided("pgliteTemplate");
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    return { url: null, template: pgliteTemplate, drop: async () => {} };
  }
  const roles = provided("postgresRoles");
  const { url, ownerUrl, drop } = await createNamed("lupa_test", {
    template: provided("postgresTemplate"),
    roles: roles ? (JSON.parse(roles) as TestRoles) : undefined,
  });
  return { url, ownerUrl, drop };
}

/** The run's two roles (PostgreSQL): created by the global setup, dropped after its databases. */
export async function createTestRoles(): Promise<TestRoles & { drop(): Promise<void> }> {
  const suffix = randomBytes(6).toString("hex");
  const roles = { owner: `lupa_test_owner_${suffix}`, service: `lupa_test_service_${suffix}` };
  await admin(async (c) => {
    await c.query(`create role ${roles.owner} login`);
    await c.query(`create role ${roles.service} login`);
  });
  return { ...roles, drop: () => admin((c) => c.query(`drop role if exists ${roles.service}, ${roles.owner}`)).then(() => {}) };
}

/** The run's template database (PostgreSQL), owned by the run's owner role and migrated by the global setup. */
export function createTemplateDatabase(roles: TestRoles): Promise<NamedDatabase> {
  return createNamed("lupa_template", { roles });
}

/**
 * A statement as the schema's owner, for what the service's role may not do (ANALYZE, ALTER
 * TABLE): with the owner's URL on PostgreSQL, or the one role of PGlite.
 */
export async function ownerQuery(
  testDb: TestDatabase,
  fallback: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  text: string,
  values: unknown[] = [],
): Promise<{ rows: Record<string, unknown>[] }> {
  if (!testDb.ownerUrl) return fallback(text, values);
  const client = new pg.Client({ connectionString: testDb.ownerUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
