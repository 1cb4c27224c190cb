// The serialized JSON of terminal records (a COMPLETED or FAILED v2 verification, a terminal v3
// enrichment), kept in memory so the hottest read of the API answers without the database.
//
// What may change a terminal record, and how the cache learns it:
// - v2: a decision (feedback) changes `feedbackStatus` and the decision fields. The writer calls
//   `notifyChanged(tx, id)` inside its transaction (NOTIFY `lupa_record_changed`, delivered to
//   every process at commit) and `invalidate(id)` right after the commit, so the caller reads its
//   own write at once in this process and every other process drops the entry within the
//   notification's delay.
// - v3: nothing; a terminal enrichment never changes (the service deletes nothing: docs/decisions.md).
// - Out-of-band changes (an operator's SQL): entries live at most `ttlMs` (60 s).
//
// The entry is served only to the workspace it belongs to (the key is workspace and id), only
// while the LISTEN connection is up and has not reconnected since the entry was stored (a
// reconnect may have lost notifications: the cache empties), and never when the record was
// invalidated while it was being read (`ticket` / `put`: a read that started before a change and
// finished after it must not store what it read).
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export const RECORD_CHANNEL = "lupa_record_changed";

interface Entry {
  workspaceId: string;
  body: string;
  storedAt: number;
  generation: number;
}

export interface RecordCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** What `ticket()` returns: the state of the invalidations when a read began. */
export interface ReadTicket {
  id: string;
  seq: number;
}

/** A statement runner: the transaction of the change, or the database. */
export interface SqlRunner {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}

/** In the transaction that changes a terminal record: every process drops it at commit. */
export async function notifyRecordChanged(tx: SqlRunner, id: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${RECORD_CHANNEL}, ${id})`);
}

export class RecordCache {
  private readonly entries = new Map<string, Entry>(); // insertion order = age (LRU by re-insert)
  private readonly byId = new Map<string, Set<string>>();
  /** id → sequence number of its latest invalidation; trimmed, with `floor` covering the trimmed. */
  private readonly invalidated = new Map<string, number>();
  private seq = 0;
  private floor = 0;
  private bytes = 0;
  private generation = -1;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(
    private readonly database: Database,
    options: RecordCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 20_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(RECORD_CHANNEL, (id) => this.invalidate(id));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.clear();
  }

  private usable(): number | null {
    if (!this.unlisten) return null;
    const state = this.database.listenerState();
    if (!state.up) return null;
    if (state.generation !== this.generation) {
      this.clear();
      this.generation = state.generation;
    }
    return state.generation;
  }

  private key(kind: string, id: string, variant: string): string {
    return `${kind}\u0000${id}\u0000${variant}`;
  }

  get(kind: string, workspaceId: string, id: string, variant = ""): string | undefined {
    if (this.usable() === null) return undefined;
    const key = this.key(kind, id, variant);
    const entry = this.entries.get(key);
    if (!entry || entry.workspaceId !== workspaceId) {
      this.misses++;
      return undefined;
    }
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.remove(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key); // most recently used goes last
    this.entries.set(key, entry);
    this.hits++;
    return entry.body;
  }

  /** Call before reading the record from the database; pass the ticket to `put`. */
  ticket(id: string): ReadTicket {
    return { id, seq: this.seq };
  }

  put(ticket: ReadTicket, kind: string, workspaceId: string, variant: string, body: string): void {
    if (this.maxEntries === 0) return;
    const generation = this.usable();
    if (generation === null) return;
    const changedAt = this.invalidated.get(ticket.id) ?? this.floor;
    if (changedAt > ticket.seq) return; // changed while it was read
    const size = body.length * 2;
    if (size > this.maxBytes / 16) return;
    const key = this.key(kind, ticket.id, variant);
    this.remove(key);
    this.entries.set(key, { workspaceId, body, storedAt: this.now(), generation });
    let keys = this.byId.get(ticket.id);
    if (!keys) this.byId.set(ticket.id, (keys = new Set()));
    keys.add(key);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  invalidate(id: string): void {
    this.seq++;
    this.invalidated.set(id, this.seq);
    if (this.invalidated.size > 50_000) {
      // reads older than every trimmed mark are refused as if their record changed
      this.floor = this.seq;
      this.invalidated.clear();
    }
    for (const key of this.byId.get(id) ?? []) this.remove(key);
  }

  clear(): void {
    this.seq++;
    this.floor = this.seq;
    this.invalidated.clear();
    this.entries.clear();
    this.byId.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length * 2;
    const id = key.split("\u0000")[1]!;
    const keys = this.byId.get(id);
    keys?.delete(key);
    if (keys && keys.size === 0) this.byId.delete(id);
  }
}
