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
import type { TokenClaims } from "./tokens";

export interface Session {
  id: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db | Tx,
  user: { id: string; workspaceId: string },
  lifetimeSeconds: number,
  now = new Date(),
): Promise<Session> {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
  await db.insert(sessions).values({ id, workspaceId: user.workspaceId, userId: user.id, createdAt: now, expiresAt });
  return { id, expiresAt };
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
  return { id: row.id, expiresAt: row.expiresAt };
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
  until: number;
  live: boolean;
}

/** Checks on each request that the token's user and session still stand; cached for `cacheMs`. */
export class SessionGuard {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {}

  async isLive(claims: TokenClaims, now = Date.now()): Promise<boolean> {
    if (!claims.sessionId) return false;
    const key = `${claims.userId}:${claims.sessionId}:${claims.version}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.live;
    const live = await this.lookUp(claims, new Date(now));
    if (this.cache.size > 10_000) this.prune(now);
    if (this.cacheMs > 0) this.cache.set(key, { until: now + this.cacheMs, live });
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
    for (const [key, value] of this.cache) if (value.until <= now) this.cache.delete(key);
    if (this.cache.size > 10_000) this.cache.clear();
  }
}
