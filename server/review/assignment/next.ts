// POST /api/review/v1/cases/next (issue 18): the case whose SLA falls due first (the oldest
// reviewStartedAt) among the filters, assigned to the caller, in one statement: the pick locks its
// row with FOR UPDATE SKIP LOCKED, so concurrent callers skip each other's pick and never get the
// same case (a row another caller assigned and committed no longer matches when rechecked); the
// assignment and its case.assigned event are written by the same statement.
import { and, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verifications } from "../../db/schema";
import { rowMapper, rowsOf } from "../../db/rows";
import type { TokenClaims } from "../../auth/tokens";
import type { VerificationRow } from "../../v2/verifications/serialize";
import type { CaseFilters } from "../../../lib/contract/review";
import { whereOf, type FilterContext } from "../cases/filters";
import { clientIdOfRequest } from "../../http/request-id";
import { outboxCtes } from "../../webhooks/outbox";

const fromRow = rowMapper<VerificationRow>(verifications);

/** The body's filters with the defaults for what it leaves out: COMPLETED, undecided, unassigned, no proposal. */
export function nextFilters(f: CaseFilters): CaseFilters {
  return {
    ...f,
    status: f.status ?? "COMPLETED",
    feedbackStatus: f.feedbackStatus ?? "NOTSTARTED",
    assignee: f.assignee ?? "none",
    awaitingSecondReview: f.awaitingSecondReview ?? false,
  };
}

export async function takeNext(
  db: Db,
  who: TokenClaims,
  ctx: FilterContext,
  filters: CaseFilters,
  requestId: string | null,
): Promise<VerificationRow | null> {
  const where = and(whereOf(filters, ctx), sql`${verifications.reviewStartedAt} is not null`)!;
  // assignee=me answers the caller's own case due first, without assigning anything
  const assigns = filters.assignee === "none";
  const result = await db.execute(
    assigns
      ? sql`
    with pick as (
      select id from verifications where ${where}
      order by review_started_at, id
      limit 1
      for update skip locked
    ), taken as (
      update verifications v set assignee_id = ${who.userId}, assigned_at = now()
      from pick where v.id = pick.id and v.assignee_id is null
      returning v.*
    ), event as (
      insert into audit_events (workspace_id, actor_id, actor_email, type, case_id, request_id, client_request_id, data)
      select workspace_id, ${who.userId}::uuid, ${who.email}, 'case.assigned', id, ${requestId}, ${clientIdOfRequest(requestId)},
        jsonb_build_object('from', null, 'to', ${who.userId}::text, 'by', 'next')
      from taken
    ), ${outboxCtes(sql`(select workspace_id, 'case.assigned'::text as type, id::text as order_key,
        jsonb_build_object('caseId', id, 'actorId', ${who.userId}::text, 'from', null, 'to', ${who.userId}::text, 'by', 'next') as data, 0 as ord
      from taken)`)}
    select * from taken`
      : sql`select * from verifications where ${where} order by review_started_at, id limit 1`,
  );
  const [row] = rowsOf(result);
  return row ? fromRow(row) : null;
}
