// Gathers what the PDF report shows about one verification of the caller's workspace: its latest
// REPORT_DECISIONS decisions and how many there are, never every decision.
import { and, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blacklistEntries, profiles, users, verificationFeedbacks, verifications, workspaces } from "../../db/schema";
import { AiSummarySchema } from "../../ai/types";
import { readDossier } from "../../../lib/contract/dossier-read";
import { REPORT_DECISIONS, type ReportData, type ReportRestrictiveList } from "../../reports/pdf/types";
import { moduleSources } from "../../review/sources/read";
import { readSummary } from "../summary/generate";

/**
 * The restrictive-list status of the document: the workspace's list as it is now (an expired
 * entry no longer counts), next to what the dossier recorded at completion (blacklisted.client)
 * and the service's own list (blacklisted.service).
 */
export async function restrictiveListOf(
  db: Db,
  workspaceId: string,
  nationalId: string,
  dossier: Record<string, unknown> | null,
): Promise<ReportRestrictiveList> {
  const blacklisted = readDossier(dossier).profile?.blacklisted;
  const [entry] = await db
    .select({ reason: blacklistEntries.reason, createdAt: blacklistEntries.createdAt, expiresAt: blacklistEntries.expiresAt })
    .from(blacklistEntries)
    .where(
      and(
        eq(blacklistEntries.workspaceId, workspaceId),
        eq(blacklistEntries.nationalId, nationalId),
        or(isNull(blacklistEntries.expiresAt), gt(blacklistEntries.expiresAt, new Date())),
      ),
    );
  return {
    listed: entry !== undefined,
    source: "workspace_list",
    reason: entry?.reason ?? null,
    since: entry?.createdAt ?? null,
    expiresAt: entry?.expiresAt ?? null,
    listedAtCompletion: dossier ? blacklisted?.client === true : undefined,
    serviceListed: blacklisted?.service === true,
  };
}

/** null when the verification is not the workspace's. */
export async function loadReportData(db: Db, workspaceId: string, id: string, generatedAt = new Date()): Promise<ReportData | null> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, id)));
  if (!row) return null;
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const profile = row.profileId
    ? (await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, row.profileId)))[0]
    : undefined;
  const stored = await readSummary(db, workspaceId, row.id);
  const feedbacks = await db
    .select({
      status: verificationFeedbacks.status,
      comment: verificationFeedbacks.comment,
      reasons: verificationFeedbacks.reasons,
      authorEmail: users.email,
      createdAt: verificationFeedbacks.createdAt,
    })
    .from(verificationFeedbacks)
    .leftJoin(users, and(eq(users.id, verificationFeedbacks.userId), eq(users.workspaceId, workspaceId)))
    .where(and(eq(verificationFeedbacks.workspaceId, workspaceId), eq(verificationFeedbacks.verificationId, row.id)))
    .orderBy(desc(verificationFeedbacks.createdAt), desc(verificationFeedbacks.id))
    .limit(REPORT_DECISIONS);
  const feedbackTotal =
    feedbacks.length < REPORT_DECISIONS
      ? feedbacks.length
      : ((
          await db
            .select({ n: count() })
            .from(verificationFeedbacks)
            .where(and(eq(verificationFeedbacks.workspaceId, workspaceId), eq(verificationFeedbacks.verificationId, row.id)))
        )[0]?.n ?? feedbacks.length);
  return {
    workspaceName: workspace?.name ?? "",
    verification: {
      id: row.id,
      entity: row.entity === "company" ? "company" : "person",
      nationalId: row.nationalId,
      name: row.name,
      status: row.status,
      profileId: row.profileId,
      profileName: profile?.name ?? null,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      score: row.score,
      result: row.result,
      dossier: row.dossier,
      input: row.input,
      failureReason: row.failureReason,
    },
    // a stored summary that does not read as one fails the report (500), never prints half
    summary: stored ? AiSummarySchema.parse(stored) : null,
    feedbacks: feedbacks.map((f) => ({ ...f, reasons: f.reasons ?? [] })),
    feedbackTotal,
    restrictiveList: await restrictiveListOf(db, workspaceId, row.nationalId, row.dossier),
    sources: (await moduleSources(db, workspaceId, row.id)) ?? [],
    generatedAt,
  };
}
