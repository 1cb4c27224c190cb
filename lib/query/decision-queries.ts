import { queryOptions } from "@tanstack/react-query";
import type { DecisionView } from "@/lib/verifications/decisions";
import { bffFetch } from "./bff-fetch";

export const decisionKeys = {
  history: (id: string) => ["verifications", "decisions", id] as const,
};

export function decisionHistoryQuery(id: string) {
  return queryOptions({
    queryKey: decisionKeys.history(id),
    queryFn: ({ signal }) => bffFetch<{ items: DecisionView[] }>(`/bff/verifications/${encodeURIComponent(id)}/feedbacks`, signal),
  });
}
