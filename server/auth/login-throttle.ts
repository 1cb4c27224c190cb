// Password guessing is refused: after MAX_FAILURES failed sign-ins for one e-mail within the
// window, that e-mail is locked for LOCK_MS (429 with Retry-After), even with the right password.
// A successful sign-in clears the count.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/** Seconds until the e-mail may try again, or 0 when it may try now. */
export async function lockedForSeconds(db: Db, email: string, now = new Date()): Promise<number> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, email));
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
}

export async function recordFailure(db: Db, email: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  await db
    .insert(loginFailures)
    .values({ email, failures: 1, firstFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        // a failure outside the window starts a new count
        failures: sql`case when ${loginFailures.firstFailureAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        firstFailureAt: sql`case when ${loginFailures.firstFailureAt} < ${windowStart} then ${now} else ${loginFailures.firstFailureAt} end`,
        lockedUntil: sql`case when ${loginFailures.firstFailureAt} >= ${windowStart} and ${loginFailures.failures} + 1 >= ${MAX_FAILURES} then ${lockUntil}::timestamptz else ${loginFailures.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
