import "server-only";
import { apiBaseUrl, buildQuery } from "./client";
import { ApiError, toApiError } from "./errors";
import { REVIEW_PATH } from "./review";

// The workspace's audit trail as CSV (GET /api/review/v1/audit-events.csv), streamed: the
// timeout covers the wait for the answer's headers only, never the (possibly long) body.

export type AuditQuery = Record<string, string | undefined>;

export async function fetchAuditCsv(token: string, query: AuditQuery, signal?: AbortSignal): Promise<Response> {
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(new DOMException("timed out", "TimeoutError")), 30_000);
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${REVIEW_PATH}/audit-events.csv${buildQuery(query)}`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/csv" },
      signal: signal ? AbortSignal.any([signal, headersTimeout.signal]) : headersTimeout.signal,
      cache: "no-store",
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    throw ApiError.unavailable(`API ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    throw toApiError(response.status, parsed, response.headers);
  }
  return response;
}
