import "server-only";
import { apiFetch } from "./client";
import type { VerificationListQuery, VerificationListResponse, VerificationRecord } from "./types";

// v2 verification routes used by the console.

export function listVerifications(token: string, query: VerificationListQuery, signal?: AbortSignal) {
  return apiFetch<VerificationListResponse>("/api/v2/verifications", { token, query: { ...query }, signal });
}

export function getVerification(token: string, id: string, signal?: AbortSignal) {
  return apiFetch<VerificationRecord>(`/api/v2/verifications/${encodeURIComponent(id)}`, { token, signal });
}
