import "server-only";
import { listVerifications } from "@/lib/api/verifications";
import { apiBaseUrl } from "@/lib/api/client";
import { ApiError, toApiError } from "@/lib/api/errors";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { reviewFetch } from "@/lib/api/review";
import type { VerificationRecord } from "@/lib/api/types";
import type { CaseList, ReviewCase } from "@/lib/contract/review";
import { filtersToApiQuery, filtersToReviewQuery, reviewListable, type VerificationFilters } from "@/lib/verifications/filters";
import { toSummary, toVerificationPage } from "@/lib/verifications/to-summary";
import type { VerificationPage, VerificationSummary } from "@/lib/verifications/view-models";

// The team queue list for the browser (issue 18): the review API's cases (GET /api/review/v1/cases)
// as list rows, the document masked here, plus owner, SLA and flags. Filters the queue list has no
// counterpart for (a creation period, `incomplete`) read the v2 list as before, without team fields.

export function toQueueSummary(item: ReviewCase, me: string | undefined): VerificationSummary {
  return {
    ...toSummary(item as unknown as VerificationRecord),
    review: {
      assignee: item.assignee ? { id: item.assignee.id, email: item.assignee.email } : null,
      mine: Boolean(me) && item.assignee?.id === me,
      slaDueAt: item.slaDueAt,
      slaState: item.slaState,
      flags: item.flags,
      awaitingSecondReview: item.awaitingSecondReview,
    },
  };
}

export async function readQueuePage(token: string, filters: VerificationFilters, signal?: AbortSignal): Promise<VerificationPage> {
  if (!reviewListable(filters)) return toVerificationPage(await listVerifications(token, filtersToApiQuery(filters), signal));
  const me = readAccessTokenClaims(token).sub;
  const list = await reviewFetch<CaseList>("/cases", { token, query: filtersToReviewQuery(filters), signal });
  return { items: list.cases.map((item) => toQueueSummary(item, me)), page: list.page, limit: list.limit, total: list.total, team: true };
}

/** GET /api/review/v1/cases/export.csv, as the service streams it (the body is not read here). */
export async function fetchCasesCsv(token: string, query: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/api/review/v1/cases/export.csv${query ? `?${query}` : ""}`, {
      headers: { accept: "text/csv", authorization: `Bearer ${token}` },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(300_000)]) : AbortSignal.timeout(300_000),
      cache: "no-store",
    });
  } catch {
    throw ApiError.unavailable("API unreachable");
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body, response.headers);
  }
  return response;
}
