// One database handle for the whole service, over PGlite (embedded, default) or PostgreSQL
// (DATABASE_URL). Both run the same drizzle schema, the same SQL and the same migrations.
import { AsyncLocalStorage } from "node:async_hooks";
import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { lockDataDir } from "./lock";
import { enablePreparedStatements } from "./pglite-prepared";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type RawQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Parameterised SQL outside drizzle (rate-limit counters, advisory locks). */
  query: RawQuery;
  /** pg-boss's executor: multi-statement SQL without values, single statements with values. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether notifications currently arrive, and how many times the listening connection has been
   * (re)established: a waiter polls while `up` is false, and checks once more when `generation`
   * changed (notifications sent while it was down are lost).
   */
  listenerState(): { up: boolean; generation: number };
  /** PGlite only: the data folder as a tarball (the tests' migrated template; see OpenOptions.template). */
  dump?: () => Promise<Blob>;
  /**
   * The connections of this process (metrics): at most `max`, `inUse` running a query or holding a
   * transaction, `idle` open and free, `waiting` queries waiting for one. PGlite has one connection
   * and no pool: `waiting` counts the queries and transactions waiting to run, for their event
   * loop turn (each first yields one) or for its locks: the work queued in front of a new query.
   * `ahead`: what a new API query waits behind (admission control): `waiting` without the batch
   * lane's statements on PGlite, which give way to the others (trackLocks); `waiting` on PostgreSQL.
   */
  poolStats(): { max: number; inUse: number; idle: number; waiting: number; ahead: number };
  /**
   * A connection of its own for long work with COPY (the registry importer, server/registry/):
   * PostgreSQL's URL, or the embedded client itself.
   */
  direct: { kind: "postgres"; url: string } | { kind: "pglite"; client: PGlite };
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** In-memory PGlite (tests): no folder, no lock. */
  memory?: boolean;
  /**
   * In-memory PGlite only: start from this data folder (a `dumpDataDir()` tarball) instead of an
   * empty cluster. The tests migrate one database once and start each file from its copy.
   */
  template?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

/** Contrib extensions PGlite loads (PostgreSQL has them installed): pg_trgm for the v2 list search. */
const EXTENSIONS = { pg_trgm };

async function openPglite(options: OpenOptions): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (options.memory) {
    client = await PGlite.create({ extensions: EXTENSIONS, ...(options.template ? { loadDataDir: options.template } : {}) });
  } else {
    release = lockDataDir(options.dataDir);
    const folder = path.join(options.dataDir, "pglite");
    mkdirSync(folder, { recursive: true, mode: 0o700 }); // PGlite does not create parent folders
    chmodSync(folder, 0o700); // the database is readable by this user only
    try {
      client = await PGlite.create(folder, { extensions: EXTENSIONS });
    } catch (error) {
      release();
      throw error;
    }
  }
  const backlog = new Backlog();
  const turn = countedTurn(backlog);
  yieldBeforeQueries(client, turn);
  const poolStats = trackLocks(client, backlog);
  enablePreparedStatements(client, turn);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    query: async (text, values) => client.query(text, values ?? []) as Promise<{ rows: Record<string, unknown>[] }>,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends `BEGIN; ...; COMMIT` as one text. When a statement fails inside it the
      // block stays open and aborted; roll back before rethrowing so the next query starts clean.
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        if (client.isInTransaction()) await client.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    listenerState: () => ({ up: true, generation: 1 }), // in-process: never down
    dump: () => client.dumpDataDir("none"),
    poolStats,
    direct: { kind: "pglite", client },
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite runs PostgreSQL as WebAssembly on this thread, synchronously, and busy workers chain
 * one query after another as promise continuations: the event loop never reaches its I/O phase,
 * and answers to HTTP clients wait until the workers run dry (seen: a batch's 202, ready in 1 s,
 * reached its client after 11 s). Each query first yields to the event loop (setImmediate runs
 * after pending I/O), so requests keep being served while work goes on.
 */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The event loop's turn, counted in `backlog`: on PGlite the statements waiting to run are mostly
 * waiting here, not for the locks (a statement runs synchronously once it has its turn, and
 * releases the locks before the next turn), so the turn is where the queue is seen.
 */
function countedTurn(backlog: Backlog): () => Promise<void> {
  return async () => {
    const batch = batchLane.getStore() === true;
    backlog.enter(batch);
    try {
      await eventLoopTurn();
    } finally {
      backlog.leave(batch);
    }
  };
}

function yieldBeforeQueries(client: PGlite, turn: () => Promise<void>): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await turn();
    return query(...args);
  }) as PGlite["query"];
  client.exec = (async (...args: Parameters<PGlite["exec"]>) => {
    await turn();
    return exec(...args);
  }) as PGlite["exec"];
}

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

/** The batch lane's work (server/engine/workers.ts): on PGlite its statements let the others go first. */
const batchLane = new AsyncLocalStorage<true>();

/** Runs `fn` as batch-lane work: on PGlite each of its statements and transactions starts only when no other waits (see trackLocks). */
export function inBatchLane<T>(fn: () => Promise<T>): Promise<T> {
  return batchLane.run(true, fn);
}

/** How long a batch-lane statement gives way at most, so a steady interactive stream slows the batch lane without stopping it. */
export const BATCH_GIVE_WAY_MAX_MS = 50;

