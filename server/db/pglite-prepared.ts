// Named prepared statements on PGlite, for runPrepared (rows.ts). PGlite's own query() sends every
// statement unnamed: Parse, Describe, Bind, Describe, Execute and Sync, six calls into the
// WebAssembly backend, which parses, analyses and plans the text again each time. Here a hot
// statement is parsed once per database under its name; each run is then one call (Bind, Describe,
// Execute, Sync) that reuses the backend's plan. Measured on the engine's terminal statement:
// 0.19 ms a run against 0.85 to 1.08 ms through query() (docs/benchmarks.md, v3-throughput).
//
// It keeps PGlite's rules: a run takes the query lock, and outside a transaction the transaction
// lock too, as query() does; outside a transaction the file system is synced after it; rows come
// back as drizzle's PGlite driver reads them (timestamps, dates and intervals as text).
import { parse, protocol, types, type PGlite, type Transaction } from "@electric-sql/pglite";

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;
interface Locks {
  _runExclusiveQuery: Exclusive;
  _runExclusiveTransaction: Exclusive;
}

/** What drizzle-orm/pglite gives its parsers: these types stay text, its columns map them. */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: (v: string) => v,
  [types.TIMESTAMPTZ]: (v: string) => v,
  [types.INTERVAL]: (v: string) => v,
  [types.DATE]: (v: string) => v,
};

export type PreparedRun = (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The runner of each PGlite handle drizzle may hold: the database itself, or one of its open transactions. */
const runners = new WeakMap<object, PreparedRun>();

export function preparedRunnerOf(client: unknown): PreparedRun | undefined {
  return typeof client === "object" && client !== null ? runners.get(client) : undefined;
}

function arrayLiteral(items: unknown[]): string {
  return `{${items.map((v) => (v === null || v === undefined ? "NULL" : `"${String(v).replace(/(["\\])/g, "\\$1")}"`)).join(",")}}`;
}

/** A parameter as text, as PGlite's query() writes the values drizzle hands it. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Registers `client` (and each transaction it opens from now on) for named prepared statements.
 * `beforeRun`: awaited before each run, as for the client's other queries (the event loop's turn).
 */
export function enablePreparedStatements(client: PGlite, beforeRun: () => Promise<void>): void {
  const locks = client as unknown as Locks;
  const prepared = new Set<string>();
  const send = async (parts: Uint8Array[]) => (await client.execProtocol(concat(parts), { syncToFs: false })).messages;

  const runLocked = async (name: string, text: string, params: unknown[]) => {
    if (!prepared.has(name)) {
      // Sync ends the exchange: on an error the backend is ready again and the name stays unknown
      await send([protocol.serialize.parse({ name, text }), protocol.serialize.sync()]);
      prepared.add(name);
    }
    const messages = await send([
      protocol.serialize.bind({ statement: name, values: params.map(parameterText) }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const [result] = parse.parseResults(messages, client.parsers, { parsers: DRIZZLE_PARSERS, rowMode: "object" });
    return (result?.rows ?? []) as Record<string, unknown>[];
  };

  const inTransaction: PreparedRun = async (name, text, params) => {
    await beforeRun();
    return locks._runExclusiveQuery(() => runLocked(name, text, params));
  };
  const alone: PreparedRun = async (name, text, params) => {
    await beforeRun();
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        try {
          return await runLocked(name, text, params);
        } finally {
          await client.syncToFs();
        }
      }),
    );
  };
  runners.set(client, alone);

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      runners.set(tx, inTransaction);
      return callback(tx);
    })) as PGlite["transaction"];
}
