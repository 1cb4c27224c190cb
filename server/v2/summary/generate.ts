// Making and storing the AI summary of a v2 verification (spec 3.1; docs/decisions.md, "AI
// summary"). With AI on for the verification (a module of its profile has aiSummary, or
// `verifications.ia.resume` overrides the profile), the summary is made as it completes: the
// engine's terminal transaction writes the dossier with status ANALYZING and a pending summary row;
// after it commits, the summary is made and stored, and the status becomes COMPLETED in one
// transaction. A process that dies in between leaves the pending row: the sweeper finishes it.
// Otherwise the summary route makes it on its first call and stores it.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { Db, Tx } from "../../db/client";
import { profiles, verificationSummaries, verifications } from "../../db/schema";
import { createSummarizer } from "../../ai";
import { AiSummarySchema, type AiSummary, type SummaryDraft } from "../../ai/types";
import type { Collection } from "../../engine/types";
import type { VerificationRow } from "../verifications/serialize";
import { armVerificationCallback, sendVerificationCallback } from "../callbacks/arm";
import { withVerdict } from "../../review/flags";
import { recordEvent, type Actor } from "../../review/audit/record";
import { moduleSources } from "../../review/sources/read";
import { listedAmong } from "../blacklist/store";
import { routeCase } from "../../routing/route";

/** ai_summary.generated (server/review/audit): by the service at completion (actor null) or by a caller. */
export async function recordSummaryGenerated(
  tx: Tx,
  row: Pick<VerificationRow, "id" | "workspaceId">,
  summary: AiSummary,
  actor: Actor | null,
  requestId: string | null,
): Promise<void> {
  await recordEvent(tx, {
    workspaceId: row.workspaceId,
    type: "ai_summary.generated",
    actor,
    caseId: row.id,
    requestId,
    data: { verdict: summary.verdict, model: summary.model, ...(summary.fallback ? { fallback: summary.fallback } : {}) },
  });
}

/**
 * Makes and stores a summary on a caller's request (the v2 route's first call): the ai_disagrees
 * flag and ai_summary.generated in the same transaction, when this call's summary is the one
 * stored (a concurrent first call may have won).
 */
export async function makeSummary(s: Services, row: VerificationRow, actor: Actor, requestId: string): Promise<AiSummary> {
  // made after completion: the restrictive list as it is now (issue 28, item 3)
  const client = (await listedAmong(s.db, row.workspaceId, [row.nationalId])).has(row.nationalId);
  const made = toAiSummary(row.id, await draftFor(s, row, { client }), new Date());
  return s.db.transaction(async (tx) => {
    const stored = await storeSummary(tx, row, made);
    if (stored.generatedAt !== made.generatedAt) return stored;
    await tx
      .update(verifications)
      .set({ riskFlags: withVerdict(row.riskFlags, stored.verdict) })
      .where(and(eq(verifications.workspaceId, row.workspaceId), eq(verifications.id, row.id)));
    await recordSummaryGenerated(tx, row, stored, actor, requestId);
    return stored;
  });
}

/** Whether the verification's profile has AI enabled (at least one module with aiSummary). */
export async function profileHasAi(db: Db | Tx, profileId: string | null): Promise<boolean> {
  if (!profileId) return false;
  const [row] = await db.select({ modules: profiles.modules }).from(profiles).where(eq(profiles.id, profileId));
  return Object.values(row?.modules ?? {}).some((m) => m.aiSummary === true);
}

/** `verifications.ia.resume` as sent: true, false or undefined (not sent). */
export function iaResume(row: Pick<VerificationRow, "config">): boolean | undefined {
  const ia = (row.config as { ia?: { resume?: unknown } }).ia;
  return typeof ia?.resume === "boolean" ? ia.resume : undefined;
}

/** Made as the verification completes: `ia.resume` when sent, else the profile's setting. */
export async function summaryOnCompletion(tx: Tx, row: VerificationRow): Promise<boolean> {
  if (!row.profileId) return false;
  return iaResume(row) ?? (await profileHasAi(tx, row.profileId));
}

/** May be made at all (lazily on the route): the profile has AI, or the request asked for it. */
export async function summaryAllowed(db: Db, row: VerificationRow): Promise<boolean> {
  return iaResume(row) === true || (await profileHasAi(db, row.profileId));
}

/** In the engine's terminal transaction: the summary is due (status ANALYZING meanwhile). */
export async function markSummaryPending(tx: Tx, row: VerificationRow): Promise<void> {
  await tx
    .insert(verificationSummaries)
    .values({ verificationId: row.id, workspaceId: row.workspaceId, summary: null })
    .onConflictDoNothing();
}

