// Password guessing is refused by three counters of failed sign-ins, each over a 15-minute window
// (docs/decisions.md):
// - one e-mail from one address: 5 failures lock that pair for 15 minutes, even with the right
//   password. Guesses from one place lock the account only there, not everywhere;
// - one address, any e-mails: 20 failures lock the address for 15 minutes;
// - one e-mail, any addresses: 50 failures lock the e-mail for 15 minutes (distributed guessing).
// An attempt is reserved atomically (INSERT ... ON CONFLICT DO UPDATE ... WHERE not locked
// RETURNING) before the password is hashed, so N guesses sent at once cannot all pass the check:
// at most `limit` attempts per counter are ever compared. A successful sign-in gives its
// reservation back and clears the pair.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const MAX_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const MAX_EMAIL_FAILURES = 50;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

interface Counter {
  key: string;
  limit: number;
}

export function countersOf(email: string, address: string): Counter[] {
  return [
    { key: `pair:${email} ${address}`, limit: MAX_FAILURES },
    { key: `addr:${address}`, limit: MAX_ADDRESS_FAILURES },
    { key: `email:${email}`, limit: MAX_EMAIL_FAILURES },
  ];
}

const t = loginAttempts;

/** Counts one attempt on the counter unless it is locked; returns 0, or the seconds of the lock. */
async function reserveOne(db: Db, counter: Counter, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const lockUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  // a count whose window has passed, or whose lock has ended, starts again at 1
  const fresh = sql`(${t.firstFailureAt} < ${windowStart}::timestamptz or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${nowIso}::timestamptz))`;
  const rows = await db
    .insert(t)
    .values({ key: counter.key, failures: 1, firstFailureAt: now, lockedUntil: counter.limit <= 1 ? new Date(lockUntil) : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        firstFailureAt: sql`case when ${fresh} then ${nowIso}::timestamptz else ${t.firstFailureAt} end`,
        lockedUntil: sql`case when not ${fresh} and ${t.failures} + 1 >= ${counter.limit} then ${lockUntil}::timestamptz else null end`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowIso}::timestamptz`,
    })
    .returning({ failures: t.failures });
  if (rows.length === 1) return 0;
  const [row] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.key, counter.key));
  if (!row?.lockedUntil) return 1;
  return Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** Takes one attempt back (it was not a failure): the count drops, and a lock it caused ends. */
async function giveBackOne(db: Db, counter: Counter): Promise<void> {
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      lockedUntil: sql`case when ${t.failures} - 1 < ${counter.limit} then null else ${t.lockedUntil} end`,
    })
    .where(eq(t.key, counter.key));
}

/**
 * Reserves one attempt on every counter of (e-mail, address). Returns 0 when the attempt may go
 * on, else the seconds until it may (nothing stays reserved then).
 */
export async function reserveAttempt(db: Db, email: string, address: string, now = new Date()): Promise<number> {
  const counters = countersOf(email, address);
  const taken: Counter[] = [];
  for (const counter of counters) {
    const wait = await reserveOne(db, counter, now);
    if (wait > 0) {
      for (const c of taken) await giveBackOne(db, c);
      return wait;
    }
    taken.push(counter);
  }
  return 0;
}

/** The attempt did not count as a failure (the service could not compare the password). */
export async function releaseAttempt(db: Db, email: string, address: string): Promise<void> {
  for (const counter of countersOf(email, address)) await giveBackOne(db, counter);
}

/** The attempt succeeded: the pair starts over, the address and e-mail counts get it back. */
export async function attemptSucceeded(db: Db, email: string, address: string): Promise<void> {
  const [pair, ...others] = countersOf(email, address);
  await db.delete(t).where(eq(t.key, pair!.key));
  for (const counter of others) await giveBackOne(db, counter);
}

// The second step (issue 34): five wrong codes (TOTP or recovery) for one user within the window
// lock that user's second step for LOCK_MS, wherever they come from, exactly as the pair counter
// above locks a password. The counter is reserved before the code is checked; a right code clears it.
const secondStepCounter = (userId: string): Counter => ({ key: `mfa:${userId}`, limit: MAX_FAILURES });

/** 0 when a code may be tried now, else the seconds of the lock (nothing stays reserved then). */
export function reserveCodeAttempt(db: Db, userId: string, now = new Date()): Promise<number> {
  return reserveOne(db, secondStepCounter(userId), now);
}

/** The code was right: the user's second step starts over. */
export async function codeAttemptSucceeded(db: Db, userId: string): Promise<void> {
  await db.delete(t).where(eq(t.key, secondStepCounter(userId).key));
}

/** The code could not be checked (an error): the attempt is given back. */
export function releaseCodeAttempt(db: Db, userId: string): Promise<void> {
  return giveBackOne(db, secondStepCounter(userId));
}
