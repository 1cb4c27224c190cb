// The audit trail cannot be changed by the service (issue 30, finding 4). Every statement here
// runs as the service's own role: on PostgreSQL the harness connects as the run's service role,
// the schema owned by another (test/support/databases.ts); on PGlite, its one role. UPDATE,
// DELETE and TRUNCATE are refused on both, and so is a DELETE after setting migration 0012's purge
// settings (they opened the trigger before). The purge is the SQL function audit_events_purge:
// it keeps at least 30 days and records audit.purged itself. On PostgreSQL the role can neither
// disable the trigger nor write the purge's permits; a service started with one role says at start
// that its trail is not protected.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startService, type TestWorkspace } from "../support/harness";
import { admin, TEST_DB, urlOf } from "../support/databases";
import { sqlState } from "../../server/db/errors";
import { openDatabase } from "../../server/db/client";
import { warnIfUnprotected } from "../../server/db/roles";
import { purgeAuditEvents } from "../../server/review/audit/purge";

const lines: string[] = [];
let t: Awaited<ReturnType<typeof startService>>;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_LOG_LEVEL: "warn" }, logDestination: { write: (line) => void lines.push(line) } });
  ws = await t.createWorkspace();
});
afterAll(async () => {
  await t?.close();
});

const q = (text: string, values: unknown[] = []) => t.services.database.query(text, values);

/** The SQLSTATE a statement failed with; fails the test when it succeeded. */
async function refusal(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return sqlState(error);
  }
  throw new Error("the statement was not refused");
}

async function anEvent(workspaceId = ws.id): Promise<{ id: string; actor_email: string | null }> {
  const { rows } = await q("select id::text, actor_email from audit_events where workspace_id = $1 order by id limit 1", [workspaceId]);
  return rows[0] as { id: string; actor_email: string | null };
}

const count = async (workspaceId: string, where = "true") =>
  Number((await q(`select count(*)::int as n from audit_events where workspace_id = $1 and ${where}`, [workspaceId])).rows[0]!.n);

async function setRetention(workspaceId: string, value: unknown): Promise<void> {
  await q(
    `insert into review_settings (workspace_id, settings) values ($1, jsonb_build_object('auditRetentionDays', $2::jsonb))
     on conflict (workspace_id) do update set settings = excluded.settings`,
    [workspaceId, JSON.stringify(value)],
  );
}

