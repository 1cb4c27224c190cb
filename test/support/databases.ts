// Test databases: each test file gets its own. LUPA_TEST_DB=postgres creates a fresh database on
// the PostgreSQL at LUPA_TEST_PG_URL (default 127.0.0.1:5432) and drops it afterwards; otherwise an
// in-memory PGlite. Both start from the run's migrated copy when the global setup made one
// (test/support/global-setup.ts).
import { readFileSync } from "node:fs";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";

export const TEST_DB = process.env.LUPA_TEST_DB === "postgres" ? "postgres" : "pglite";
const ADMIN_URL = process.env.LUPA_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string | null;
  /** PGlite: the migrated data folder to start from (OpenOptions.template). */
  template?: Blob;
  drop(): Promise<void>;
}

/** What the global setup provided, or nothing (a file run outside vitest's global setup). */
function provided<K extends "pgliteTemplate" | "postgresTemplate">(key: K): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Blob | undefined;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createNamed(prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  return {
    name,
    url: urlOf(name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === "pglite") {
    const file = provided("pgliteTemplate");
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    return { url: null, template: pgliteTemplate, drop: async () => {} };
  }
  const { url, drop } = await createNamed("lupa_test", provided("postgresTemplate"));
  return { url, drop };
}

/** The run's template database (PostgreSQL), migrated by the global setup. */
export function createTemplateDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  return createNamed("lupa_template");
}
