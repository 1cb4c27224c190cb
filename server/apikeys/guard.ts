// Requests authenticated by an API key (`Authorization: Bearer lupa_sk_…`; server/http/auth.ts
// sends them here). The key is looked up by the SHA-256 of the secret, and each process keeps
// the answer for at most CHECK_MS (500 ms): a key revoked on any API process is refused by every
// other within that time (one lookup per key per half second at most, whatever the traffic);
// the process that revokes it forgets it at once. Expiry is checked on every request.
//
// Use is counted in memory and added to the row in one statement every FLUSH_MS (1 s) per
// process, and when the process stops: `use_count` and `last_used_at` are up to a second behind.
// The first use is written at once, by a conditional update that only one request of all the
// processes wins: that one records the api_key.first_used audit event in the same transaction.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { TokenClaims } from "../auth/tokens";
import type { Logger } from "../support/logger";
import { ApiError } from "../http/errors";
import { recordEvent } from "../review/audit/record";
import { hashSecret, looksLikeKey } from "./secret";

export const CHECK_MS = 500;
export const FLUSH_MS = 1000;
const CACHE_MAX = 10_000;

interface KnownKey {
  id: string;
  workspaceId: string;
  name: string;
  prefix: string;
  role: "integration";
  expiresAt: number | null;
  revoked: boolean;
  /** Whether its first use is written (by this process or another). */
  used: boolean;
}

/** The caller of a request authenticated by a key: a TokenClaims without a session. */
export interface KeyClaims extends TokenClaims {
  apiKeyId: string;
}

const refusal = (message: string) => new ApiError("unauthorized", message, { "WWW-Authenticate": `Bearer error="invalid_token"` });

export class ApiKeyGuard {
  private readonly cache = new Map<string, { checkedAt: number; key: KnownKey | null }>();
  private readonly pending = new Map<string, { startedAt: number; key: Promise<KnownKey | null> }>();
  private uses = new Map<string, { count: number; last: number }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Keys revoked by this process: refused here at once, whatever a lookup under way read. */
  private readonly revokedHere = new Set<string>();
  /** Lookups sent to the database (tests). */
  lookups = 0;