describe("the service's role cannot change the audit trail", () => {
  it("refuses UPDATE, DELETE and TRUNCATE (42501), and the event stays as it was", async () => {
    const event = await anEvent();
    expect(await refusal(() => q("update audit_events set actor_email = 'someone@else.example' where id = $1", [event.id]))).toBe("42501");
    expect(await refusal(() => q("update audit_events set data = '{}'::jsonb"))).toBe("42501");
    expect(await refusal(() => q("delete from audit_events where id = $1", [event.id]))).toBe("42501");
    expect(await refusal(() => q("delete from audit_events"))).toBe("42501");
    expect(await refusal(() => q("truncate audit_events"))).toBe("42501");
    expect(await anEvent()).toEqual(event);
  });

  it("refuses a DELETE after set_config of the purge's former settings (the workspace, a far instant)", async () => {
    const event = await anEvent();
    const before = await count(ws.id);
    for (const local of [true, false]) {
      const state = await refusal(() =>
        t.services.db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('lupa.audit_purge_workspace', ${ws.id}, ${local}), set_config('lupa.audit_purge_before', '9999-12-31', ${local})`,
          );
          await tx.execute(sql`delete from audit_events where workspace_id = ${ws.id}`);
        }),
      );
      expect(state).toBe("42501");
    }
    expect(await count(ws.id)).toBe(before);
    expect(await anEvent()).toEqual(event);
  });
});

describe("the purge function", () => {
  it("refuses a retention under 30 days, or not a whole number of days: nothing deleted, nothing recorded", async () => {
    const purged = await t.createWorkspace();
    await q(`insert into audit_events (workspace_id, type, created_at) values ($1, 'settings.changed', now() - interval '40 days')`, [
      purged.id,
    ]);
    const total = await count(purged.id);
    for (const days of [0, 5, 29, 29.5, "400", -1]) {
      await setRetention(purged.id, days);
      expect(await refusal(() => purgeAuditEvents(t.services.db, purged.id)), String(days)).toBe("22023");
      expect(await refusal(() => q("select * from audit_events_purge($1)", [purged.id])), String(days)).toBe("22023");
    }
    expect(await count(purged.id)).toBe(total);
    expect(await count(purged.id, "type = 'audit.purged'")).toBe(0);
    // a workspace that does not exist is refused too, and records nothing
    const nobody = "00000000-0000-4000-8000-000000000000";
    expect(await refusal(() => purgeAuditEvents(t.services.db, nobody))).toBe("22023");
    expect(await count(nobody)).toBe(0);
  });

  it("within the retention deletes only older events, records audit.purged itself, and leaves no permit", async () => {
    const purged = await t.createWorkspace();
    const other = await t.createWorkspace();
    for (const id of [purged.id, other.id])
      await q(
        `insert into audit_events (workspace_id, type, created_at, data) values
           ($1, 'settings.changed', now() - interval '31 days', '{"n": 1}'), ($1, 'settings.changed', now() - interval '29 days', '{"n": 2}')`,
        [id],
      );
    await setRetention(purged.id, 30);
    const otherBefore = await count(other.id);
    const started = Date.now();
    const result = await purgeAuditEvents(t.services.db, purged.id);
    expect(result.deleted).toBe(1);
    const cutoff = Date.parse(result.before);
    expect(Math.abs(started - 30 * 86_400_000 - cutoff)).toBeLessThan(60_000);
    const left = (await q("select type, data from audit_events where workspace_id = $1 order by created_at", [purged.id])).rows;
    // the 29-day-old event, the sign-ins of the workspace's four users, the purge
    expect(left.map((r) => r.type)).toEqual(["settings.changed", ...Array(4).fill("session.started"), "audit.purged"]);
    expect(left[0]!.data).toEqual({ n: 2 });
    const [record] = (await q("select actor_id, data from audit_events where workspace_id = $1 and type = 'audit.purged'", [purged.id]))
      .rows as { actor_id: string | null; data: Record<string, unknown> }[];
    expect(record).toEqual({ actor_id: null, data: { before: result.before, deleted: 1, retentionDays: 30 } });
    expect(await count(other.id)).toBe(otherBefore); // the other workspace's old event stays
    expect((await t.ownerQuery("select count(*)::int as n from audit_purge_permits")).rows[0]!.n).toBe(0);
    // again: nothing older left, and the second purge is recorded too
    expect((await purgeAuditEvents(t.services.db, purged.id)).deleted).toBe(0);
    expect(await count(purged.id, "type = 'audit.purged'")).toBe(2);
  });

  it("uses the default retention (1826 days) when the workspace set none", async () => {
    const purged = await t.createWorkspace();
    await q(
      `insert into audit_events (workspace_id, type, created_at) values ($1, 'settings.changed', now() - interval '6 years'), ($1, 'settings.changed', now() - interval '4 years')`,
      [purged.id],
    );
    const result = await purgeAuditEvents(t.services.db, purged.id);
    expect(result.deleted).toBe(1);
    expect((await q("select data from audit_events where workspace_id = $1 and type = 'audit.purged'", [purged.id])).rows[0]!.data).toEqual(
      {
        before: result.before,
        deleted: 1,
        retentionDays: 1826,
      },
    );
  });
});

describe.runIf(TEST_DB === "postgres")("on PostgreSQL, as the service's role (not the schema's owner)", () => {
  it("cannot disable, drop or add a trigger, take the table, write a permit or move the ids", async () => {
    const event = await anEvent();
    for (const statement of [
      "alter table audit_events disable trigger audit_events_append_only",
      "alter table audit_events disable trigger all",
      "drop trigger audit_events_append_only on audit_events",
      "alter table audit_events owner to current_user",
      `create trigger audit_rewrite before insert on audit_events for each row execute function audit_events_append_only()`,
      "create or replace function audit_events_append_only() returns trigger language plpgsql as $$ begin return old; end $$",
      `insert into audit_purge_permits (txid, workspace_id, before) values (txid_current(), '${ws.id}', '9999-12-31')`,
      "select setval(pg_get_serial_sequence('audit_events', 'id'), 1)",
    ])
      expect(await refusal(() => q(statement)), statement).toBe("42501");
    expect(await anEvent()).toEqual(event);
  });

  it("may SELECT and INSERT, and the owner meets the triggers: UPDATE refused, DELETE only of rows a permit covers", async () => {
    await q(`insert into audit_events (workspace_id, type) values ($1, 'settings.changed')`, [ws.id]);
    const event = await anEvent();
    const total = await count(ws.id);
    for (const statement of [
      `update audit_events set actor_email = 'x' where id = ${event.id}`,
      `delete from audit_events where id = ${event.id}`,
      // a permit for events older than a day, and a DELETE of the workspace's newer ones too: one
      // implicit transaction, undone whole
      `insert into audit_purge_permits (txid, workspace_id, before) values (txid_current(), '${ws.id}', now() - interval '1 day');
       delete from audit_events where workspace_id = '${ws.id}'`,
    ]) {
      const error = await t.ownerQuery(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(sqlState(error), statement).toBe("42501");
      expect(error!.message).toMatch(/append-only/);
    }
    expect(await count(ws.id)).toBe(total);
    expect((await t.ownerQuery("select count(*)::int as n from audit_purge_permits")).rows[0]!.n).toBe(0);
  });

  it("says nothing at start with two roles, and one warning line with one role", async () => {
    expect(lines.filter((l) => l.includes("not protected"))).toEqual([]);
    // one role, as before: a database of its own, DATABASE_URL only (the run's superuser)
    const name = `lupa_test_one_${randomBytes(6).toString("hex")}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = urlOf(name);
    const drop = () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
    const oneRole: string[] = [];
    const single = await startService({
      workers: false,
      env: { LUPA_LOG_LEVEL: "warn" },
      database: { db: await openDatabase({ databaseUrl: url, dataDir: "" }), testDb: { url, drop } },
      logDestination: { write: (line) => void oneRole.push(line) },
    }).catch(async (error) => {
      await drop();
      throw error;
    });
    try {
      const warned = oneRole.filter((l) => l.includes("not protected"));
      expect(warned).toHaveLength(1);
      expect(JSON.parse(warned[0]!)).toMatchObject({ level: "warn", msg: expect.stringContaining("is a superuser") });
    } finally {
      await single.close();
    }
    // the schema's owner as DATABASE_URL is warned about too
    const owner = await openDatabase({ databaseUrl: t.database.testDb.ownerUrl!, dataDir: "" });
    const said: string[] = [];
    try {
      await warnIfUnprotected(owner, { info: () => {}, warn: (_, message) => void said.push(message) });
    } finally {
      await owner.close();
    }
    expect(said).toEqual([expect.stringContaining("is the owner of audit_events")]);
  });
});

describe.runIf(TEST_DB === "pglite")("on PGlite, one role", () => {
  it("says nothing at start: the data folder is the boundary", () => {
    expect(lines.filter((l) => l.includes("not protected"))).toEqual([]);
  });
});
