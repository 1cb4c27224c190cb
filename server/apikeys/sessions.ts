// Active sessions (issue 34, item 5): a person's live sign-ins (device, address, started, last
// seen), ending one of them, and an admin ending all of a member's. A session's address and user
// agent are the sign-in's; `last_seen_at` moves at sign-in and at each refresh of its tokens (the
// console refreshes every 15 minutes while it is used), never per request. Ending a session
// refuses its refresh token at once and its access tokens within LUPA_SESSION_CHECK_MS (the
// session guard, server/auth/sessions.ts). Each session ended records session.ended.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { sessions, users } from "../db/schema";
import type { TokenClaims } from "../auth/tokens";
import { notFound } from "../http/errors";
import { actorOf, recordEvents } from "../review/audit/record";
import type { ActiveSession } from "../../lib/contract/api-keys";

const USER_AGENT_MAX = 512;

/** At sign-in: where from and with what (the request as the service sees it; LUPA_TRUST_PROXY). */
export async function noteSignIn(db: Db | Tx, sessionId: string, from: { ip: string; userAgent: string | undefined }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), ip: from.ip.slice(0, 64), userAgent: from.userAgent?.slice(0, USER_AGENT_MAX) ?? null })
    .where(eq(sessions.id, sessionId));
}

/** At each refresh: only the time (the refresh comes from the console's server, not the browser). */
export async function noteRefresh(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** "Chrome no Linux", from a user agent; "Desconhecido" without one. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return "Desconhecido";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /HeadlessChrome\//.test(ua)
          ? "Chrome (headless)"
          : /Chrome\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : /curl\//i.test(ua)
                ? "curl"
                : /node|undici/i.test(ua)
                  ? "Node.js"
                  : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? "Desconhecido";
}

const liveOf = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function listMySessions(db: Db, caller: TokenClaims): Promise<ActiveSession[]> {
  const now = new Date();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.workspaceId, caller.workspaceId), eq(sessions.userId, caller.userId), liveOf(now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    device: deviceOf(r.userAgent),
    userAgent: r.userAgent,
    ip: r.ip,
    startedAt: r.createdAt.toISOString(),
    lastSeenAt: (r.lastSeenAt ?? r.createdAt).toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === caller.sessionId,
  }));
}

/** Ends one live session of the caller's own; 404 for any other (another person's, ended, unknown). */
export async function endMySession(db: Db, caller: TokenClaims, requestId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.workspaceId, caller.workspaceId), eq(sessions.userId, caller.userId), liveOf(now)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw notFound("session");
    await recordEvents(tx, [
      {
        workspaceId: caller.workspaceId,
        type: "session.ended",
        actor: actorOf(caller),
        requestId,
        data: { sessionId: id, userId: caller.userId, by: "self", current: id === caller.sessionId },
      },
    ]);
  });
}

/** An admin ends every live session of a member of the workspace (404 for anyone else). */
export async function endMemberSessions(db: Db, caller: TokenClaims, requestId: string, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.workspaceId, caller.workspaceId)));
    if (!member) throw notFound("member");
    const now = new Date();
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.workspaceId, caller.workspaceId), eq(sessions.userId, userId), liveOf(now)))
      .returning({ id: sessions.id });
    await recordEvents(
      tx,
      ended.map((e) => ({
        workspaceId: caller.workspaceId,
        type: "session.ended" as const,
        actor: actorOf(caller),
        requestId,
        data: { sessionId: e.id, userId, by: "admin" },
      })),
    );
    return ended.length;
  });
}
