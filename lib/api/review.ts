import "server-only";
import type { Capabilities } from "@/lib/contract/review";
import { apiExchange, apiFetch, type ApiAnswer, type ApiRequest } from "./client";
import { ApiError } from "./errors";

// The review API (`/api/review/v1`, ours, beyond the interface): team queues, assignment, reasons,
// four-eyes, notes, reveal, audit. A deployment of the bare interface has none of it: the console
// asks `capabilities` and hides every team feature when it answers 404.

export const REVIEW_PATH = "/api/review/v1";

/** Calls a review route (`path` after the prefix) and returns its parsed JSON body. */
export function reviewFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return apiFetch<T>(`${REVIEW_PATH}${path}`, request);
}

/** Like reviewFetch, with the status and headers (204 from `next`, 201 from a note). */
export function reviewExchange<T>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  return apiExchange<T>(`${REVIEW_PATH}${path}`, request);
}

/**
 * What the API offers this caller, or null when it has no review API (a bare deployment of the
 * interface answers 404) or could not say (unreachable): team features hide.
 */
export async function getCapabilities(token: string, signal?: AbortSignal): Promise<Capabilities | null> {
  try {
    return await reviewFetch<Capabilities>("/capabilities", { token, signal, timeoutMs: 5_000 });
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
