// Who migrates (issue 30, item 3; server/db/migrate.ts), on a fresh PostgreSQL database with two
// roles of this file's own: the schema owner (LUPA_MIGRATION_DATABASE_URL) and the service's role
// (DATABASE_URL), which may create schemas (pg-boss's) but not tables in `public`.
//  - A process with DATABASE_URL only (a worker started beside the API) does not migrate: it
//    waits until a process with the owner's URL has, then goes on; or gives up after
//    LUPA_SCHEMA_WAIT_SECONDS with a message that says what to do.
//  - The owner's process migrates, owns every table and grants the service's role what it needs:
//    everything as before except changing the audit trail. (A whole service starting on a fresh
//    database with two roles, pg-boss's schema created by the service's role: the global setup of
//    every PostgreSQL run, test/support/global-setup.ts.)
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { prepareSchema, SchemaBehindError } from "../../server/db/migrate";
import { admin, TEST_DB, urlOf } from "../support/databases";

const suffix = randomBytes(6).toString("hex");
const owner = `lupa_test_mowner_${suffix}`;
const service = `lupa_test_mservice_${suffix}`;
const name = `lupa_test_schema_${suffix}`;
const said: string[] = [];
const log = {
  info: (_: object, message: string) => void said.push(message),
  warn: (_: object, message: string) => void said.push(message),
};
const opened: Database[] = [];

async function open(role: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: urlOf(name, role), dataDir: "" });
  opened.push(database);
  return database;
}

describe.runIf(TEST_DB === "postgres")("migrations with two roles on PostgreSQL", () => {
  beforeAll(async () => {
    await admin(async (c) => {
      await c.query(`create role ${owner} login`);
      await c.query(`create role ${service} login`);
      await c.query(`create database ${name} owner ${owner}`);
      await c.query(`grant create on database ${name} to ${service}`);
    });
  });
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    await admin(async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`drop role if exists ${service}, ${owner}`);
    });
  });

  it("a process without the owner's URL waits for the schema; the owner's process migrates and grants", async () => {
    const worker = await open(service);
    const waiting = prepareSchema(worker, { migrationUrl: null, waitSeconds: 60, log });
    let done = false;
    void waiting.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 1500));
    expect(done).toBe(false);
    expect(said).toEqual([expect.stringMatching(/^waiting for the database's migrations/)]);

    const api = await open(service);
    await prepareSchema(api, { migrationUrl: urlOf(name, owner), waitSeconds: 60, log });
    await waiting;
    expect(said).toContain("applied the database migrations");
    expect(said.filter((m) => m.includes("not protected"))).toEqual([]);

    // every table of public is the owner's; the service's role reads and writes them, the trail excepted
    const { rows } = await worker.query(
      `select c.relname as name, pg_get_userbyid(c.relowner) as owner,
              has_table_privilege(c.oid, 'SELECT') as s, has_table_privilege(c.oid, 'INSERT') as i,
              has_table_privilege(c.oid, 'UPDATE') as u, has_table_privilege(c.oid, 'DELETE') as d,
              has_table_privilege(c.oid, 'TRUNCATE') as t, has_table_privilege(c.oid, 'TRIGGER') as g
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(rows.length).toBeGreaterThan(30);
    const by = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(rows.filter((r) => r.owner !== owner)).toEqual([]);
    expect(by.audit_events).toMatchObject({ s: true, i: true, u: false, d: false, t: false, g: false });
    expect(by.audit_purge_permits).toMatchObject({ s: false, i: false, u: false, d: false });
    const others = rows.filter((r) => r.name !== "audit_events" && r.name !== "audit_purge_permits");
    expect(others.filter((r) => !(r.s && r.i && r.u && r.d) || r.t || r.g)).toEqual([]);
  });

  it("a process whose schema is behind and nobody migrates stops after its wait, saying what to do", async () => {
    const ownerDb = await open(owner);
    // this build's newest migration unrecorded: the database is one behind (0020 is repeatable)
    await ownerDb.query(
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
    );
    const worker = await open(service);
    const started = Date.now();
    const error = await prepareSchema(worker, { migrationUrl: null, waitSeconds: 1, log }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(SchemaBehindError);
    expect((error as Error).message).toMatch(/1 migration\(s\) behind this version.*LUPA_MIGRATION_DATABASE_URL/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    // the owner's process brings it back, and the service's role is granted again
    await prepareSchema(worker, { migrationUrl: urlOf(name, owner), waitSeconds: 1, log });
    await prepareSchema(await open(service), { migrationUrl: null, waitSeconds: 1, log });
  });

  it("refuses URLs that name two databases, and grants nothing when both name the same role", async () => {
    const worker = await open(service);
    const elsewhere = urlOf("postgres", owner);
    await expect(prepareSchema(worker, { migrationUrl: elsewhere, waitSeconds: 1, log })).rejects.toThrow(/name different databases/);
    const ownerDb = await open(owner);
    said.length = 0;
    await prepareSchema(ownerDb, { migrationUrl: urlOf(name, owner), waitSeconds: 1, log });
    expect(said).toEqual([expect.stringContaining("not protected from the service's own database role")]);
    // the owner kept its rights: the purge, which deletes as the owner, still works
    const [ws] = (
      await ownerDb.query("insert into workspaces (id, name, callback_secret) values (gen_random_uuid(), 'Roles', 'x') returning id")
    ).rows;
    const [purged] = (await ownerDb.query("select deleted from audit_events_purge($1)", [ws!.id])).rows;
    expect(Number(purged!.deleted)).toBe(0);
  });
});
