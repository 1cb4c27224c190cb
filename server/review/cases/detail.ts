// GET /api/review/v1/cases/{id}: one case's review state (assignee, SLA, flags, the pending
// proposal, the AI summary's freshness, what four-eyes applies to, where each module's data came from,
// its monitoring: server/monitoring/watch.ts, the named queue routing sent it to: server/routing/queues.ts).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationSummaries } from "../../db/schema";
import type { VerificationRow } from "../../v2/verifications/serialize";
import { pendingProposal, toProposal } from "../../decisions/proposals";
import type { CaseReview, ReviewSettings } from "../../../lib/contract/review";
import type { V2Status } from "../../../lib/contract/enums";
import { reviewFieldsOf } from "./serialize";
import { userRefs } from "../user-refs";
import { moduleSources } from "../sources/read";
import { caseScoring } from "../../rules/scoring";
import { caseMonitoringOf, monitoringRow } from "../../monitoring/watch";
import { namedQueueOf } from "../../routing/queues";

export async function caseReview(db: Db, row: VerificationRow, settings: ReviewSettings, now = new Date()): Promise<CaseReview> {
  const [assignees, proposal, [summary], sources, scoring, monitoring, namedQueue] = await Promise.all([
    userRefs(db, [row.assigneeId]),
    pendingProposal(db, row.workspaceId, row.pendingProposalId),
    db
      .select({ generatedAt: verificationSummaries.generatedAt, staleAt: verificationSummaries.staleAt })
      .from(verificationSummaries)
      .where(and(eq(verificationSummaries.workspaceId, row.workspaceId), eq(verificationSummaries.verificationId, row.id))),
    moduleSources(db, row.workspaceId, row.id),
    caseScoring(db, row.workspaceId, row.id),
    monitoringRow(db, row.workspaceId, row.id),
    namedQueueOf(db, row.workspaceId, row.id),
  ]);
  return {
    id: row.id,
    status: row.status as V2Status,
    ...reviewFieldsOf(row, assignees, settings.slaHours, now),
    firstDecidedAt: row.firstDecidedAt?.toISOString() ?? null,
    proposal: proposal ? await toProposal(db, proposal) : null,
    aiSummary:
      summary && summary.generatedAt
        ? {
            generatedAt: summary.generatedAt.toISOString(),
            stale: summary.staleAt !== null,
            staleSince: summary.staleAt?.toISOString() ?? null,
          }
        : null,
    fourEyesRequired: settings.fourEyes.enabled ? settings.fourEyes.on : [],
    sources: sources ?? [],
    scoring,
    monitoring: caseMonitoringOf(row, monitoring, settings.monitoring),
    namedQueue,
  };
}
