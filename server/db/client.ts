// One database handle for the whole service, over PGlite (embedded, default) or PostgreSQL
// (DATABASE_URL). Both run the same drizzle schema, the same SQL and the same migrations.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { lockDataDir } from "./lock";

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
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** In-memory PGlite (tests): no folder, no lock. */
  memory?: boolean;
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
    client = await PGlite.create({ extensions: EXTENSIONS });
  } else {
    release = lockDataDir(options.dataDir);
    const folder = path.join(options.dataDir, "pglite");
    mkdirSync(folder, { recursive: true }); // PGlite does not create parent folders
    try {
      client = await PGlite.create(folder, { extensions: EXTENSIONS });
    } catch (error) {
      release();
      throw error;
    }
  }
  yieldBeforeQueries(client);
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
function yieldBeforeQueries(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.LUPA_DB_POOL_SIZE || 10) });
  pool.on("error", () => {}); // idle client errors are reported by the next query that uses it
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.PoolClient | null = null;

  async function ensureListenClient(): Promise<pg.PoolClient> {
    if (listenClient) return listenClient;
    const c = await pool.connect();
    c.on("notification", (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? "");
    });
    listenClient = c;
    return c;
  }

  return {
    kind: "postgres",
    db,
    query: async (text, values) => pool.query(text, values as unknown[]),
    executeSql: async (text, values) => pool.query(text, values as unknown[]),
    listen: async (channel, onPayload) => {
      const c = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    close: async () => {
      if (listenClient) listenClient.release();
      await pool.end();
    },
  };
}
