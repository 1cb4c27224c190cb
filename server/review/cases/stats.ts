// GET /api/review/v1/stats: the overview's team figures. Waiting cases (decidable, no effective
// decision yet) by the age of their SLA clock, those past their SLA, those awaiting a second
// review, the stuck ones (CREATED or PROCESSING, sent to be collected more than 15 minutes ago,
// whatever the age: filters.ts stuckWhere; the v2 list's `incomplete` keeps its own meaning), and over [from, to): first decisions,
// their median time from reviewStartedAt, and (admins) decisions per author.
import { and, count, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationFeedbacks, verifications } from "../../db/schema";
import type { ReviewStats } from "../../../lib/contract/review";
import { stuckWhere } from "./filters";
import { userRefs, refOf } from "../user-refs";

const HOUR = 3600_000;

export async function reviewStats(
  db: Db,
  workspaceId: string,
  range: { from?: Date; to?: Date },
  slaHours: number,
  withAnalysts: boolean,
  now = new Date(),
): Promise<ReviewStats> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const started = verifications.reviewStartedAt;
  const decidedIn: SQL[] = [eq(verifications.workspaceId, workspaceId), isNotNull(verifications.firstDecidedAt)];
  if (range.from) decidedIn.push(gte(verifications.firstDecidedAt, range.from));
  if (range.to) decidedIn.push(lt(verifications.firstDecidedAt, range.to));
  const feedbackIn: SQL[] = [eq(verificationFeedbacks.workspaceId, workspaceId)];
  if (range.from) feedbackIn.push(gte(verificationFeedbacks.createdAt, range.from));
  if (range.to) feedbackIn.push(lt(verificationFeedbacks.createdAt, range.to));

  const [[waiting], [second], [stuck], [decided], analysts] = await Promise.all([
    db
      .select({
        total: count(),
        under4h: sql<number>`count(*) filter (where ${started} > ${ago(4 * HOUR)})`.mapWith(Number),
        from4hTo24h: sql<number>`count(*) filter (where ${started} <= ${ago(4 * HOUR)} and ${started} > ${ago(24 * HOUR)})`.mapWith(Number),
        from1dTo3d: sql<number>`count(*) filter (where ${started} <= ${ago(24 * HOUR)} and ${started} > ${ago(72 * HOUR)})`.mapWith(Number),
        over3d: sql<number>`count(*) filter (where ${started} <= ${ago(72 * HOUR)})`.mapWith(Number),
        breached: sql<number>`count(*) filter (where ${started} < ${ago(slaHours * HOUR)})`.mapWith(Number),
      })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, workspaceId), sql`${verifications.firstDecidedAt} is null`, isNotNull(started))),
    db
      .select({ n: count() })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, workspaceId), isNotNull(verifications.pendingProposalId))),
    db
      .select({ n: count() })
      .from(verifications)
      .where(and(eq(verifications.workspaceId, workspaceId), stuckWhere(now))),
    db
      .select({
        n: count(),
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${verifications.firstDecidedAt} - ${started}))`,
      })
      .from(verifications)
      .where(and(...decidedIn)),
    withAnalysts
      ? db
          .select({ userId: verificationFeedbacks.userId, n: count() })
          .from(verificationFeedbacks)
          .where(and(...feedbackIn))
          .groupBy(verificationFeedbacks.userId)
      : Promise.resolve(null),
  ]);
  const refs = analysts
    ? await userRefs(
        db,
        analysts.map((a) => a.userId),
      )
    : new Map();
  const median = decided?.median === null || decided?.median === undefined ? null : Math.round(Number(decided.median));
  return {
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    waiting: {
      total: waiting?.total ?? 0,
      byAge: {
        under4h: waiting?.under4h ?? 0,
        from4hTo24h: waiting?.from4hTo24h ?? 0,
        from1dTo3d: waiting?.from1dTo3d ?? 0,
        over3d: waiting?.over3d ?? 0,
      },
    },
    slaBreached: waiting?.breached ?? 0,
    awaitingSecondReview: second?.n ?? 0,
    stuck: stuck?.n ?? 0,
    decisions: decided?.n ?? 0,
    medianDecisionSeconds: median,
    decisionsByAnalyst: analysts
      ? analysts.map((a) => ({ user: refOf(refs, a.userId)!, decisions: a.n })).sort((a, b) => b.decisions - a.decisions)
      : null,
  };
}
