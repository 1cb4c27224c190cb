// Reads of v2 verifications, always scoped by workspace.
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import type { ListVerificationsQuery } from "./schemas";
import type { VerificationRow } from "./serialize";

export async function getVerification(db: Db, workspaceId: string, id: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, id)));
  return row ?? null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filters(workspaceId: string, q: ListVerificationsQuery, now: Date): SQL[] {
  const where: SQL[] = [eq(verifications.workspaceId, workspaceId)];
  if (q.status) where.push(eq(verifications.status, q.status));
  if (q.nationalId) where.push(eq(verifications.nationalId, q.nationalId.replace(/[.\-/\s]/g, "").toUpperCase()));
  if (q.search) {
    const text = `%${escapeLike(q.search)}%`;
    const digits = q.search.replace(/[.\-/\s]/g, "").toUpperCase();
    where.push(or(ilike(verifications.name, text), ...(digits ? [ilike(verifications.nationalId, `%${escapeLike(digits)}%`)] : []))!);
  }
  if (q.scoreGte !== undefined) where.push(gte(verifications.score, q.scoreGte));
  if (q.scoreLte !== undefined) where.push(lte(verifications.score, q.scoreLte));
  if (q.from) where.push(gte(verifications.createdAt, q.from));
  if (q.to) where.push(lt(verifications.createdAt, q.to));
  if (q.incomplete) {
    // spec 3.1: CREATED or PROCESSING, created between 15 minutes and 12 hours ago
    where.push(inArray(verifications.status, ["CREATED", "PROCESSING"]));
    where.push(lte(verifications.createdAt, new Date(now.getTime() - 15 * 60_000)));
    where.push(gte(verifications.createdAt, new Date(now.getTime() - 12 * 3600_000)));
  }
  // the latest feedback's status is kept on the row by server/v2/feedback/store.ts
  if (q.feedbackStatus === "NOTSTARTED") where.push(isNull(verifications.feedbackStatus));
  else if (q.feedbackStatus) where.push(eq(verifications.feedbackStatus, q.feedbackStatus));
  return where;
}

export async function listVerifications(db: Db, workspaceId: string, q: ListVerificationsQuery, now = new Date()) {
  const where = and(...filters(workspaceId, q, now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(desc(verifications.createdAt), desc(verifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(verifications).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