  constructor(
    private readonly db: Db,
    private readonly log?: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /**
   * authenticate's answer when it needs no lookup (the key's row known within CHECK_MS), else
   * undefined: the common request of a busy key is answered without waiting on a promise. In the
   * last third of an answer's life a request starts the next lookup in the background, so a key
   * in steady use never waits for one; an answer is still never relied on longer than CHECK_MS
   * after its lookup started.
   */
  authenticateKnown(secret: string): KeyClaims | undefined {
    if (!looksLikeKey(secret)) throw refusal("API key invalid");
    const hash = hashSecret(secret);
    const now = this.clock();
    const hit = this.cache.get(hash);
    if (!hit || now - hit.checkedAt >= CHECK_MS) return undefined;
    if (now - hit.checkedAt >= (CHECK_MS * 2) / 3) this.lookUpOnce(hash, now).catch(() => {}); // the next request's lookup fails itself
    if (hit.key && !hit.key.used) return undefined; // its first use is written before it answers
    return this.admit(hit.key, now);
  }

  /** The caller of a request that sent this secret, or the 401 (unknown, revoked, expired). */
  async authenticate(secret: string, requestId: string | null): Promise<KeyClaims> {
    const known = this.authenticateKnown(secret);
    if (known) return known;
    const hash = hashSecret(secret);
    const now = this.clock();
    const hit = this.cache.get(hash);
    const key = hit && now - hit.checkedAt < CHECK_MS ? hit.key : await this.lookUpOnce(hash, now);
    if (key && !key.revoked && !(key.expiresAt !== null && key.expiresAt <= now) && !key.used) await this.firstUse(key, requestId, now);
    return this.admit(key, now);
  }

  /** The claims of a live key, counted; the 401 for none, a revoked or an expired one. */
  private admit(key: KnownKey | null, now: number): KeyClaims {
    if (!key) throw refusal("API key invalid");
    if (key.revoked) throw refusal("API key revoked");
    if (key.expiresAt !== null && key.expiresAt <= now) throw refusal("API key expired");
    const counted = this.uses.get(key.id);
    if (counted) {
      counted.count++;
      counted.last = Math.max(counted.last, now);
    } else this.uses.set(key.id, { count: 1, last: now });
    return {
      userId: key.id,
      workspaceId: key.workspaceId,
      role: key.role,
      email: `api-key:${key.prefix}`,
      version: 0,
      apiKeyId: key.id,
    };
  }

  /** Revoked in this process: refused here at once (the others within CHECK_MS). */
  forget(secretHash: string): void {
    this.cache.delete(secretHash);
    // a lookup under way may have read the row before the revocation: its answer is marked revoked
    if (this.revokedHere.size >= CACHE_MAX) this.revokedHere.clear();
    this.revokedHere.add(secretHash);
  }

  /** Adds the uses counted since the last flush to the rows, in one statement. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.uses.size === 0) return;
      const batch = this.uses;
      this.uses = new Map();
      const rows = [...batch].map(([id, u]) => ({ id, n: u.count, last: new Date(u.last).toISOString() }));
      try {
        await this.db.execute(sql`
          update api_keys k set use_count = k.use_count + r.n,
            last_used_at = greatest(coalesce(k.last_used_at, r.last), r.last)
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, n bigint, last timestamptz)
          where k.id = r.id`);
      } catch (error) {
        // given back to the next flush: a failed statement loses no count
        for (const [id, u] of batch) {
          const now = this.uses.get(id);
          this.uses.set(id, now ? { count: now.count + u.count, last: Math.max(now.last, u.last) } : u);
        }
        this.log?.warn({ err: error }, "api key use counts not written; retried at the next flush");
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The lookup of this key under way, when it started within CHECK_MS; else a new one. */
  private lookUpOnce(hash: string, now: number): Promise<KnownKey | null> {
    const running = this.pending.get(hash);
    if (running && now - running.startedAt < CHECK_MS) return running.key;
    this.lookups++;
    const lookup = this.lookUp(hash).then((key) => {
      if (key && this.revokedHere.has(hash)) key.revoked = true;
      const cached = this.cache.get(hash);
      // a later lookup may have answered first: keep the newest
      if (!cached || cached.checkedAt <= now) {
        if (this.cache.size >= CACHE_MAX) this.cache.clear();
        this.cache.set(hash, { checkedAt: now, key });
      }
      return key;
    });
    const entry = { startedAt: now, key: lookup };
    this.pending.set(hash, entry);
    const forget = () => {
      if (this.pending.get(hash) === entry) this.pending.delete(hash);
    };
    lookup.then(forget, forget);
    return lookup;
  }

  private async lookUp(hash: string): Promise<KnownKey | null> {
    const result = await this.db.execute(sql`
      select id, workspace_id, name, prefix, role, expires_at, revoked_at, first_used_at
      from api_keys where secret_hash = ${hash}`);
    const row = rowsOf(result)[0];
    if (!row) return null;
    const expires = row.expires_at ? new Date(row.expires_at as string | Date).getTime() : null;
    return {
      id: String(row.id),
      workspaceId: String(row.workspace_id),
      name: String(row.name),
      prefix: String(row.prefix),
      role: "integration",
      expiresAt: expires,
      revoked: row.revoked_at !== null && row.revoked_at !== undefined,
      used: row.first_used_at !== null && row.first_used_at !== undefined,
    };
  }

  private async firstUse(key: KnownKey, requestId: string | null, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const won = await tx.execute(sql`
        update api_keys set first_used_at = ${new Date(now).toISOString()}::timestamptz
        where id = ${key.id} and first_used_at is null returning id`);
      if (rowsOf(won).length === 0) return; // another request or process was first
      await recordEvent(tx, {
        workspaceId: key.workspaceId,
        type: "api_key.first_used",
        actor: { id: key.id, email: `api-key:${key.prefix}` },
        requestId,
        data: { apiKeyId: key.id, name: key.name, prefix: key.prefix },
      });
    });
    key.used = true;
  }
}
