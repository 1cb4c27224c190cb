// Liveness of worker processes on PostgreSQL (issue 23, item 5; server/engine/liveness.ts): a
// lease carries the key of its worker's advisory lock; a lease whose key no session holds is taken
// over within a check or two, and a slow but live worker is never taken over. PostgreSQL pass only
// (the embedded database has one process, and no other worker to take over from).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { TEST_DB } from "../support/databases";
import { makeCpf } from "../../lib/contract/documents";
import { startWork } from "../../server/start";
import { LIVENESS_LOCK_CLASS } from "../../server/engine/liveness";

describe.runIf(TEST_DB === "postgres")("worker liveness on PostgreSQL", () => {
  let t: Awaited<ReturnType<typeof startService>>;
  let other: TestService; // a second worker process's sweeper, on the same database
  beforeAll(async () => {
    t = await startService({ env: { LUPA_LEASE_MS: "30000", LUPA_LIVENESS_CHECK_MS: "200", LUPA_SANDBOX_LATENCY_MS: "2500" } });
    other = await startService({
      database: t.database,
      workers: false,
      env: { LUPA_LEASE_MS: "30000", LUPA_LIVENESS_CHECK_MS: "200" },
    });
    // a service started without workers runs no takeover check either: start its sweepers alone
    stopOther = await startWork(other.services, { sweepers: true });
  });
  let stopOther: () => Promise<void> = async () => {};
  afterAll(async () => {
    await stopOther();
    await other?.stop();
    await t?.close();
  });

  const q = async <T>(text: string, values: unknown[] = []) => (await t.services.database.query(text, values)).rows as T[];
  const create = async (n: number) => {
    const res = await t.request({
      method: "POST",
      url: "/api/v3/enrichments/batch",
      token: t.workspace.tokens.integration,
      body: { profileId: "prf_person_registry", items: [{ document: makeCpf(String(730000000 + n)) }] },
    });
    expect(res.statusCode).toBe(202);
    return res.json().items[0].id as string;
  };

  it("a slow but live worker keeps its lease: no takeover while it works, one claim, completed", async () => {
    const id = await create(1);
    const first = await eventually(
      () =>
        q<{ owner: string | null; key: number | null }>("select lease_owner as owner, lease_key as key from collections where id = $1", [
          id,
        ]),
      (rows) => rows[0]?.owner != null,
    );
    expect(first[0]!.key).toEqual(expect.any(Number));
    // several takeover checks (every 200 ms) pass while the module answers in 2.5 s
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const [row] = await q<{ owner: string | null; key: number | null; status: string }>(
        "select lease_owner as owner, lease_key as key, status from collections where id = $1",
        [id],
      );
      if (row!.status !== "FETCHING") break;
      seen.add(`${row!.owner}/${row!.key}`);
      await new Promise((r) => setTimeout(r, 150));
    }
    expect([...seen]).toEqual([`${first[0]!.owner}/${first[0]!.key}`]);
    const done = await eventually(
      () => q<{ status: string }>("select status from collections where id = $1", [id]),
      (rows) => rows[0]!.status === "COMPLETED",
      30_000,
    );
    expect(done[0]!.status).toBe("COMPLETED");
  });

  it("a lease whose key no session holds is taken over at once and the collection completes, long before the lease ends", async () => {
    const id = await create(2);
    await eventually(
      () => q<{ status: string }>("select status from collections where id = $1", [id]),
      (rows) => rows[0]!.status === "COMPLETED",
      30_000,
    );
    // the state a worker killed in the middle leaves: a live collection, leased for 30 s more, under
    // a key whose lock died with its session
    const dead = { key: 2147483000 };
    await q(
      "update collections set status = 'FETCHING', outcome = null, completed_at = null, lease_owner = 'gone-1', lease_key = $2, lease_until = now() + interval '30 seconds' where id = $1",
      [id, dead.key],
    );
    const since = Date.now();
    await eventually(
      () => q<{ owner: string | null }>("select lease_owner as owner from collections where id = $1", [id]),
      (rows) => rows[0]!.owner !== "gone-1",
      10_000,
    );
    expect(Date.now() - since).toBeLessThan(10_000); // the lease had 30 s left
  });

  it("a lease whose key is held by a live session is left alone, however long", async () => {
    const id = await create(3);
    await eventually(
      () => q<{ status: string }>("select status from collections where id = $1", [id]),
      (rows) => rows[0]!.status === "COMPLETED",
      30_000,
    );
    const held = { key: 2147483001 };
    // this test's own session holds the key: a live worker as far as PostgreSQL can tell
    const pg = await import("pg");
    const session = new pg.default.Client({ connectionString: t.config.databaseUrl! });
    await session.connect();
    try {
      await session.query("select pg_advisory_lock($1, $2)", [LIVENESS_LOCK_CLASS, held.key]);
      await q(
        "update collections set status = 'FETCHING', outcome = null, completed_at = null, lease_owner = 'alive-1', lease_key = $2, lease_until = now() + interval '30 seconds' where id = $1",
        [id, held.key],
      );
      await new Promise((r) => setTimeout(r, 1500)); // seven takeover checks
      const [row] = await q<{ owner: string }>("select lease_owner as owner from collections where id = $1", [id]);
      expect(row!.owner).toBe("alive-1");
      // once that session ends, the lease is taken over
      await session.end();
      await eventually(
        () => q<{ owner: string | null }>("select lease_owner as owner from collections where id = $1", [id]),
        (rows) => rows[0]!.owner !== "alive-1",
        10_000,
      );
    } finally {
      await session.end().catch(() => {});
    }
  });
});
