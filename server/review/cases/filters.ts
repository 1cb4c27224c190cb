// The queue's filters (GET /cases, export.csv, POST /cases/next, saved views) as SQL over the
// verifications table, always with the workspace. The v2 list's filters mean what they mean there
// (search through search_name, feedbackStatus through the stored latest decision).
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { collections, decisionProposals, verifications } from "../../db/schema";
import { searchFilter } from "../../v2/verifications/queries";
import { DUE_SOON_SHARE } from "../sla";
import { inNamedQueue } from "../../routing/queues";
import { CASE_SORTS, ExportFormat, RISK_FLAGS, type CaseFilters, type CaseSort } from "../../../lib/contract/review";
import { FEEDBACK_STATUSES, V2_STATUSES } from "../../../lib/contract/enums";

const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const boolParam = z.enum(["true", "false"]).transform((v) => v === "true");

/** The filters as query parameters (strings). */
export const filterParams = {
  status: z.enum(V2_STATUSES).optional(),
  feedbackStatus: z.enum(FEEDBACK_STATUSES).optional(),
  search: z.string().trim().min(1).max(100).optional(),
  scoreGte: intParam(0, 1000).optional(),
  scoreLte: intParam(0, 1000).optional(),
  assignee: z
    .union([z.enum(["me", "none"]), z.uuid({ error: "must be me, none or a user id" })])
    .optional()
    .describe("me, none or a user id"),
  sla: z.enum(["due_soon", "breached"]).optional().describe("waiting cases in that SLA state"),
  awaitingSecondReview: boolParam.optional(),
  awaiting: z
    .enum(["me"])
    .optional()
    .describe("me: cases that still need the caller: no effective decision, and no pending proposal of the caller's own"),
  flag: z.enum(RISK_FLAGS).optional(),
  stuck: boolParam.optional().describe("true: CREATED or PROCESSING, sent to be collected more than 15 minutes ago"),
  sort: z.enum(CASE_SORTS).optional().describe("newest (default), oldest, score_asc, score_desc"),
  namedQueue: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .describe("cases a routing rule sent to this named queue (exact name; one no case was sent to finds none)"),
};

export const ExportQuery = z.object({ ...filterParams, format: ExportFormat }).strict();
export const CaseListQuery = z
  .object({ ...filterParams, page: intParam(1, 1_000_000).default(1), limit: intParam(1, 100).default(20) })
  .strict();
export type CaseListQuery = z.infer<typeof CaseListQuery>;

export const STUCK_MS = 15 * 60_000;

/**
 * Stuck (`stuck=true`, the overview's "Casos parados"): CREATED or PROCESSING, and in the pipeline
 * for more than 15 minutes, counted from when its collection was created, the moment the case was
 * actually sent to be collected. `createdAt` alone is not that moment: the demo seed moves the
 * cases it is still collecting into the past days, and a fresh start showed dozens of stuck cases
 * (issue 28, item 7; docs/decisions.md, "Stuck counts from the collection"). For every other case
 * both are the same instant. A case without a collection row counts from `createdAt`.
 */
export function stuckWhere(now: Date): SQL {
  const cutoff = new Date(now.getTime() - STUCK_MS);
  return and(
    inArray(verifications.status, ["CREATED", "PROCESSING"]),
    lte(verifications.createdAt, cutoff),
    sql`coalesce((select c.created_at from ${collections} c where c.id = ${verifications.id}::text), ${verifications.createdAt}) <= ${cutoff.toISOString()}::timestamptz`,
  )!;
}

export interface FilterContext {
  workspaceId: string;
  callerId: string;
  slaHours: number;
  now: Date;
  /** The search's word boundary (server/v2/verifications/queries.ts searchBoundary). */
  boundary: string | null;
}

export function checkScores(f: CaseFilters): string | null {
  return f.scoreGte !== undefined && f.scoreLte !== undefined && f.scoreGte > f.scoreLte
    ? "scoreGte must not be greater than scoreLte"
    : null;
}