export function toAiSummary(verificationId: string, draft: SummaryDraft, generatedAt: Date): AiSummary {
  return AiSummarySchema.parse({ verificationId, ...draft, generatedAt: generatedAt.toISOString() });
}

/** `listing`: the workspace's restrictive list now, for a summary made again after completion (SummaryInput). */
export async function draftFor(s: Services, row: VerificationRow, listing?: { client: boolean }): Promise<SummaryDraft> {
  const sources = (await moduleSources(s.db, row.workspaceId, row.id)) ?? undefined;
  return createSummarizer(s.config, s.log).summarize({
    verificationId: row.id,
    entity: row.entity === "company" ? "company" : "person",
    nationalId: row.nationalId,
    status: row.status,
    score: row.score,
    result: row.result,
    dossier: row.dossier,
    input: row.input,
    ...(sources ? { sources } : {}),
    ...(listing ? { listing } : {}),
  });
}

export async function readSummary(db: Db | Tx, workspaceId: string, verificationId: string): Promise<AiSummary | null> {
  const [row] = await db
    .select({ summary: verificationSummaries.summary })
    .from(verificationSummaries)
    .where(and(eq(verificationSummaries.workspaceId, workspaceId), eq(verificationSummaries.verificationId, verificationId)));
  return row?.summary ? (row.summary as AiSummary) : null;
}

/**
 * Stores a summary unless one is already stored (two first calls, or the sweeper and a late
 * worker, race: the first write wins) and answers the stored one.
 */
export async function storeSummary(db: Db | Tx, row: VerificationRow, summary: AiSummary): Promise<AiSummary> {
  await db
    .insert(verificationSummaries)
    .values({ verificationId: row.id, workspaceId: row.workspaceId, summary, generatedAt: new Date(summary.generatedAt) })
    .onConflictDoUpdate({
      target: verificationSummaries.verificationId,
      set: { summary, generatedAt: new Date(summary.generatedAt) },
      setWhere: isNull(verificationSummaries.summary),
    });
  return (await readSummary(db, row.workspaceId, row.id)) ?? summary;
}

/** Makes the due summary of an ANALYZING verification and completes it (idempotent). */
export async function finishAnalysis(s: Services, verificationId: string): Promise<void> {
  const [row] = await s.db.select().from(verifications).where(eq(verifications.id, verificationId));
  if (!row || row.status !== "ANALYZING") return;
  const draft = await draftFor(s, row);
  const deliveryId = await s.db.transaction(async (tx) => {
    const stored = await storeSummary(tx, row, toAiSummary(row.id, draft, new Date()));
    const now = new Date();
    // review (server/review): ai_disagrees from the verdict, and the SLA starts as the case completes
    const done = await tx
      .update(verifications)
      .set({ status: "COMPLETED", updatedAt: now, reviewStartedAt: now, riskFlags: withVerdict(row.riskFlags, stored.verdict) })
      .where(and(eq(verifications.id, row.id), eq(verifications.status, "ANALYZING")))
      .returning({ id: verifications.id });
    if (done.length > 0) await recordSummaryGenerated(tx, row, stored, null, null);
    if (done.length > 0) await routeCase(tx, row.workspaceId, row.id); // routing (server/routing): reviewable now
    // the v2 callback of a verification with a summary due leaves once it is COMPLETED
    return done.length > 0 ? armVerificationCallback(tx, row, "COMPLETED", row.score, now) : null;
  });
  await sendVerificationCallback(s, row, deliveryId);
}

/** The engine's afterTerminal hook for verifications: finish the analysis started in onTerminal. */
export async function afterVerificationTerminal(s: Services, c: Collection): Promise<void> {
  if (c.status !== "COMPLETED") return;
  try {
    await finishAnalysis(s, c.id);
  } catch (err) {
    s.log.warn({ err }, "AI summary at completion failed; the sweeper will finish it");
  }
}

/** Sweeper: finishes summaries whose process died before making them (pending for too long). */
export async function finishStaleAnalyses(s: Services, limit = 20): Promise<void> {
  const staleMs = s.config.ai.timeoutMs + s.config.schedules.leaseMs;
  const rows = await s.db
    .select({ id: verificationSummaries.verificationId })
    .from(verificationSummaries)
    .where(
      and(isNull(verificationSummaries.summary), lt(verificationSummaries.requestedAt, sql`now() - ${staleMs} * interval '1 millisecond'`)),
    )
    .limit(limit);
  for (const { id } of rows) await finishAnalysis(s, id);
}
