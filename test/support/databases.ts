// Test databases: each test file gets its own. LUPA_TEST_DB=postgres creates a fresh database on
// the PostgreSQL at LUPA_TEST_PG_URL (default 127.0.0.1:5432) and drops it afterwards; otherwise an
// in-memory PGlite.
import pg from "pg";
import { randomBytes } from "node:crypto";

export const TEST_DB = process.env.LUPA_TEST_DB === "postgres" ? "postgres" : "pglite";
const ADMIN_URL = process.env.LUPA_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string | null;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === "pglite") return { url: null, drop: async () => {} };
  const name = `lupa_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
