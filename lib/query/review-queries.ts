import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { MaskedRestrictiveEntryView } from "@/lib/review/restrictive-view";
import type { CaseReviewView, NoteView, TimelinePage } from "@/lib/review/case-view";
import { bffFetch } from "./bff-fetch";
import type { Member, ReviewSettings, ReviewStats } from "@/lib/contract/review";
import type { OverviewRange } from "@/lib/overview/range";
import { filtersToSearchParams, type VerificationFilters } from "@/lib/verifications/filters";
import type { VerificationPage } from "@/lib/verifications/view-models";

// Browser-side queries of the team review (team review only: enabled when the API has it): the
// case page's (/bff/verifications/<id>/...) and the queue's, the overview's and the settings'
// (/bff/review/...).

const base = (id: string) => `/bff/verifications/${encodeURIComponent(id)}`;

export const reviewKeys = {
  case: (id: string) => ["verifications", "review", id] as const,
  notes: (id: string) => ["verifications", "notes", id] as const,
  events: (id: string, types: string) => ["verifications", "events", id, types] as const,
  eventsOf: (id: string) => ["verifications", "events", id] as const,
  restrictive: (id: string) => ["restrictive-list", "case", id] as const,
  queue: (filters: VerificationFilters) => ["verifications", "queue", filters] as const,
  views: ["review", "views"] as const,
  settings: ["review", "settings"] as const,
  members: ["review", "members"] as const,
  people: ["review", "people"] as const,
  stats: (range: OverviewRange) => ["review", "stats", range] as const,
};

export function caseReviewQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.case(id),
    queryFn: ({ signal }) => bffFetch<CaseReviewView>(`${base(id)}/review`, signal),
  });
}

/** A page of a case's notes, oldest first ("Carregar mais" asks the next one). */
export interface NotesPage {
  notes: NoteView[];
  nextCursor: string | null;
}

export function notesQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.notes(id),
    initialPageParam: "",
    queryFn: ({ signal, pageParam }) =>
      bffFetch<NotesPage>(`${base(id)}/notes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function eventsQuery(id: string, types: string) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.events(id, types),
    initialPageParam: "",
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams();
      if (types) search.set("type", types);
      if (pageParam) search.set("cursor", pageParam);
      const query = search.toString();
      return bffFetch<TimelinePage>(`${base(id)}/events${query ? `?${query}` : ""}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function caseRestrictiveQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.restrictive(id),
    queryFn: ({ signal }) => bffFetch<{ entry: MaskedRestrictiveEntryView | null }>(`${base(id)}/restrictive-entry`, signal),
  });
}
// Browser-side queries of the team review (BFF /bff/review/...). The queue list shares the
// verifications' key space so a decision's invalidation of ["verifications"] refreshes it too.

export interface SavedViewView {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  author: string | null;
  authorId: string;
  mine: boolean;
}

/** POST /bff/review/cases/bulk: the review API's result per id, failures with a pt-BR reason. */
export interface BulkView {
  succeeded: number;
  failed: number;
  results: Array<{ id: string; ok: boolean; proposed?: boolean; error?: { code: string; message: string } }>;
}

export function queueListQuery(filters: VerificationFilters) {
  const search = filtersToSearchParams(filters).toString();
  return queryOptions({
    queryKey: reviewKeys.queue(filters),
    queryFn: ({ signal }) => bffFetch<VerificationPage>(`/bff/review/cases${search ? `?${search}` : ""}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function savedViewsQuery() {
  return queryOptions({
    queryKey: reviewKeys.views,
    queryFn: ({ signal }) => bffFetch<{ views: SavedViewView[] }>("/bff/review/views", signal),
    staleTime: 30_000,
  });
}

export function reviewSettingsQuery() {
  return queryOptions({
    queryKey: reviewKeys.settings,
    queryFn: ({ signal }) => bffFetch<ReviewSettings>("/bff/review/settings", signal),
    staleTime: 60_000,
  });
}

export function reviewStatsQuery(range: OverviewRange) {
  return queryOptions({
    queryKey: reviewKeys.stats(range),
    queryFn: ({ signal }) => bffFetch<ReviewStats>(`/bff/review/stats?range=${range}`, signal),
    staleTime: 30_000,
  });
}

/** Everyone of the workspace by id (name and e-mail): one display name per person (issue 28, item 9). */
export interface PersonEntry {
  id: string;
  name: string;
  email: string;
}

export function peopleQuery() {
  return queryOptions({
    queryKey: reviewKeys.people,
    queryFn: ({ signal }) => bffFetch<{ people: PersonEntry[] }>("/bff/review/people", signal),
    staleTime: 5 * 60_000,
  });
}

export function membersQuery() {
  return queryOptions({
    queryKey: reviewKeys.members,
    queryFn: ({ signal }) => bffFetch<{ members: Member[] }>("/bff/review/members", signal),
    staleTime: 60_000,
  });
}
