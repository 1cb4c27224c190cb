// Vitest global setup: migrates one database per run, and each test file starts from a copy of it
// instead of initialising and migrating its own (on PGlite that was 4.6-9.7 s a service start:
// the cluster's initdb, then the migrations and pg-boss's schema).
//  - PGlite: an in-memory database migrated here, dumped to a tarball (`dumpDataDir`); each
//    service start loads the tarball (`loadDataDir`, about 0.6 s).
//  - PostgreSQL: a template database migrated here by the run's owner role, the service's role
//    granted what it needs (the shape of a deployment: test/support/databases.ts); each file's
//    database is `CREATE DATABASE ... TEMPLATE` of it, dropped at the end of the run, and the two
//    roles after them.
// The copy holds the schema, pg-boss's schema and queues, and the global profiles: what every
// service start writes anyway (and still checks: migrations, queues and profiles are idempotent).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { createServices } from "../../server/services";
import { upsertGlobalProfiles } from "../../server/tenancy/catalog";
import { createLogger } from "../../server/support/logger";
import { createTemplateDatabase, createTestRoles, TEST_DB } from "./databases";
import { buildServer } from "../../scripts/build-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the migrated data folder's tarball. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate: string;
    /** PostgreSQL: the run's roles, `{"owner": ..., "service": ...}` (JSON). */
    postgresRoles: string;
    /** The service compiled for this run (scripts/build-server.mjs): tests that start processes run it. */
    serverBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // inside the project, so the bundles find node_modules; one folder per run (two runs may overlap)
  const build = path.resolve(".test-output", `server-${process.pid}`);
  await buildServer({ out: build, quiet: true });
  project.provide("serverBuild", build);
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-template-"));
  const roles = TEST_DB === "postgres" ? await createTestRoles() : null;
  const template = roles ? await createTemplateDatabase(roles) : null;
  const config = loadConfig({
    ...process.env,
    LUPA_DATA_DIR: dir,
    LUPA_LOG_LEVEL: "silent",
    DATABASE_URL: template?.url ?? "",
    LUPA_MIGRATION_DATABASE_URL: template?.ownerUrl ?? "",
  });
  try {
    const database = await openDatabase({ databaseUrl: template?.url ?? null, dataDir: dir, memory: !template });
    try {
      const services = await createServices(config, { database, log: createLogger("silent") });
      await upsertGlobalProfiles(services.db);
      await services.close();
      if (!template) {
        const file = path.join(dir, "pglite-template.tar");
        writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
        project.provide("pgliteTemplate", file);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    await template?.drop().catch(() => {});
    await roles?.drop().catch(() => {});
    throw error;
  }
  if (template && roles) {
    project.provide("postgresTemplate", template.name);
    project.provide("postgresRoles", JSON.stringify({ owner: roles.owner, service: roles.service }));
  }
  return async () => {
    await template?.drop();
    // after every file's database: a role that still owns objects somewhere is not dropped
    await roles?.drop().catch((error: Error) => console.warn(`test roles ${roles.owner}, ${roles.service} left: ${error.message}`));
    rmSync(dir, { recursive: true, force: true });
    rmSync(build, { recursive: true, force: true });
  };
}
