// "Qualidade do score" (issue 31 item 6; docs/rules.md, "Score quality"): how well the profile's
// active version separates the cases the team reproved from those it approved, on the scores it
// actually gave (verification_scorings, never recomputed) to the verifications created in
// [from, to), against each case's latest effective decision (verifications.feedback_status):
// REPROVED positive, APPROVED negative; STANDBY, WAIVED and undecided cases are only `scored`.
// One grouped read (score × decision), then the ROC AUC (ties count half) and the share approved
// per band of 100.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { verificationScorings, verifications } from "../db/schema";
import { ApiError } from "../http/errors";
import { QUALITY_BAND, type ScoreQuality } from "../../lib/contract/rules";
import { rocAuc } from "./backtest";
import { scoringProfile, scoringVersions } from "./store";

export async function scoreQuality(
  db: Db,
  workspaceId: string,
  query: { profileId: string; from?: string; to?: string },
): Promise<ScoreQuality> {
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  if (from && to && from.getTime() >= to.getTime()) throw new ApiError("invalid_parameter", "from: must be before to");
  await scoringProfile(db, workspaceId, query.profileId);
  const { active } = await scoringVersions(db, workspaceId, query.profileId);

  const bandCount = 1000 / QUALITY_BAND;
  const approvedBy = new Array<number>(bandCount).fill(0);
  const reprovedBy = new Array<number>(bandCount).fill(0);
  const pos = new Float64Array(1001);
  const neg = new Float64Array(1001);
  let scored = 0;
  let positives = 0;
  let negatives = 0;
  if (active) {
    const rows = await db
      .select({ score: verificationScorings.score, decision: verifications.feedbackStatus, n: sql<number>`count(*)::int` })
      .from(verificationScorings)
      .innerJoin(verifications, eq(verifications.id, verificationScorings.verificationId))
      .where(
        and(
          eq(verificationScorings.workspaceId, workspaceId),
          eq(verificationScorings.rulesetId, active.id),
          eq(verifications.workspaceId, workspaceId),
          from ? gte(verifications.createdAt, from) : undefined,
          to ? lt(verifications.createdAt, to) : undefined,
        ),
      )
      .groupBy(verificationScorings.score, verifications.feedbackStatus);
    for (const row of rows) {
      const n = Number(row.n);
      scored += n;
      const score = Math.min(1000, Math.max(0, row.score));
      const band = Math.min(bandCount - 1, Math.floor(score / QUALITY_BAND));
      if (row.decision === "REPROVED") {
        pos[score] += n;
        positives += n;
        reprovedBy[band] += n;
      } else if (row.decision === "APPROVED") {
        neg[score] += n;
        negatives += n;
        approvedBy[band] += n;
      }
    }
  }
  return {
    profileId: query.profileId,
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    ruleset: active ? { id: active.id, version: active.version } : null,
    scored,
    labels: { reproved: positives, approved: negatives },
    auc: rocAuc(pos, neg, positives, negatives),
    bands: approvedBy.map((approved, i) => {
      const reproved = reprovedBy[i]!;
      return {
        from: i * QUALITY_BAND,
        to: (i + 1) * QUALITY_BAND,
        approved,
        reproved,
        approvalRate: approved + reproved === 0 ? null : approved / (approved + reproved),
      };
    }),
  };
}
