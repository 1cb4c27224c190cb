// Which worker processes are alive, as PostgreSQL sees them (issue 23, item 5). A worker process
// holds a session-level advisory lock (LIVENESS_LOCK_CLASS, key) on a connection of its own for as
// long as it lives, and every lease it takes carries that key (collections.lease_key). PostgreSQL
// ends a dead process's sessions at once, and their locks with them: a lease whose key nobody
// holds belongs to a dead worker, and another worker takes its collection over within a second
// or two (takeOverDeadOwners), instead of waiting for the lease to expire (LUPA_LEASE_MS, 30 s).
// A slow but live worker keeps its lock, so it is never taken over this way.
//
// When this process loses the connection that holds its lock (the database restarted, a network
// cut), its leases look dead to the others, who may take them over: the process stops the
// collections it runs under that key at once (`lost`), and takes a new key when it reconnects.
import { randomInt } from "node:crypto";
import pg from "pg";
import type { Logger } from "../support/logger";

/** The advisory lock class of worker liveness: (class, key) with two int4 keys. */
export const LIVENESS_LOCK_CLASS = 7_412_002;

export interface Liveness {
  /** The key of the lock this process holds now; null while it holds none (connecting). */
  key(): number | null;
  /** Aborted when the lock of the current key is lost; a new signal comes with the next key. */
  lost(): AbortSignal;
  stop(): Promise<void>;
}

/** How long to wait between attempts to take the lock again after losing it. */
const RETRY_MS = { first: 100, max: 5000 };

export async function holdLiveness(url: string, log: Logger): Promise<Liveness> {
  let client: pg.Client | null = null;
  let current: { key: number; lost: AbortController } | null = null;
  let stopped = false;
  let connecting: Promise<void> | null = null;

  function drop(which: pg.Client): void {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    if (current) {
      current.lost.abort();
      log.warn({ key: current.key }, "liveness lock lost: stopping the collections this process runs");
      current = null;
    }
    if (!stopped) void reconnect();
  }

  async function connectOnce(): Promise<void> {
    const c = new pg.Client({ connectionString: url, application_name: "lupa-liveness" });
    c.on("error", () => drop(c));
    c.on("end", () => drop(c));
    await c.connect();
    // a key no live process holds: try_lock refuses one in use
    for (;;) {
      const key = randomInt(1, 2 ** 31 - 1);
      const { rows } = await c.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [LIVENESS_LOCK_CLASS, key]);
      if (rows[0]?.ok) {
        if (stopped) {
          await c.end().catch(() => {});
          return;
        }
        client = c;
        current = { key, lost: new AbortController() };
        return;
      }
    }
  }

  function reconnect(): Promise<void> {
    connecting ??= (async () => {
      let delay = RETRY_MS.first;
      while (!stopped && !client) {
        try {
          await connectOnce();
        } catch {
          await new Promise((r) => setTimeout(r, delay));
          delay = Math.min(delay * 2, RETRY_MS.max);
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  await connectOnce();
  return {
    key: () => current?.key ?? null,
    lost: () => current?.lost.signal ?? AbortSignal.abort(),
    async stop() {
      stopped = true;
      const c = client;
      client = null;
      current = null;
      if (c) {
        c.removeAllListeners("end");
        await c.end().catch(() => {});
      }
    },
  };
}