export function whereOf(f: CaseFilters, c: FilterContext): SQL {
  const where: SQL[] = [eq(verifications.workspaceId, c.workspaceId)];
  if (f.status) where.push(eq(verifications.status, f.status));
  if (f.feedbackStatus === "NOTSTARTED") where.push(isNull(verifications.feedbackStatus));
  else if (f.feedbackStatus) where.push(eq(verifications.feedbackStatus, f.feedbackStatus));
  if (f.search) where.push(searchFilter(f.search, c.boundary));
  if (f.scoreGte !== undefined) where.push(gte(verifications.score, f.scoreGte));
  if (f.scoreLte !== undefined) where.push(lte(verifications.score, f.scoreLte));
  if (f.assignee === "none") where.push(isNull(verifications.assigneeId));
  else if (f.assignee === "me") where.push(eq(verifications.assigneeId, c.callerId));
  else if (f.assignee) where.push(eq(verifications.assigneeId, f.assignee));
  if (f.sla) {
    const span = c.slaHours * 3600_000;
    const dueBefore = new Date(c.now.getTime() - span); // started before this: past due
    where.push(isNull(verifications.firstDecidedAt), isNotNull(verifications.reviewStartedAt));
    if (f.sla === "breached") where.push(sql`${verifications.reviewStartedAt} < ${dueBefore}`);
    else {
      const soon = new Date(c.now.getTime() - span * (1 - DUE_SOON_SHARE));
      where.push(sql`${verifications.reviewStartedAt} >= ${dueBefore}`, sql`${verifications.reviewStartedAt} <= ${soon}`);
    }
  }
  if (f.awaitingSecondReview === true) where.push(isNotNull(verifications.pendingProposalId));
  if (f.awaitingSecondReview === false) where.push(isNull(verifications.pendingProposalId));
  // "Minha fila" (issue 28, item 5): undecided, or awaiting a second review the caller may give
  // (a proposal of the caller's own waits on someone else)
  if (f.awaiting === "me")
    where.push(
      isNull(verifications.feedbackStatus),
      sql`(${verifications.pendingProposalId} is null or exists (select 1 from ${decisionProposals} p
        where p.id = ${verifications.pendingProposalId} and p.proposed_by <> ${c.callerId}))`,
    );
  if (f.flag) where.push(sql`${verifications.riskFlags} @> array[${f.flag}]::text[]`);
  if (f.stuck) where.push(stuckWhere(c.now));
  if (f.namedQueue) where.push(inNamedQueue(c.workspaceId, f.namedQueue));
  return and(...where)!;
}

/** The sort's key, every part in one direction (so export.csv can page by a row comparison). */
export function sortKey(sort: CaseSort | undefined): { parts: SQL[]; direction: "asc" | "desc" } {
  switch (sort ?? "newest") {
    case "oldest":
      return { parts: [sql`${verifications.createdAt}`, sql`${verifications.id}`], direction: "asc" };
    case "score_asc":
      return {
        parts: [sql`coalesce(${verifications.score}, 1001)`, sql`${verifications.createdAt}`, sql`${verifications.id}`],
        direction: "asc",
      };
    case "score_desc":
      return {
        parts: [sql`coalesce(${verifications.score}, -1)`, sql`${verifications.createdAt}`, sql`${verifications.id}`],
        direction: "desc",
      };
    default:
      return { parts: [sql`${verifications.createdAt}`, sql`${verifications.id}`], direction: "desc" };
  }
}

export function orderBy(sort: CaseSort | undefined): SQL[] {
  const { parts, direction } = sortKey(sort);
  return parts.map((p) => (direction === "asc" ? asc(p) : desc(p)));
}

/** The typed filters of a parsed query (drops page, limit and the export's format). */
export function filtersOf(q: Record<string, unknown>): CaseFilters {
  const { page: _page, limit: _limit, format: _format, ...rest } = q;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as CaseFilters;
}
