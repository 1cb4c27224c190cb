import "server-only";
import type { AiSummary } from "@/lib/contract/ai-summary";
import { apiBaseUrl, apiExchange, apiFetch } from "./client";
import { ApiError, toApiError } from "./errors";
import type { VerificationListQuery, VerificationListResponse, VerificationRecord } from "./types";

// v2 verification routes used by the console.

export function listVerifications(token: string, query: VerificationListQuery, signal?: AbortSignal) {
  return apiFetch<VerificationListResponse>("/api/v2/verifications", { token, query: { ...query }, signal });
}

/** POST /api/v2/verifications: a new verification of the document (the profile's modules), 201 with its record. */
export function createVerification(token: string, body: { nationalId: string; profileId?: string }, signal?: AbortSignal) {
  return apiFetch<VerificationRecord>("/api/v2/verifications", {
    method: "POST",
    token,
    body: { nationalId: body.nationalId, verifications: {}, ...(body.profileId ? { profileId: body.profileId } : {}) },
    signal,
  });
}

export function getVerification(token: string, id: string, signal?: AbortSignal) {
  return apiFetch<VerificationRecord>(`/api/v2/verifications/${encodeURIComponent(id)}`, { token, signal });
}

/**
 * GET /api/v2/verifications/:id/ai-summary. `make: false` only reads: null when a summary could be
 * made but was not made yet (204). Otherwise the service makes and stores one on the first call
 * (verifications:write), which may take the model's whole timeout.
 */
export async function getAiSummary(token: string, id: string, options: { make: boolean; signal?: AbortSignal }) {
  const answer = await apiExchange<AiSummary | undefined>(`/api/v2/verifications/${encodeURIComponent(id)}/ai-summary`, {
    token,
    query: options.make ? undefined : { make: "false" },
    signal: options.signal,
    timeoutMs: options.make ? 45_000 : 15_000,
  });
  return answer.status === 204 || !answer.body ? null : answer.body;
}

/** GET /api/v2/verifications/:id/pdf as the service answers it, to be streamed (ApiError when it fails). */
export async function fetchVerificationPdf(token: string, id: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/api/v2/verifications/${encodeURIComponent(id)}/pdf`, {
      headers: { accept: "application/pdf", authorization: `Bearer ${token}` },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
      cache: "no-store",
    });
  } catch {
    throw ApiError.unavailable("API unreachable");
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body);
  }
  return response;
}