/** PGlite's statements waiting to run (for their event loop turn or for the locks), all and not the batch lane's. */
export class Backlog {
  waiting = 0;
  others = 0;
  private givingWay = new Set<() => void>();

  enter(batch: boolean): void {
    this.waiting++;
    if (!batch) this.others++;
  }

  leave(batch: boolean): void {
    this.waiting--;
    if (batch) return;
    this.others--;
    if (this.others === 0) for (const wake of [...this.givingWay]) wake();
  }

  /** Resolves once no statement but the batch lane's waits, or after BATCH_GIVE_WAY_MAX_MS. */
  giveWay(): Promise<void> {
    if (this.others === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.givingWay.delete(done);
        resolve();
      };
      const timer = setTimeout(done, BATCH_GIVE_WAY_MAX_MS);
      this.givingWay.add(done);
    });
  }
}

/**
 * Counts what waits for and holds PGlite's two locks (every query takes its query lock, and outside
 * a transaction its transaction lock first; a transaction holds the transaction lock throughout),
 * for `poolStats`: the one connection is in use while either is held; `waiting` adds the
 * statements waiting for their event loop turn (countedTurn), counted in the same `backlog`.
 *
 * And the batch lane gives way: PGlite serves its statements first come, first served, so a batch
 * collection's statement queued before an API request's made the request wait for it. A statement
 * or transaction of the batch lane (inBatchLane) now waits, before it takes the transaction lock,
 * until no other statement waits (BATCH_GIVE_WAY_MAX_MS at most). Only there: inside its
 * transaction (holding the connection) a batch statement never waits, so nothing waits on it.
 */
export function trackLocks(client: PGlite, backlog = new Backlog()): Database["poolStats"] {
  const locks = client as unknown as Record<"_runExclusiveQuery" | "_runExclusiveTransaction", Exclusive>;
  let held = 0;
  for (const name of ["_runExclusiveQuery", "_runExclusiveTransaction"] as const) {
    const original = locks[name].bind(client);
    const outer = name === "_runExclusiveTransaction";
    locks[name] = async (fn) => {
      const batch = batchLane.getStore() === true;
      if (outer && batch) await backlog.giveWay();
      backlog.enter(batch);
      let started = false;
      try {
        return await original(async () => {
          started = true;
          backlog.leave(batch);
          held++;
          try {
            return await fn();
          } finally {
            held--;
          }
        });
      } finally {
        if (!started) backlog.leave(batch);
      }
    };
  }
  return () => ({ max: 1, inUse: held > 0 ? 1 : 0, idle: held > 0 ? 0 : 1, waiting: backlog.waiting, ahead: backlog.others });
}

/** Backoff of the listening connection's reconnects: 100 ms doubling up to 5 s. */
export const LISTEN_RECONNECT_MS = { first: 100, max: 5000 };

async function openPostgres(url: string): Promise<Database> {
  const max = Number(process.env.LUPA_DB_POOL_SIZE || 10);
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {}); // idle client errors are reported by the next query that uses it
  // pg-pool removes its error listener from a client while it is checked out: a client between
  // two queries of a transaction when the server goes away (57P01 on a restart) would emit an
  // unhandled 'error' and end the process. The failure reaches the transaction through its next
  // query instead, and the pool discards the broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();

  // One dedicated connection LISTENs for the whole process. When it fails (the database restarts:
  // 57P01, a network cut) it is replaced with backoff and every channel is LISTENed again; until
  // then listenerState().up is false and waiters poll (server/engine/events.ts). Without an
  // 'error' handler a restart of PostgreSQL ended the process.
  let listenClient: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let generation = 0;
  let closed = false;

  const quote = (channel: string) => `"${channel.replace(/"/g, "")}"`;

  function lost(client: pg.Client): void {
    client.removeAllListeners("notification");
    client.end().catch(() => {});
    if (listenClient !== client) return;
    listenClient = null;
    if (!closed) void ensureListening();
  }

  async function connectOnce(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch (error) {
      client.removeAllListeners("end");
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listenClient = client;
    generation++;
  }

  function ensureListening(): Promise<void> {
    connecting ??= (async () => {
      let delay = LISTEN_RECONNECT_MS.first;
      while (!closed && !listenClient) {
        try {
          await connectOnce();
        } catch {
          await new Promise((r) => setTimeout(r, delay));
          delay = Math.min(delay * 2, LISTEN_RECONNECT_MS.max);
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    kind: "postgres",
    direct: { kind: "postgres", url },
    db,
    query: async (text, values) => pool.query(text, values as unknown[]),
    executeSql: async (text, values) => pool.query(text, values as unknown[]),
    listen: async (channel, onPayload) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        // a live connection LISTENs now; a new one LISTENs every known channel when it connects
        if (listenClient) await listenClient.query(`LISTEN ${quote(channel)}`).catch(() => {});
      }
      set.add(onPayload);
      if (!listenClient) await ensureListening();
      return async () => {
        set!.delete(onPayload);
      };
    },
    listenerState: () => ({ up: listenClient !== null, generation }),
    poolStats: () => ({
      max,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      ahead: pool.waitingCount,
    }),
    close: async () => {
      closed = true;
      const client = listenClient;
      listenClient = null;
      if (client) {
        client.removeAllListeners("end");
        await client.end().catch(() => {});
      }
      await pool.end();
    },
  };
}
