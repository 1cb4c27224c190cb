// The restrictive list's rows and its audit trail. Every change (add, replace of an expired
// entry, remove; by the API or by an import) writes an audit row in the same transaction: who
// (user id and e-mail), when, what (action, document, entry) and why (reason).
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { blacklistAudit, blacklistEntries, users } from "../../db/schema";
import type { TokenClaims } from "../../auth/tokens";
import type { EntryRecord, ListQuery } from "./schemas";
import { listingChanged } from "../../review/listing-change";
import { callerEvent, recordEvent } from "../../review/audit/record";
import { maskDocument } from "../../../lib/contract/documents";

type EntryRow = typeof blacklistEntries.$inferSelect;
export type AuditSource = "api" | "import";

export interface NewEntry {
  nationalId: string;
  entity: string;
  reason: string;
  name: string | null;
  expiresAt: Date | null;
}

export function toEntry(row: EntryRow, createdByEmail: string | null, now = new Date()): EntryRecord {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    nationalId: row.nationalId,
    name: row.name,
    reason: row.reason,
    createdBy: row.createdBy,
    createdByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  };
}

const isExpired = sql`${blacklistEntries.expiresAt} is not null and ${blacklistEntries.expiresAt} <= now()`;

/**
 * Inserts entries; a document already listed and not expired is left alone (a duplicate), an
 * expired entry is replaced. Returns the rows written, each with `replaced`, and audits them.
 * Rows travel as one array per column (unnest): one statement per 2,000 entries, which keeps a
 * 10,000-line import fast on PGlite too.
 */
export async function insertEntries(
  tx: Tx,
  who: TokenClaims,
  entries: NewEntry[],
  source: AuditSource,
): Promise<(EntryRow & { replaced: boolean })[]> {
  const written: (EntryRow & { replaced: boolean })[] = [];
  const now = new Date();
  const arr = (values: unknown[]) => sql.param(values);
  for (let i = 0; i < entries.length; i += 2000) {
    const chunk = entries.slice(i, i + 2000);
    const result = await tx.execute(sql`
      insert into ${blacklistEntries} (id, workspace_id, national_id, entity, name, reason, created_by, created_at, expires_at)
      select u.id, ${who.workspaceId}::uuid, u.national_id, u.entity, u.name, u.reason, ${who.userId}::uuid, ${now.toISOString()}::timestamptz, u.expires_at
      from unnest(${arr(chunk.map(() => randomUUID()))}::uuid[], ${arr(chunk.map((e) => e.nationalId))}::text[], ${arr(chunk.map((e) => e.entity))}::text[],
        ${arr(chunk.map((e) => e.name))}::text[], ${arr(chunk.map((e) => e.reason))}::text[], ${arr(chunk.map((e) => e.expiresAt?.toISOString() ?? null))}::timestamptz[])
        as u(id, national_id, entity, name, reason, expires_at)
      on conflict (workspace_id, national_id) do update set
        id = excluded.id, entity = excluded.entity, name = excluded.name, reason = excluded.reason,
        created_by = excluded.created_by, created_at = excluded.created_at, expires_at = excluded.expires_at
        where ${isExpired}
      returning id, workspace_id, national_id, entity, name, reason, created_by, created_at, expires_at, (xmax = 0) as inserted`);
    for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
      written.push({
        id: r.id as string,
        workspaceId: r.workspace_id as string,
        nationalId: r.national_id as string,
        entity: r.entity as string,
        name: (r.name as string | null) ?? null,
        reason: r.reason as string,
        createdBy: r.created_by as string,
        createdAt: new Date(r.created_at as string),
        expiresAt: r.expires_at ? new Date(r.expires_at as string) : null,
        replaced: !r.inserted,
      });
    }
  }
  for (let i = 0; i < written.length; i += 2000) {
    const chunk = written.slice(i, i + 2000);
    await tx.execute(sql`
      insert into ${blacklistAudit} (id, workspace_id, action, source, national_id, entry_id, name, reason, expires_at, user_id, user_email, created_at)
      select u.id, ${who.workspaceId}::uuid, u.action, ${source}, u.national_id, u.entry_id, u.name, u.reason, u.expires_at, ${who.userId}::uuid, ${who.email}, ${now.toISOString()}::timestamptz
      from unnest(${arr(chunk.map(() => randomUUID()))}::uuid[], ${arr(chunk.map((r) => (r.replaced ? "replaced" : "added")))}::text[],
        ${arr(chunk.map((r) => r.nationalId))}::text[], ${arr(chunk.map((r) => r.id))}::uuid[], ${arr(chunk.map((r) => r.name))}::text[],
        ${arr(chunk.map((r) => r.reason))}::text[], ${arr(chunk.map((r) => r.expiresAt?.toISOString() ?? null))}::timestamptz[])
        as u(id, action, national_id, entry_id, name, reason, expires_at)`);
  }
  return written;
}

