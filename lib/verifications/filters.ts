import {
  FEEDBACK_STATUSES,
  VERIFICATION_STATUSES,
  type FeedbackStatus,
  type VerificationListQuery,
  type VerificationStatus,
} from "@/lib/api/types";
import type { CaseFilters, CaseSort } from "@/lib/contract/review";

// The list's filters, as kept in the page URL (shareable, back/forward work) and sent to the BFF.
// Parsing is lenient: an unknown or out-of-range value is dropped, never an error page.

export const PAGE_SIZES = [10, 20, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The team queues (review API): none set is "Todos". */
export const QUEUES = ["mine", "unassigned", "second"] as const;
export type Queue = (typeof QUEUES)[number];
export const QUEUE_LABELS: Record<Queue | "all", string> = {
  mine: "Minha fila",
  unassigned: "Não atribuídos",
  all: "Todos",
  second: "Aguardando 2ª revisão",
};
/** The list's orders (review API); none set is "newest". */
export const SORTS = ["oldest", "score_asc", "score_desc"] as const satisfies readonly CaseSort[];
export type ListSort = (typeof SORTS)[number];

export interface VerificationFilters {
  page: number;
  limit: number;
  status?: VerificationStatus;
  q?: string;
  feedback?: FeedbackStatus;
  incomplete?: boolean;
  scoreMin?: number;
  scoreMax?: number;
  /** Creation dates in [from, to) as ISO instants (beyond the spec; the overview's links set them). */
  from?: string;
  to?: string;
  /** Team queue (review API only). */
  queue?: Queue;
  /** Order (review API only); newest first when unset. */
  sort?: ListSort;
  /** CREATED or PROCESSING for more than 15 minutes, whatever the age (review API only: "Parados"). */
  stuck?: boolean;
  /** The named queue a routing rule sent the cases to (review API only; docs/routing.md). */
  namedQueue?: string;
}

type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: SearchParamsLike, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function readInt(params: SearchParamsLike, key: string, min: number, max: number): number | undefined {
  const text = read(params, key)?.trim();
  if (!text || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function readEnum<T extends string>(params: SearchParamsLike, key: string, values: readonly T[]): T | undefined {
  const text = read(params, key)?.trim().toUpperCase();
  return values.find((value) => value === text);
}

function readWord<T extends string>(params: SearchParamsLike, key: string, values: readonly T[]): T | undefined {
  const text = read(params, key)?.trim();
  return values.find((value) => value === text);
}

function readInstant(params: SearchParamsLike, key: string): string | undefined {
  const text = read(params, key)?.trim();
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function parseFilters(params: SearchParamsLike): VerificationFilters {
  let scoreMin = readInt(params, "scoreMin", 0, 1000);
  let scoreMax = readInt(params, "scoreMax", 0, 1000);
  if (scoreMin !== undefined && scoreMax !== undefined && scoreMin > scoreMax) [scoreMin, scoreMax] = [scoreMax, scoreMin];
  const limit = readInt(params, "limit", 1, 25);
  const q = read(params, "q")?.trim().slice(0, 100);
  // a queue's name as the routing rule has it (1 to 60 characters); a longer one is dropped
  const namedQueue = read(params, "namedQueue")?.trim();
  return {
    page: readInt(params, "page", 1, 100_000) ?? 1,
    limit: limit ?? DEFAULT_PAGE_SIZE,
    status: readEnum(params, "status", VERIFICATION_STATUSES),
    q: q || undefined,
    feedback: readEnum(params, "feedback", FEEDBACK_STATUSES),
    incomplete: read(params, "incomplete") === "true" || undefined,
    scoreMin,
    scoreMax,
    from: readInstant(params, "from"),
    to: readInstant(params, "to"),
    queue: readWord(params, "queue", QUEUES),
    sort: readWord(params, "sort", SORTS),
    stuck: read(params, "stuck") === "true" || undefined,
    namedQueue: namedQueue && namedQueue.length <= 60 ? namedQueue : undefined,
  };
}

/** URL form of the filters; defaults are left out so URLs stay short. */
export function filtersToSearchParams(filters: VerificationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (filters.feedback) params.set("feedback", filters.feedback);
  if (filters.incomplete) params.set("incomplete", "true");
  if (filters.scoreMin !== undefined) params.set("scoreMin", String(filters.scoreMin));
  if (filters.scoreMax !== undefined) params.set("scoreMax", String(filters.scoreMax));
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.stuck) params.set("stuck", "true");
  if (filters.queue) params.set("queue", filters.queue);
  if (filters.namedQueue) params.set("namedQueue", filters.namedQueue);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(filters.limit));
  if (filters.page !== 1) params.set("page", String(filters.page));
  return params;
}

/** Every filter off (the page size, the queue, the named queue and the order stay). */
export const CLEARED_FILTERS: Partial<VerificationFilters> = {
  stuck: undefined,
  status: undefined,
  q: undefined,
  feedback: undefined,
  incomplete: undefined,
  scoreMin: undefined,
  scoreMax: undefined,
  from: undefined,
  to: undefined,
};

export function hasActiveFilters(filters: VerificationFilters): boolean {
  return Boolean(
    filters.status ||
    filters.q ||
    filters.feedback ||
    filters.incomplete ||
    filters.stuck ||
    filters.scoreMin !== undefined ||
    filters.scoreMax !== undefined ||
    filters.from ||
    filters.to,
  );
}

/** The API's query (GET /api/v2/verifications parameter names); `q` searches names and documents. */
export function filtersToApiQuery(filters: VerificationFilters): VerificationListQuery & { from?: string; to?: string } {
  return {
    page: filters.page,
    limit: filters.limit,
    status: filters.status,
    search: filters.q,
    feedbackStatus: filters.feedback,
    incomplete: filters.incomplete,
    scoreGte: filters.scoreMin,
    scoreLte: filters.scoreMax,
    from: filters.from,
    to: filters.to,
  };
}

/**
 * Whether the review API's queue list can answer these filters: it has no creation period and no
 * `incomplete` (the v2 list's own filters); with them the list is read from the v2 list.
 */
export function reviewListable(filters: VerificationFilters): boolean {
  return !filters.incomplete && !filters.from && !filters.to;
}

/** The review API's filters (GET /api/review/v1/cases, POST cases/next, saved views), without page and limit. */
export function filtersToCaseFilters(filters: VerificationFilters): CaseFilters {
  const f: CaseFilters = {};
  if (filters.status) f.status = filters.status;
  if (filters.feedback) f.feedbackStatus = filters.feedback;
  if (filters.q) f.search = filters.q;
  if (filters.scoreMin !== undefined) f.scoreGte = filters.scoreMin;
  if (filters.scoreMax !== undefined) f.scoreLte = filters.scoreMax;
  if (filters.queue === "mine") {
    f.assignee = "me";
    // "Minha fila" holds the cases that still need me (issue 28, item 5): undecided, or awaiting a
    // second review I may give. A decision filter shows my decided ones too.
    if (!filters.feedback) f.awaiting = "me";
  }
  if (filters.queue === "unassigned") f.assignee = "none";
  if (filters.queue === "second") f.awaitingSecondReview = true;
  if (filters.stuck) f.stuck = true;
  if (filters.namedQueue) f.namedQueue = filters.namedQueue;
  if (filters.sort) f.sort = filters.sort;
  return f;
}

/** A saved view's filters as the list's (what the list cannot show is dropped). */
export function caseFiltersToFilters(f: CaseFilters): Partial<VerificationFilters> {
  return {
    ...CLEARED_FILTERS,
    status: f.status,
    feedback: f.feedbackStatus,
    q: f.search,
    scoreMin: f.scoreGte,
    scoreMax: f.scoreLte,
    queue: f.assignee === "me" ? "mine" : f.assignee === "none" ? "unassigned" : f.awaitingSecondReview ? "second" : undefined,
    stuck: f.stuck || undefined,
    namedQueue: f.namedQueue,
    sort: f.sort && f.sort !== "newest" ? f.sort : undefined,
  };
}

/** The query of GET /api/review/v1/cases for these filters. */
export function filtersToReviewQuery(filters: VerificationFilters): Record<string, string | number | boolean | undefined> {
  return { ...filtersToCaseFilters(filters), page: filters.page, limit: filters.limit };
}
