// Gathers what the PDF report shows about one verification of the caller's workspace.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles, users, verificationFeedbacks, verifications, workspaces } from "../../db/schema";
import { AiSummarySchema } from "../../ai/types";
import { isObj, obj } from "../../ai/facts";
import type { ReportData, ReportRestrictiveList } from "../../reports/verification-pdf";
import { readSummary } from "../summary/generate";

/**
 * The restrictive-list status of the document. Until the workspace's restrictive list (blacklist
 * table) is read here, it is the status the dossier recorded at completion (blacklisted.client).
 */
export function restrictiveListFromDossier(dossier: Record<string, unknown> | null): ReportRestrictiveList {
  const profile = obj(obj(dossier).profile);
  const blacklisted = isObj(profile.blacklisted) ? profile.blacklisted : {};
  return { listed: blacklisted.client === true, source: "dossier", serviceListed: blacklisted.service === true };
}

/** null when the verification is not the workspace's. */
export async function loadReportData(db: Db, workspaceId: string, id: string, generatedAt = new Date()): Promise<ReportData | null> {
  const [row] = await db.select().from(verifications).where(and(eq(verifications.workspaceId, workspaceId), eq(verifications.id, id)));
  if (!row) return null;
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const profile = row.profileId ? (await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, row.profileId)))[0] : undefined;
  const stored = await readSummary(db, workspaceId, row.id);
  const feedbacks = await db.select({
    status: verificationFeedbacks.status, comment: verificationFeedbacks.comment, reasons: verificationFeedbacks.reasons,
    authorEmail: users.email, createdAt: verificationFeedbacks.createdAt,
  }).from(verificationFeedbacks)
    .leftJoin(users, and(eq(users.id, verificationFeedbacks.userId), eq(users.workspaceId, workspaceId)))
    .where(and(eq(verificationFeedbacks.workspaceId, workspaceId), eq(verificationFeedbacks.verificationId, row.id)))
    .orderBy(desc(verificationFeedbacks.createdAt), desc(verificationFeedbacks.id));
  return {
    workspaceName: workspace?.name ?? "",
    verification: {
      id: row.id, entity: row.entity === "company" ? "company" : "person", nationalId: row.nationalId, name: row.name, status: row.status,
      profileId: row.profileId, profileName: profile?.name ?? null, createdAt: row.createdAt, updatedAt: row.updatedAt,
      score: row.score, result: row.result, dossier: row.dossier, input: row.input, failureReason: row.failureReason,
    },
    // a stored summary that does not read as one fails the report (500), never prints half
    summary: stored ? AiSummarySchema.parse(stored) : null,
    feedbacks: feedbacks.map((f) => ({ ...f, reasons: f.reasons ?? [] })),
    restrictiveList: restrictiveListFromDossier(row.dossier),
    generatedAt,
  };
}
