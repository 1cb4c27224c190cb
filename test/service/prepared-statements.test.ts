// runPrepared (server/db/rows.ts): named prepared statements on node-postgres and on PGlite
// (server/db/pglite-prepared.ts, which speaks the wire protocol itself). Both answer what drizzle's
// own execute answers for the same SQL, keep errors and transactions as they were, and deliver a
// NOTIFY the statement sends.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { rowsOf, runPrepared } from "../../server/db/rows";
import { parameterText } from "../../server/db/pglite-prepared";
import { createTestDatabase, type TestDatabase } from "../support/databases";

let database: Database;
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({
    databaseUrl: testDb.ownerUrl ?? testDb.url, // the owner: the test creates a table of its own
    dataDir: mkdtempSync(path.join(tmpdir(), "lupa-prep-")),
    memory: !testDb.url,
    template: testDb.template,
  });
  await database.db.execute(sql`create table prep_items (id text primary key, n int not null, at timestamptz not null,
    doc jsonb, tags text[], ok boolean, note text)`);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const insert = (id: string, n: number, extra: { doc?: unknown; tags?: string[]; note?: string | null } = {}) =>
  sql`insert into prep_items (id, n, at, doc, tags, ok, note)
    values (${id}, ${n}, ${new Date("2026-11-23T10:00:00.123Z")}, ${JSON.stringify(extra.doc ?? null)}::jsonb, ${sql.param(extra.tags ?? null)}::text[],
      ${n % 2 === 0}, ${extra.note ?? null})
    returning *`;

describe("runPrepared", () => {
  it("answers what drizzle's execute answers for the same statement, every type", async () => {
    const tags = ["plain", 'with "quotes"', "back\\slash", "comma,brace}"];
    const [written] = await runPrepared(database.db, insert("a", 2, { doc: { nested: [1, "dois"] }, tags, note: "ação" }));
    const read = sql`select *, n * 2 as twice from prep_items where id = ${"a"} and n >= ${1} and ok = ${true}`;
    const prepared = await runPrepared(database.db, read);
    const plain = rowsOf(await database.db.execute(read));
    expect(prepared).toEqual(plain);
    expect(prepared[0]).toMatchObject({ id: "a", n: 2, twice: 4, doc: { nested: [1, "dois"] }, tags, ok: true, note: "ação" });
    expect(written).toMatchObject({ id: "a", tags });
    // timestamps stay text, as drizzle's drivers give them to its columns
    expect(typeof prepared[0]!.at).toBe("string");
    expect(new Date(prepared[0]!.at as string).toISOString()).toBe("2026-11-23T10:00:00.123Z");
  });

  it("runs the same statement again with other values (one name, many runs)", async () => {
    const query = (id: string) => sql`select n from prep_items where id = ${id}`;
    await runPrepared(database.db, insert("b", 7));
    expect(await runPrepared(database.db, query("a"))).toEqual([{ n: 2 }]);
    expect(await runPrepared(database.db, query("b"))).toEqual([{ n: 7 }]);
    expect(await runPrepared(database.db, query("none"))).toEqual([]);
  });

  it("an error rejects with its code and leaves the connection usable; a statement that does not parse is never kept", async () => {
    await expect(runPrepared(database.db, insert("a", 4))).rejects.toMatchObject({ cause: { code: "23505" } });
    const broken = sql`selec n from prep_items where id = ${"a"}`;
    await expect(runPrepared(database.db, broken)).rejects.toMatchObject({ cause: { code: "42601" } });
    await expect(runPrepared(database.db, broken)).rejects.toMatchObject({ cause: { code: "42601" } });
    expect(await runPrepared(database.db, sql`select n from prep_items where id = ${"a"}`)).toEqual([{ n: 2 }]);
  });

  it("inside a transaction: sees its writes, and a rollback takes them back", async () => {
    const count = sql`select count(*)::int as n from prep_items where id like ${"tx-%"}`;
    await expect(
      database.db.transaction(async (tx) => {
        await runPrepared(tx, insert("tx-1", 1));
        expect(await runPrepared(tx, count)).toEqual([{ n: 1 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await runPrepared(database.db, count)).toEqual([{ n: 0 }]);
    await database.db.transaction(async (tx) => {
      await runPrepared(tx, insert("tx-2", 2));
    });
    expect(await runPrepared(database.db, count)).toEqual([{ n: 1 }]);
  });

  it("many runs at once, between transactions, each answer its own", async () => {
    const runs = Array.from({ length: 40 }, (_, i) =>
      i % 5 === 0
        ? database.db.transaction(async (tx) => (await runPrepared(tx, insert(`c-${i}`, i)))[0]!.n)
        : runPrepared(database.db, insert(`c-${i}`, i)).then((rows) => rows[0]!.n),
    );
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await runPrepared(database.db, sql`select count(*)::int as n from prep_items where id like ${"c-%"}`)).toEqual([{ n: 40 }]);
  });

  it("delivers the NOTIFY a statement sends, after its commit", async () => {
    const heard: string[] = [];
    const stop = await database.listen("prep_channel", (payload) => heard.push(payload));
    await runPrepared(database.db, sql`select pg_notify('prep_channel', ${"alone"})`);
    await database.db.transaction(async (tx) => {
      await runPrepared(tx, sql`select pg_notify('prep_channel', ${"in a transaction"})`);
    });
    for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(heard).toEqual(["alone", "in a transaction"]);
  });
});

describe("parameterText (PGlite)", () => {
  it("writes values as PostgreSQL reads them in text", () => {
    expect(parameterText(null)).toBeNull();
    expect(parameterText(undefined)).toBeNull();
    expect(parameterText("x")).toBe("x");
    expect(parameterText(1.5)).toBe("1.5");
    expect(parameterText(false)).toBe("false");
    expect(parameterText(new Date("2026-01-02T03:04:05.006Z"))).toBe("2026-01-02T03:04:05.006Z");
    expect(parameterText({ a: [1] })).toBe('{"a":[1]}');
    expect(parameterText(["a", 'b"c', "d\\e", null])).toBe('{"a","b\\"c","d\\\\e",NULL}');
  });
});
