// Reads of the queue, always scoped by workspace: a page of cases with its total (counted like the
// v2 list: exact up to LUPA_LIST_EXACT_TOTAL, the planner's estimate above), and one case.
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { verifications } from "../../db/schema";
import { boundedTotal, estimateRows, searchBoundary } from "../../v2/verifications/queries";
import type { VerificationRow } from "../../v2/verifications/serialize";
import type { CaseFilters } from "../../../lib/contract/review";
import { orderBy, whereOf } from "./filters";

export interface PageRequest {
  page: number;
  limit: number;
}

export async function filterContext(db: Db, workspaceId: string, callerId: string, slaHours: number, f: CaseFilters, now = new Date()) {
  const boundary = f.search ? await searchBoundary(db, workspaceId, f.search) : null;
  return { workspaceId, callerId, slaHours, now, boundary };
}

export async function listCases(
  db: Db,
  ctx: Awaited<ReturnType<typeof filterContext>>,
  f: CaseFilters,
  p: PageRequest,
  exactTotal: number,
): Promise<{ rows: VerificationRow[]; total: number }> {
  const where = whereOf(f, ctx);
  const offset = (p.page - 1) * p.limit;
  const order = orderBy(f.sort);
  const [rows, [countRow]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(verifications)
        .where(where)
        .orderBy(...order)
        .limit(exactTotal + 1)
        .as("capped"),
    ),
  ]);
  const counted = Number(countRow?.n ?? 0);
  const estimate = counted > exactTotal ? await estimateRows(db, sql`select 1 from ${verifications} where ${where}`) : 0;
  return { rows, total: boundedTotal({ counted, exactTotal, estimate, offset, limit: p.limit, pageRows: rows.length }) };
}

export async function getCaseRow(db: Db | Tx, workspaceId: string, id: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, id)));
  return row ?? null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
