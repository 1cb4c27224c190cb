// Releases side by side: each month's files load into a schema of their own (registry_r<id>),
// beside the live one, and become live in one transaction that moves the pointer row
// (registry_releases, migration 0011). Readers look the live schema up there
// (server/datasets/providers/receita.ts), so they see the old release or the new one, never half
// of one; the retired schema is dropped after the swap commits. Why a schema per release rather
// than renaming tables: docs/decisions.md, "Registry releases".
import type { LoadConnection, LoadTx } from "./connection";
import { LAYOUTS } from "./layout";

export const REGISTRY_CHANNEL = "lupa_registry";

export interface ReleaseRow {
  id: number;
  release: string;
  schema_name: string;
  state: "loading" | "live" | "retired";
  source: string;
}

/** Schema names come from our own sequence only; quoted anyway. */
export const ident = (name: string) => `"${name.replace(/"/g, "")}"`;

export async function createReleaseTables(tx: LoadTx, schema: string): Promise<void> {
  await tx.query(`create schema if not exists ${ident(schema)}`);
  for (const layout of LAYOUTS) {
    const columns = layout.columns.map(([name, type]) => `${ident(name)} ${type}`).join(", ");
    await tx.query(`create table if not exists ${ident(schema)}.${ident(layout.table)} (${columns})`);
  }
  // what this release has loaded: an interrupted import resumes after the last file it committed
  await tx.query(
    `create table if not exists ${ident(schema)}._files (
       name text primary key, kind text not null, bytes bigint not null, rows bigint not null,
       refused bigint not null, refusals jsonb not null, seconds real not null, done_at timestamptz not null default now())`,
  );
}

/**
 * Makes the loaded release live in one transaction and drops the schemas it retired, after the
 * commit. Returns the releases it replaced.
 */
export async function swapRelease(
  conn: LoadConnection,
  id: number,
  counts: Record<string, number>,
): Promise<{ retired: ReleaseRow[]; swapMs: number; dropMs: number }> {
  const started = performance.now();
  const retired = await conn.transaction(async (tx) => {
    const { rows } = await tx.query(`update registry_releases set state = 'retired', retired_at = now() where state = 'live' returning *`);
    await tx.query(
      `update registry_releases set state = 'live', live_at = now(), loaded_at = coalesce(loaded_at, now()), counts = $2::jsonb where id = $1`,
      [id, JSON.stringify(counts)],
    );
    await tx.query(`select pg_notify($1, $2)`, [REGISTRY_CHANNEL, "release"]);
    return rows as unknown as ReleaseRow[];
  });
  const swapped = performance.now();
  await dropRetiredSchemas(conn);
  return { retired, swapMs: swapped - started, dropMs: performance.now() - swapped };
}

/** Schemas of retired releases still on disk (an import stopped between its swap and the drop). */
export async function dropRetiredSchemas(conn: LoadConnection): Promise<void> {
  const { rows } = await conn.query(
    `select r.schema_name from registry_releases r join pg_namespace n on n.nspname = r.schema_name where r.state = 'retired'`,
  );
  for (const row of rows) await conn.query(`drop schema if exists ${ident(String(row.schema_name))} cascade`);
}

/** Drops a release that never went live (an abandoned or restarted load). */
export async function dropLoadingRelease(conn: LoadConnection, row: ReleaseRow): Promise<void> {
  if (row.state === "live") throw new Error("the live release is never dropped by an import");
  await conn.query(`drop schema if exists ${ident(row.schema_name)} cascade`);
  await conn.query(`delete from registry_releases where id = $1 and state = 'loading'`, [row.id]);
}
