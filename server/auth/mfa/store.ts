// The factors and recovery codes of users (tables user_factors, recovery_codes; migration 0081).
// Every query names the workspace.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { recoveryCodes, userFactors } from "../../db/schema";
import { digest, open, seal } from "./secret-box";
import { acceptedStep } from "./totp";

export interface Factor {
  userId: string;
  confirmed: boolean;
  confirmedAt: Date | null;
  createdAt: Date;
}

type Who = { userId: string; workspaceId: string };

export async function factorOf(db: Db | Tx, who: Who): Promise<(Factor & { secret: string; lastStep: number | null }) | null> {
  const [row] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, who.userId), eq(userFactors.workspaceId, who.workspaceId)));
  if (!row) return null;
  return {
    userId: row.userId,
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt,
    createdAt: row.createdAt,
    secret: row.secret,
    lastStep: row.lastStep,
  };
}

export async function hasConfirmedFactor(db: Db | Tx, who: Who): Promise<boolean> {
  return (await factorOf(db, who))?.confirmed === true;
}

/** Starts (or restarts) an enrolment: a new secret, not confirmed. The caller checked there is no confirmed factor. */
export async function startEnrolment(db: Db | Tx, key: Buffer, who: Who, secret: string): Promise<void> {
  const sealed = seal(key, secret, who.userId);
  await db
    .insert(userFactors)
    .values({ userId: who.userId, workspaceId: who.workspaceId, secret: sealed })
    .onConflictDoUpdate({
      target: userFactors.userId,
      set: { secret: sealed, confirmedAt: null, lastStep: null, createdAt: sql`now()` },
      setWhere: sql`${userFactors.confirmedAt} is null`,
    });
}

/**
 * Checks a TOTP code against the user's factor (confirmed or, with `enrolling`, the pending one) and
 * spends its time step. True when accepted.
 */
export async function spendCode(db: Db | Tx, key: Buffer, who: Who, code: string, enrolling = false): Promise<boolean> {
  const factor = await factorOf(db, who);
  if (!factor || factor.confirmed === enrolling) return false;
  const step = acceptedStep(open(key, factor.secret, who.userId), code, factor.lastStep);
  if (step === null) return false;
  // the step is spent only if no other request spent it (or a later one) first
  const spent = await db
    .update(userFactors)
    .set({ lastStep: step, ...(enrolling ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userFactors.userId, who.userId),
        eq(userFactors.workspaceId, who.workspaceId),
        sql`(${userFactors.lastStep} is null or ${userFactors.lastStep} < ${step})`,
      ),
    )
    .returning({ userId: userFactors.userId });
  return spent.length === 1;
}

export const RECOVERY_CODES = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i

/** "xxxxx-xxxxx": 10 characters of 31, about 49 bits each. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function normalizeRecoveryCode(value: string): string {
  const plain = value.toLowerCase().replace(/[^a-z0-9]/g, "");
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}

/** Replaces the user's recovery codes with 10 new ones; answers them in clear (shown once). */
export async function newRecoveryCodes(db: Db | Tx, key: Buffer, who: Who): Promise<string[]> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, who.userId), eq(recoveryCodes.workspaceId, who.workspaceId)));
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ id: randomUUID(), userId: who.userId, workspaceId: who.workspaceId, codeHash: digest(key, code) })));
  return codes;
}

/** Spends one recovery code (single use, atomically). True when it was unused. */
export async function spendRecoveryCode(db: Db | Tx, key: Buffer, who: Who, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, who.userId),
        eq(recoveryCodes.workspaceId, who.workspaceId),
        eq(recoveryCodes.codeHash, digest(key, normalizeRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db | Tx, who: Who): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, who.userId), eq(recoveryCodes.workspaceId, who.workspaceId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Removes the factor and its recovery codes; true when there was one. */
export async function removeFactor(db: Db | Tx, who: Who): Promise<boolean> {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, who.userId), eq(recoveryCodes.workspaceId, who.workspaceId)));
  const gone = await db
    .delete(userFactors)
    .where(and(eq(userFactors.userId, who.userId), eq(userFactors.workspaceId, who.workspaceId)))
    .returning({ confirmedAt: userFactors.confirmedAt });
  return gone.length === 1 && gone[0]!.confirmedAt !== null;
}
