// Figures of a workspace's verifications over a range of creation dates, for the console's
// overview (GET /api/v2/verifications/stats, beyond the spec). Each figure is one grouped query
// on an index: verifications_ws_created_stats_idx (workspace, created_at) carries status and
// score, so counts by status and the histogram read the index only; the latest decision is the
// row's feedback_status (kept by server/decisions/store.ts, the list filter's value too), read
// through verifications_ws_feedback_idx; decisions per day use verification_feedbacks_ws_created_idx.
import { and, count, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationFeedbacks, verifications } from "../../db/schema";
import { DECIDED, STATS_DECISIONS, STATS_STATUSES, type VerificationStats } from "../../../lib/contract/verification-stats";

export interface StatsRange {
  from?: Date;
  to?: Date;
}

function zeros<T extends readonly string[]>(keys: T): Record<T[number], number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<T[number], number>;
}

function createdIn(workspaceId: string, range: StatsRange): SQL {
  const where: SQL[] = [eq(verifications.workspaceId, workspaceId)];
  if (range.from) where.push(gte(verifications.createdAt, range.from));
  if (range.to) where.push(lt(verifications.createdAt, range.to));
  return and(...where)!;
}

export async function verificationStats(db: Db, workspaceId: string, range: StatsRange, now = new Date()): Promise<VerificationStats> {
  const inRange = createdIn(workspaceId, range);
  const bin = sql<number>`least(${verifications.score} / 100, 9)`.mapWith(Number);
  const day = sql<string>`to_char(${verificationFeedbacks.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const decidedWhere: SQL[] = [eq(verificationFeedbacks.workspaceId, workspaceId)];
  if (range.from) decidedWhere.push(gte(verificationFeedbacks.createdAt, range.from));
  if (range.to) decidedWhere.push(lt(verificationFeedbacks.createdAt, range.to));

  const [statusRows, binRows, decisionRows, dailyRows, [stuck]] = await Promise.all([
    db.select({ status: verifications.status, n: count() }).from(verifications).where(inRange).groupBy(verifications.status),
    db
      .select({ bin, n: count() })
      .from(verifications)
      .where(and(inRange, isNotNull(verifications.score)))
      .groupBy(bin),
    db
      .select({ status: verifications.feedbackStatus, n: count() })
      .from(verifications)
      .where(and(inRange, isNotNull(verifications.feedbackStatus)))
      .groupBy(verifications.feedbackStatus),
    db
      .select({ day, status: verificationFeedbacks.status, n: count() })
      .from(verificationFeedbacks)
      .where(and(...decidedWhere))
      .groupBy(day, verificationFeedbacks.status)
      .orderBy(day),
    db
      .select({ n: count() })
      .from(verifications)
      .where(
        and(
          eq(verifications.workspaceId, workspaceId),
          inArray(verifications.status, ["CREATED", "PROCESSING"]),
          lte(verifications.createdAt, new Date(now.getTime() - 15 * 60_000)),
          gte(verifications.createdAt, new Date(now.getTime() - 12 * 3600_000)),
        ),
      ),
  ]);

  const byStatus = zeros(STATS_STATUSES);
  let total = 0;
  for (const row of statusRows) {
    total += row.n;
    if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] += row.n;
  }
  const byDecision = zeros(STATS_DECISIONS);
  for (const row of decisionRows) if (row.status && row.status in byDecision) byDecision[row.status as keyof typeof byDecision] += row.n;
  byDecision.NOTSTARTED = total - DECIDED.reduce((sum, k) => sum + byDecision[k], 0);

  const scoreHistogram = Array.from({ length: 10 }, (_, i) => ({ from: i * 100, to: i === 9 ? 1000 : i * 100 + 99, count: 0 }));
  for (const row of binRows) if (scoreHistogram[row.bin]) scoreHistogram[row.bin].count += row.n;

  const days = new Map<string, VerificationStats["daily"][number]>();
  for (const row of dailyRows) {
    const entry = days.get(row.day) ?? { date: row.day, ...zeros(DECIDED), total: 0 };
    if ((DECIDED as readonly string[]).includes(row.status)) entry[row.status as (typeof DECIDED)[number]] += row.n;
    entry.total += row.n;
    days.set(row.day, entry);
  }

  return {
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    total,
    byStatus,
    byDecision,
    scoreHistogram,
    daily: [...days.values()],
    incomplete: stuck?.n ?? 0,
  };
}