/**
 * Removes the entry of a document (expired or not); false when the workspace has none. Records
 * restrictive_list.removed and updates the document's cases (server/review/listing-change.ts).
 */
export async function removeEntry(
  db: Db,
  who: TokenClaims,
  nationalId: string,
  reason: string | null,
  requestId: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blacklistEntries)
      .where(and(eq(blacklistEntries.workspaceId, who.workspaceId), eq(blacklistEntries.nationalId, nationalId)))
      .returning();
    if (!row) return false;
    await tx.insert(blacklistAudit).values({
      id: randomUUID(),
      workspaceId: who.workspaceId,
      action: "removed",
      source: "api",
      nationalId,
      entryId: row.id,
      name: row.name,
      reason,
      expiresAt: row.expiresAt,
      userId: who.userId,
      userEmail: who.email,
    });
    await listingChanged(tx, who.workspaceId, [nationalId]);
    await recordEvent(
      tx,
      callerEvent(who, requestId ? { id: requestId } : null, "restrictive_list.removed", {
        entryId: row.id,
        data: { document: maskDocument(nationalId), reason },
      }),
    );
    return true;
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listFilter(workspaceId: string, search: string | undefined): SQL {
  const where: SQL[] = [eq(blacklistEntries.workspaceId, workspaceId)];
  if (search) {
    const digits = search.replace(/[.\-/\s]/g, "").toUpperCase();
    where.push(
      or(
        ilike(blacklistEntries.name, `%${escapeLike(search)}%`),
        ilike(blacklistEntries.reason, `%${escapeLike(search)}%`),
        ...(digits ? [ilike(blacklistEntries.nationalId, `%${escapeLike(digits)}%`)] : []),
      )!,
    );
  }
  return and(...where)!;
}

export async function listEntries(db: Db, workspaceId: string, q: ListQuery): Promise<{ items: EntryRecord[]; total: number }> {
  const where = listFilter(workspaceId, q.search);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: blacklistEntries, email: users.email })
      .from(blacklistEntries)
      .leftJoin(users, eq(users.id, blacklistEntries.createdBy))
      .where(where)
      .orderBy(desc(blacklistEntries.createdAt), desc(blacklistEntries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(blacklistEntries).where(where),
  ]);
  const now = new Date();
  return { items: rows.map((r) => toEntry(r.entry, r.email, now)), total: Number(total?.n ?? 0) };
}

/** Every entry of the workspace (export), newest first, in pages so memory stays bounded. */
export type ExportedEntry = EntryRecord & { createdByName: string | null };

/** Every entry, newest first, in pages, with its author's name (the export). */
export async function* allEntries(db: Db, workspaceId: string, pageSize = 1000): AsyncGenerator<ExportedEntry[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db
      .select({ entry: blacklistEntries, email: users.email, authorName: users.name })
      .from(blacklistEntries)
      .leftJoin(users, eq(users.id, blacklistEntries.createdBy))
      .where(eq(blacklistEntries.workspaceId, workspaceId))
      .orderBy(desc(blacklistEntries.createdAt), desc(blacklistEntries.id))
      .limit(pageSize)
      .offset(offset);
    if (rows.length === 0) return;
    const now = new Date();
    yield rows.map((r) => ({ ...toEntry(r.entry, r.email, now), createdByName: r.authorName }));
    if (rows.length < pageSize) return;
  }
}

/** The documents of `documents` listed (and not expired) in the workspace's restrictive list. */
export async function listedAmong(db: Db | Tx, workspaceId: string, documents: string[]): Promise<Set<string>> {
  if (documents.length === 0) return new Set();
  const rows = await db
    .select({ nationalId: blacklistEntries.nationalId })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.workspaceId, workspaceId),
        inArray(blacklistEntries.nationalId, [...new Set(documents)]),
        sql`(${blacklistEntries.expiresAt} is null or ${blacklistEntries.expiresAt} > now())`,
      ),
    );
  return new Set(rows.map((r) => r.nationalId));
}
