// Benchmark: what the two database roles cost (issue 30, item 3), each beside its one-role
// baseline in the same run, rounds interleaved (PostgreSQL):
//  - a process start's schema step (server/db/migrate.ts) on a migrated database: one role
//    (DATABASE_URL migrates on its own connection) against two (the owner's connection, the
//    database check, the grants check);
//  - the test suite's per-file database: CREATE DATABASE ... TEMPLATE against the same with
//    OWNER and the service role's GRANT CREATE (test/support/databases.ts);
//  - the purge of `events` audit events through audit_events_purge (the DELETE trigger checks
//    the deleted rows against the permit) against the same DELETE with that trigger disabled.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- schema-roles [rounds=15] [events=100000]
// DATABASE_URL's role creates and drops its own roles and databases (a superuser).
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { prepareSchema, type SchemaOptions } from "../server/db/migrate";

const quiet = { info() {}, warn() {} };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchSchemaRoles(args: string[]): Promise<void> {
  const [rounds = 15, events = 100_000] = args.map(Number);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("schema-roles runs on PostgreSQL: set DATABASE_URL to a superuser's connection");
  const suffix = randomBytes(4).toString("hex");
  const owner = `lupa_bench_owner_${suffix}`;
  const service = `lupa_bench_service_${suffix}`;
  const one = `lupa_bench_one_${suffix}`;
  const two = `lupa_bench_two_${suffix}`;
  const urlOf = (db: string, role?: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${db}`;
    if (role) [url.username, url.password] = [role, ""];
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const created: string[] = [];
  try {
    await admin.query(`create role ${owner} login`);
    await admin.query(`create role ${service} login`);
    await admin.query(`create database ${one}`);
    await admin.query(`create database ${two} owner ${owner}`);
    await admin.query(`grant create on database ${two} to ${service}`);
    const schemaStep = async (url: string, options: Omit<SchemaOptions, "log">) => {
      const database = await openDatabase({ databaseUrl: url, dataDir: "" });
      const started = performance.now();
      try {
        await prepareSchema(database, { ...options, log: quiet });
      } finally {
        await database.close();
      }
      return performance.now() - started;
    };
    const oneRole = () => schemaStep(urlOf(one), { migrationUrl: null, waitSeconds: 0 });
    const twoRoles = () => schemaStep(urlOf(two, service), { migrationUrl: urlOf(two, owner), waitSeconds: 0 });
    console.log(`migrating: one role ${(await oneRole()).toFixed(0)} ms, two roles ${(await twoRoles()).toFixed(0)} ms (first start)`);

    const copy = async (template: string, roles: boolean) => {
      const name = `lupa_bench_copy_${randomBytes(4).toString("hex")}`;
      const started = performance.now();
      await admin.query(`create database ${name} template ${template}${roles ? ` owner ${owner}` : ""}`);
      created.push(name);
      if (roles) await admin.query(`grant create on database ${name} to ${service}`);
      const ms = performance.now() - started;
      await admin.query(`drop database ${name}`);
      created.pop();
      return ms;
    };
    const times = { stepOne: [] as number[], stepTwo: [] as number[], copyOne: [] as number[], copyTwo: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      // A B, B A, ...: a trend in the machine's other work weighs on both alike
      const pair: [() => Promise<void>, () => Promise<void>][] = [
        [async () => void times.stepOne.push(await oneRole()), async () => void times.stepTwo.push(await twoRoles())],
        [async () => void times.copyOne.push(await copy(one, false)), async () => void times.copyTwo.push(await copy(two, true))],
      ];
      for (const [a, b] of pair) {
        if (r % 2 === 0) await a().then(b);
        else await b().then(a);
      }
    }
    console.log(`\nmachine: ${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)}; medians of ${rounds} interleaved rounds`);
    const line = (label: string, base: number[], roles: number[]) =>
      console.log(
        `${label.padEnd(52)} one role ${median(base).toFixed(1).padStart(7)} ms   two roles ${median(roles).toFixed(1).padStart(7)} ms   (+${(median(roles) - median(base)).toFixed(1)} ms)`,
      );
    line("a process start's schema step (migrated database)", times.stepOne, times.stepTwo);
    line("a test file's database (copy of the template)", times.copyOne, times.copyTwo);

    await purge(urlOf(two, service), urlOf(two, owner), events, 7);
  } finally {
    for (const name of [...created, one, two]) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.query(`drop role if exists ${service}, ${owner}`).catch(() => {});
    await admin.end();
  }
}

/**
 * The purge through the function (as the service's role), against the same DELETE of the same rows
 * with the DELETE trigger disabled (as the owner), each in a transaction rolled back, interleaved.
 */
async function purge(serviceUrl: string, ownerUrl: string, events: number, rounds: number): Promise<void> {
  const service = new pg.Client({ connectionString: serviceUrl });
  const owner = new pg.Client({ connectionString: ownerUrl });
  await service.connect();
  await owner.connect();
  try {
    const ws = (
      await service.query(`insert into workspaces (id, name, callback_secret) values (gen_random_uuid(), 'Bench', 'x') returning id::text`)
    ).rows[0]!.id as string;
    await service.query(`insert into review_settings (workspace_id, settings) values ($1, '{"auditRetentionDays": 30}')`, [ws]);
    await service.query(
      `insert into audit_events (workspace_id, actor_email, type, request_id, created_at, data)
       select $1::uuid, 'bench@lupa.local', 'settings.changed', md5(i::text), now() - interval '40 days' - i * interval '1 second', '{"n": 1}'
       from generate_series(1, $2::int) as i`,
      [ws, events],
    );
    await owner.query("vacuum analyze audit_events");
    const timed = async (client: pg.Client, before: string[], statement: string, values: unknown[]) => {
      await client.query("begin");
      try {
        for (const text of before) await client.query(text);
        const started = performance.now();
        const { rows } = await client.query(statement, values);
        return { ms: performance.now() - started, n: Number(rows[0]!.n) };
      } finally {
        await client.query("rollback");
      }
    };
    const viaFunction = () => timed(service, [], "select deleted as n from audit_events_purge($1)", [ws]);
    const untriggered = () =>
      timed(
        owner,
        ["alter table audit_events disable trigger audit_events_delete_permitted"],
        `with gone as (delete from audit_events where workspace_id = $1 and created_at < now() - interval '30 days' returning 1) select count(*) as n from gone`,
        [ws],
      );
    const fn: number[] = [];
    const base: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const [a, b] = r % 2 === 0 ? [viaFunction, untriggered] : [untriggered, viaFunction];
      for (const run of [a, b]) {
        const { ms, n } = await run();
        if (n !== events) throw new Error(`expected ${events} events deleted, not ${n}`);
        (run === viaFunction ? fn : base).push(ms);
      }
    }
    const perEvent = (ms: number) => ((ms * 1000) / events).toFixed(1);
    console.log(
      `purge of ${events.toLocaleString("en")} events (median of ${rounds}, rolled back): audit_events_purge ${median(fn).toFixed(0)} ms ` +
        `(${perEvent(median(fn))} µs/event); the same DELETE with its trigger disabled ${median(base).toFixed(0)} ms (${perEvent(median(base))} µs/event)`,
    );
  } finally {
    await service.end();
    await owner.end();
  }
}
