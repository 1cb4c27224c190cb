import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { MaskedRestrictiveEntryView } from "@/lib/review/restrictive-view";
import type { CaseReviewView, NoteView, TimelinePage } from "@/lib/review/case-view";
import { bffFetch } from "./bff-fetch";

// The case page's review queries (team review only: enabled when the API has it).

const base = (id: string) => `/bff/verifications/${encodeURIComponent(id)}`;

export const reviewKeys = {
  case: (id: string) => ["verifications", "review", id] as const,
  notes: (id: string) => ["verifications", "notes", id] as const,
  events: (id: string, types: string) => ["verifications", "events", id, types] as const,
  eventsOf: (id: string) => ["verifications", "events", id] as const,
  restrictive: (id: string) => ["restrictive-list", "case", id] as const,
};

export function caseReviewQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.case(id),
    queryFn: ({ signal }) => bffFetch<CaseReviewView>(`${base(id)}/review`, signal),
  });
}

export function notesQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.notes(id),
    queryFn: ({ signal }) => bffFetch<{ notes: NoteView[] }>(`${base(id)}/notes`, signal),
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
