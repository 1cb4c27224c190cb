import { queryOptions } from "@tanstack/react-query";
import type { AiSummaryState } from "@/lib/verifications/ai-summary-view";
import { bffFetch } from "./bff-fetch";

// The "Resumo da IA" panel's query. `generating` is the panel's own optimistic state while
// "Gerar resumo" runs; the BFF never answers it.

export type AiSummaryPanelState = AiSummaryState | { state: "generating" };

export const aiSummaryKeys = {
  detail: (id: string) => ["verifications", "ai-summary", id] as const,
};

/** While the service is making the summary (ANALYZING) it is read again every 2 s. */
export const AI_SUMMARY_REFETCH_MS = 2_000;

/** How often to read again: only while the summary is being made by the service. */
export function aiSummaryRefetchInterval(data: AiSummaryPanelState | undefined, failed: boolean): number | false {
  return data?.state === "analyzing" && !failed ? AI_SUMMARY_REFETCH_MS : false;
}

export function aiSummaryQuery(id: string) {
  return queryOptions<AiSummaryPanelState>({
    queryKey: aiSummaryKeys.detail(id),
    queryFn: ({ signal }) => bffFetch<AiSummaryState>(`/bff/verifications/${encodeURIComponent(id)}/ai-summary`, signal),
    refetchInterval: (query) => aiSummaryRefetchInterval(query.state.data, query.state.status === "error"),
    refetchIntervalInBackground: false,
  });
}
