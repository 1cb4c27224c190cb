// Sessions: each sign-in is a session, the family of every token pair refreshed from it. A
// session has an absolute lifetime (LUPA_SESSION_SECONDS, 30 days by default): refresh tokens stay
// reusable until they expire (spec 5.4) but never beyond their session. Sign-out
// (POST /api/v1/authentication/logout) revokes the family; a password reset or a disabled user
// revokes every family of the user and bumps the user's token version.
//
// Every authenticated request checks the user's token version, the user's state and the session
// (SessionGuard), with a short per-process cache (LUPA_SESSION_CHECK_MS, 3 s by default): access
// tokens of an ended session stop working within that time, not at their 15-minute expiry.
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { sessions, users } from "../db/schema";
import type { SecondFactorDue, TokenClaims } from "./tokens";

export interface Session {
  id: string;
  expiresAt: Date;
  /** What the session still owes (issue 34): its tokens carry it and reach only the second-step routes. */
  secondFactorDue?: SecondFactorDue;
}

export async function createSession(
  db: Db | Tx,
  user: { id: string; workspaceId: string },
  lifetimeSeconds: number,
  now = new Date(),
  secondFactorDue?: SecondFactorDue,
): Promise<Session> {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
  await db.insert(sessions).values({
    id,
    workspaceId: user.workspaceId,
    userId: user.id,
    createdAt: now,
    expiresAt,
    authenticatedAt: now,
    secondFactor: secondFactorDue ?? "none",
  });
  return { id, expiresAt, ...(secondFactorDue ? { secondFactorDue } : {}) };
}

const dueOf = (state: string): SecondFactorDue | undefined => (state === "pending" || state === "enrolment" ? state : undefined);

/**
 * The session passed its second step (or enrolled, or stepped up): it is authenticated now, and
 * `how` says by what. With `from`, only a session in that state changes (answers false otherwise).
 */
export async function markAuthenticated(
  db: Db | Tx,
  claims: Pick<TokenClaims, "sessionId" | "userId" | "workspaceId">,
  how?: string,
  from?: SecondFactorDue,
): Promise<boolean> {
  if (!claims.sessionId) return false;
  const changed = await db
    .update(sessions)
    .set({ authenticatedAt: new Date(), ...(how ? { secondFactor: how } : {}) })
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        eq(sessions.workspaceId, claims.workspaceId),
        isNull(sessions.revokedAt),
        ...(from ? [eq(sessions.secondFactor, from)] : []),
      ),
    )
    .returning({ id: sessions.id });
  return changed.length === 1;
}

/** The session when it is live (not revoked, not past its lifetime) and belongs to the user. */
export async function liveSession(
  db: Db,
  claims: Pick<TokenClaims, "sessionId" | "userId" | "workspaceId">,
  now = new Date(),
): Promise<Session | null> {
  if (!claims.sessionId) return null;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), eq(sessions.workspaceId, claims.workspaceId)));
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  const due = dueOf(row.secondFactor);
  return { id: row.id, expiresAt: row.expiresAt, ...(due ? { secondFactorDue: due } : {}) };
}

/** Ends one family (sign-out). */
/** Ends the session; answers whether it was live until now (a repeated sign-out ends nothing). */
export async function revokeSession(db: Db | Tx, claims: Pick<TokenClaims, "sessionId" | "userId" | "workspaceId">): Promise<boolean> {
  if (!claims.sessionId) return false;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        eq(sessions.workspaceId, claims.workspaceId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every family of a user (password reset, user disabled). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

interface Cached {
  /** When the lookup that gave `live` started: the answer is relied on until checkedAt + cacheMs. */
  checkedAt: number;
  live: boolean;
}

/**
 * Checks on each request that the token's user and session still stand; cached for `cacheMs`.
 *
 * One lookup per session at a time: requests that need one while it runs wait for it instead of
 * sending their own (every request of a busy token used to miss together when the entry expired,
 * two statements each, all queued on PGlite's one connection: a stall every `cacheMs`, then the
 * stalled requests released at once; docs/benchmarks.md, "sustained"). And in the last third of
 * an entry's life a request that uses it starts the next lookup in the background, so a token in
 * steady use never waits for one. An answer is never relied on longer than `cacheMs` after its
 * lookup started, as before.
 */
export class SessionGuard {
  private readonly cache = new Map<string, Cached>();
  private readonly pending = new Map<string, { startedAt: number; live: Promise<boolean> }>();
  /** Lookups sent to the database (for the benchmark and the tests). */
  lookups = 0;

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async isLive(claims: TokenClaims): Promise<boolean> {
    return this.liveInMemory(claims) ?? this.lookUpOnce(claims, this.keyOf(claims), this.clock());
  }

  private keyOf(claims: TokenClaims): string {
    return `${claims.userId}:${claims.sessionId}:${claims.version}`;
  }

  /**
   * isLive's answer when it needs no lookup (no session, or an answer still relied on), else
   * undefined: the authentication of a request answers without waiting on a promise.
   */
  liveInMemory(claims: TokenClaims): boolean | undefined {
    if (!claims.sessionId) return false;
    const now = this.clock();
    const key = this.keyOf(claims);
    const hit = this.cache.get(key);
    if (hit && now - hit.checkedAt < this.cacheMs) {
      if (now - hit.checkedAt >= (this.cacheMs * 2) / 3) this.lookUpOnce(claims, key, now).catch(() => {}); // the next request's lookup fails itself
      return hit.live;
    }
    return undefined;
  }

  /** The lookup of this session under way, when it started within `cacheMs`; else a new one. */
  private lookUpOnce(claims: TokenClaims, key: string, now: number): Promise<boolean> {
    const running = this.pending.get(key);
    if (running && now - running.startedAt < this.cacheMs) return running.live;
    const startedAt = now;
    this.lookups++;
    const live = this.lookUp(claims, new Date(startedAt)).then((answer) => {
      if (this.cacheMs > 0) {
        const cached = this.cache.get(key);
        // a later lookup may have answered first: keep the newest
        if (!cached || cached.checkedAt <= startedAt) this.cache.set(key, { checkedAt: startedAt, live: answer });
        if (this.cache.size > 10_000) this.prune(this.clock());
      }
      return answer;
    });
    const entry = { startedAt, live };
    this.pending.set(key, entry);
    const forget = () => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    live.then(forget, forget);
    return live;
  }

  private async lookUp(claims: TokenClaims, now: Date): Promise<boolean> {
    const [user] = await this.db
      .select({ disabled: users.disabled, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(eq(users.id, claims.userId), eq(users.workspaceId, claims.workspaceId)));
    if (!user || user.disabled || user.tokenVersion !== claims.version) return false;
    return (await liveSession(this.db, claims, now)) !== null;
  }

  private prune(now: number): void {
    for (const [key, value] of this.cache) if (now - value.checkedAt >= this.cacheMs) this.cache.delete(key);
    if (this.cache.size > 10_000) this.cache.clear();
  }
}
