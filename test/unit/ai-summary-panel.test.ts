// The "Resumo da IA" panel's polling (the e2e suite cannot hold a verification in ANALYZING: the
// built-in summarizer finishes at once). While the verification is ANALYZING the case page reads
// it again every 2 s (its detail query), and the panel's own query reads again every 2 s while
// the BFF says the summary is being made; both stop once there is an answer.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AiSummary } from "../../lib/contract/ai-summary";
import { AI_SUMMARY_REFETCH_MS, aiSummaryQuery, aiSummaryRefetchInterval } from "../../lib/query/ai-summary-queries";
import { PROCESSING_REFETCH_MS, verificationDetailQuery } from "../../lib/query/verification-queries";

const summary: AiSummary = {
  verificationId: "v",
  summary: "s",
  verdict: "REVIEW",
  riskLevel: "medium",
  highlights: [],
  mismatches: [],
  inputChecks: [],
  scoreBand: null,
  model: "m",
  provider: "builtin",
  fallback: null,
  generatedAt: "2026-01-01T00:00:00.000Z",
};

/** The refetchInterval a query would use with this data in the cache. */
function intervalOf<T>(
  options: { queryKey: readonly unknown[]; refetchInterval?: unknown },
  data: T,
  status: "success" | "error" = "success",
) {
  const client = new QueryClient();
  client.setQueryData(options.queryKey, data);
  const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
  if (status === "error") query.setState({ status: "error", error: new Error("x") });
  const interval = options.refetchInterval as (q: typeof query) => number | false;
  return interval(query);
}

describe("AI summary polling", () => {
  it("reads the panel again every 2 s while the summary is being made, and stops at any answer", () => {
    expect(AI_SUMMARY_REFETCH_MS).toBe(2_000);
    expect(aiSummaryRefetchInterval({ state: "analyzing" }, false)).toBe(2_000);
    expect(aiSummaryRefetchInterval({ state: "analyzing" }, true)).toBe(false);
    for (const state of [{ state: "not_made" }, { state: "disabled" }, { state: "legacy" }, { state: "generating" }] as const)
      expect(aiSummaryRefetchInterval(state, false)).toBe(false);
    expect(aiSummaryRefetchInterval({ state: "ready", summary }, false)).toBe(false);
    expect(aiSummaryRefetchInterval(undefined, false)).toBe(false);
    const options = aiSummaryQuery("v");
    expect(intervalOf(options, { state: "analyzing" })).toBe(2_000);
    expect(intervalOf(options, { state: "ready", summary })).toBe(false);
  });

  it("reads the verification again every 2 s while ANALYZING, and stops at COMPLETED", () => {
    const options = verificationDetailQuery("v");
    expect(intervalOf(options, { status: "ANALYZING" })).toBe(PROCESSING_REFETCH_MS);
    expect(intervalOf(options, { status: "CNH_EXTRACT" })).toBe(PROCESSING_REFETCH_MS);
    expect(intervalOf(options, { status: "COMPLETED" })).toBe(false);
    expect(intervalOf(options, { status: "ANALYZING" }, "error")).toBe(false);
  });
});
