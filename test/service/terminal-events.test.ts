// The v3 synchronous wait is woken by the terminal event (NOTIFY lupa_terminal from the engine's
// terminal transaction), not by polling: a waiter resolves `true` only through the event and
// `false` only at its timeout. Deterministic; the delay itself is measured by bench v3-throughput.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startService, type TestService } from "../support/harness";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

const notifyInTransaction = (id: string) =>
  t.services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify('lupa_terminal', ${id})`);
  });

describe("terminal events", () => {
  it("wake a waiter when its collection's terminal transaction commits", async () => {
    let reads = 0;
    const waiting = t.services.events.waitForTerminal("enr_event_1", 30_000, async () => {
      reads++;
      return false;
    });
    await new Promise((r) => setTimeout(r, 100));
    await notifyInTransaction("enr_event_1");
    expect(await waiting).toBe(true);
    expect(reads).toBe(1); // the state was read once, before waiting: no polling
  });

  it("do not wake waiters of other collections, and a waiter without event times out with false", async () => {
    const waiting = t.services.events.waitForTerminal("enr_event_2", 500, async () => false);
    await notifyInTransaction("enr_event_other");
    expect(await waiting).toBe(false);
  });

  it("are not sent by a transaction that rolls back", async () => {
    const waiting = t.services.events.waitForTerminal("enr_event_3", 500, async () => false);
    await t.services.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('lupa_terminal', ${"enr_event_3"})`);
        tx.rollback();
      })
      .catch(() => {});
    expect(await waiting).toBe(false);
  });

  it("answer at once when the collection is already terminal", async () => {
    expect(await t.services.events.waitForTerminal("enr_event_4", 30_000, async () => true)).toBe(true);
  });
});
