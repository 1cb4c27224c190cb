// The importer's own connection: transactions and COPY FROM STDIN on PostgreSQL (a client of its
// own, with pg-copy-streams), and on PGlite COPY from memory (`/dev/blob`) in batches, inside the
// embedded client's transaction (which holds off the service's queries until it commits).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database } from "../db/client";

export type Rows = { rows: Record<string, unknown>[] };

export interface LoadTx {
  query(text: string, values?: unknown[]): Promise<Rows>;
  /** COPY ... FROM STDIN (PostgreSQL) or FROM '/dev/blob' (PGlite): `statement` ends before FROM. */
  copy(statement: string, chunks: AsyncIterable<Buffer>): Promise<void>;
}

export interface LoadConnection extends LoadTx {
  kind: "postgres" | "pglite";
  transaction<T>(fn: (tx: LoadTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite copies from a Blob held in memory: batches of this many bytes. */
const PGLITE_BATCH = 8 << 20;

export async function openLoadConnection(database: Database): Promise<LoadConnection> {
  const direct = database.direct;
  if (direct.kind === "pglite") {
    const client = direct.client;
    const txOf = (q: Pick<typeof client, "query">): LoadTx => ({
      query: (text, values) => q.query(text, values ?? []) as Promise<Rows>,
      async copy(statement, chunks) {
        let parts: Buffer[] = [];
        let size = 0;
        const flush = async () => {
          if (size === 0) return;
          await q.query(`${statement} FROM '/dev/blob' WITH (FORMAT text, ENCODING 'LATIN1')`, [], {
            blob: new Blob(parts as Uint8Array<ArrayBuffer>[]),
          });
          parts = [];
          size = 0;
        };
        for await (const chunk of chunks) {
          parts.push(chunk);
          size += chunk.length;
          if (size >= PGLITE_BATCH) await flush();
        }
        await flush();
      },
    });
    return {
      kind: "pglite",
      ...txOf(client),
      transaction: (fn) => client.transaction((tx) => fn(txOf(tx))),
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: direct.url });
  await client.connect();
  const tx: LoadTx = {
    query: (text, values) => client.query(text, values as unknown[]) as Promise<Rows>,
    async copy(statement, chunks) {
      const sink = client.query(copyFrom(`${statement} FROM STDIN WITH (FORMAT text, ENCODING 'LATIN1')`));
      await pipeline(Readable.from(chunks, { objectMode: false }), sink);
    },
  };
  return {
    kind: "postgres",
    ...tx,
    async transaction(fn) {
      await client.query("begin");
      try {
        const out = await fn(tx);
        await client.query("commit");
        return out;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    },
    close: () => client.end(),
  };
}
