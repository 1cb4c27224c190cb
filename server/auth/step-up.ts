// Step-up (issue 34, item 3; docs/security.md "Step-up"): the acts that expose data or change the
// workspace need an authentication of the session less than LUPA_STEP_UP_SECONDS old (900 by
// default). Freshness lives on the session (sessions.authenticated_at): the sign-in sets it, its
// second step sets it, and POST /api/review/v1/auth/step-up renews it. Otherwise the act answers
// 401 reauthentication_required; the console asks for the password (and code) and repeats it.
// A person who signs in by SSO steps up through the provider instead (server/sso/step-up.ts).
//
// A route declared with route() says `freshAuth: true`; a handler written otherwise (the API keys'
// routes) calls `await requireFreshAuth(request)` first. A caller without a session (a machine
// credential) is never fresh.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { ApiError } from "../http/errors";

interface Freshness {
  db: Db;
  seconds: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** What requireFreshAuth reads (decorated by registerStepUp). */
    freshness: Freshness | null;
  }
}

export function registerStepUp(app: FastifyInstance, freshness: Freshness): void {
  app.decorate("freshness", freshness);
}

export const reauthenticationRequired = () =>
  new ApiError("reauthentication_required", "This act needs a recent authentication: POST /api/review/v1/auth/step-up, then repeat it", {
    "WWW-Authenticate": `Bearer error="insufficient_user_authentication", max_age`,
  });

/** Whether the session authenticated within `seconds` (and passed its second step). */
export async function isFresh(
  db: Db,
  claims: { sessionId?: string; userId: string; workspaceId: string },
  seconds: number,
  now = new Date(),
) {
  const until = await freshUntil(db, claims, seconds);
  return until !== null && now < until;
}

/** Until when the session counts as freshly authenticated (null: it owes its second step, or has no session). */
export async function freshUntil(
  db: Db,
  claims: { sessionId?: string; userId: string; workspaceId: string },
  seconds: number,
): Promise<Date | null> {
  if (!claims.sessionId) return null;
  const [row] = await db
    .select({ authenticatedAt: sessions.authenticatedAt, secondFactor: sessions.secondFactor })
    .from(sessions)
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), eq(sessions.workspaceId, claims.workspaceId)));
  if (!row || row.secondFactor === "pending" || row.secondFactor === "enrolment") return null;
  return new Date(row.authenticatedAt.getTime() + seconds * 1000);
}

/** Throws 401 reauthentication_required unless the caller's session authenticated recently. */
export async function requireFreshAuth(request: FastifyRequest): Promise<void> {
  const freshness = request.server.freshness;
  const claims = request.auth;
  if (!freshness) throw new Error("requireFreshAuth: registerStepUp was not called");
  if (!claims || !(await isFresh(freshness.db, claims, freshness.seconds))) throw reauthenticationRequired();
}
