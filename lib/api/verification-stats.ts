import "server-only";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import { apiFetch } from "./client";

// GET /api/v2/verifications/stats (beyond the spec): the overview's figures.
export function getVerificationStats(token: string, range: { from?: string; to?: string }, signal?: AbortSignal) {
  return apiFetch<VerificationStats>("/api/v2/verifications/stats", { token, query: range, signal });
}
