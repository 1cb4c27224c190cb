import "server-only";
import { ApiError, toApiError } from "./errors";

// Typed fetch client of the service's HTTP API. Only the BFF (route handlers, server components,
// proxy.ts, next-auth) calls it; the access token never leaves the server.

export function apiBaseUrl(): string {
  return (process.env.LUPA_API_URL ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Bearer access token; omitted only for the authentication routes. */
  token?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned (default 15 s). */
  timeoutMs?: number;
  /** Extra request headers (for example Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Calls the API and returns the parsed JSON body; throws ApiError on any failure. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiExchange<T>(path, request)).body;
}

/**
 * A 503 that asks to repeat within this many seconds (Retry-After) is repeated once by the BFF: the
 * service's admission control answers so before it starts a request (nothing done, safe to repeat;
 * docs/decisions.md, "Admission control"), and its queue drains in about a second.
 */
export const BUSY_RETRY_MAX_SECONDS = 2;

/** Like apiFetch, with the status and headers of the answer (202 vs 200, Retry-After). */
export async function apiExchange<T>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  try {
    return await exchangeOnce<T>(path, request);
  } catch (error) {
    const wait = error instanceof ApiError && error.status === 503 ? error.retryAfter : null;
    if (wait === null || wait > BUSY_RETRY_MAX_SECONDS || request.signal?.aborted) throw error;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return exchangeOnce<T>(path, request);
  }
}

async function exchangeOnce<T>(path: string, request: ApiRequest): Promise<ApiAnswer<T>> {
  const { method = "GET", token, query, body, signal, timeoutMs = 15_000 } = request;
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}${buildQuery(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      cache: "no-store",
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    throw ApiError.unavailable(`API ${reason}`);
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.ok) throw ApiError.unavailable("API answered a body that is not JSON");
    }
  }
  if (!response.ok) {
    const failure = toApiError(response.status, parsed, response.headers);
    const retryAfter = Number(response.headers.get("retry-after"));
    if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfter = retryAfter;
    throw failure;
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}
