// The two database roles' settings (server/config.ts; docs/configuration.md): the owner's URL only
// beside DATABASE_URL, and how long a process that may not migrate waits for the schema.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";

const dir = mkdtempSync(path.join(tmpdir(), "lupa-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ LUPA_DATA_DIR: dir, ...env });

describe("database roles' settings", () => {
  it("read both URLs; the owner's alone (no PostgreSQL to grant on) refuses the start", () => {
    const config = load({ DATABASE_URL: "postgres://lupa@db/lupa", LUPA_MIGRATION_DATABASE_URL: "postgres://lupa_owner@db/lupa" });
    expect([config.databaseUrl, config.migrationDatabaseUrl]).toEqual(["postgres://lupa@db/lupa", "postgres://lupa_owner@db/lupa"]);
    expect(load({ DATABASE_URL: "postgres://lupa@db/lupa" }).migrationDatabaseUrl).toBeNull();
    expect(() => load({ LUPA_MIGRATION_DATABASE_URL: "postgres://lupa_owner@db/lupa" })).toThrow(
      /LUPA_MIGRATION_DATABASE_URL is set without DATABASE_URL/,
    );
  });

  it("wait 300 s for the schema by default, LUPA_SCHEMA_WAIT_SECONDS otherwise", () => {
    expect(load({}).schemaWaitSeconds).toBe(300);
    expect(load({ LUPA_SCHEMA_WAIT_SECONDS: "5" }).schemaWaitSeconds).toBe(5);
    expect(() => load({ LUPA_SCHEMA_WAIT_SECONDS: "soon" })).toThrow(/non-negative integer/);
  });
});
