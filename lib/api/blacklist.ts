import "server-only";
import type { BlacklistEntry, BlacklistImportResult, BlacklistList } from "@/lib/contract";
import { apiBaseUrl, apiFetch, buildQuery } from "./client";
import { ApiError, toApiError } from "./errors";

// The workspace's restrictive list (v2 blacklist, docs/decisions.md "v2 restrictive list"). Every
// route needs the caller's workspaceId; the BFF reads it from the session's access token. The CSV
// import and export do not speak JSON, so they go through `csvFetch` here.

const BASE = "/api/v2/blacklist";

export function listBlacklist(
  token: string,
  workspaceId: string,
  query: { page?: number; limit?: number; search?: string },
  signal?: AbortSignal,
): Promise<BlacklistList> {
  return apiFetch<BlacklistList>(BASE, { token, query: { workspaceId, ...query }, signal });
}

export function addBlacklistEntry(
  token: string,
  workspaceId: string,
  body: { nationalId: string; reason: string; name?: string; expiresAt?: string },
): Promise<BlacklistEntry> {
  return apiFetch<BlacklistEntry>(BASE, { method: "POST", token, query: { workspaceId }, body });
}

export async function removeBlacklistEntry(token: string, workspaceId: string, nationalId: string, reason?: string): Promise<void> {
  await apiFetch<null>(`${BASE}/${encodeURIComponent(nationalId)}`, { method: "DELETE", token, query: { workspaceId, reason } });
}

/** Sends the CSV as text and answers the per-line report. Processing 10,000 lines takes a while. */
export async function importBlacklistCsv(
  token: string,
  workspaceId: string,
  csv: string,
  signal?: AbortSignal,
): Promise<BlacklistImportResult> {
  const response = await csvFetch(`${BASE}/import${buildQuery({ workspaceId })}`, {
    method: "POST",
    token,
    body: csv,
    signal,
    timeoutMs: 120_000,
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as BlacklistImportResult;
  } catch {
    throw ApiError.unavailable("API answered a body that is not JSON");
  }
}

/** The export as the API answers it; the caller streams its body on. */
export function exportBlacklistCsv(token: string, workspaceId: string, signal?: AbortSignal): Promise<Response> {
  return csvFetch(`${BASE}/export${buildQuery({ workspaceId })}`, { method: "GET", token, signal, timeoutMs: 60_000 });
}

async function csvFetch(
  pathAndQuery: string,
  init: { method: "GET" | "POST"; token: string; body?: string; signal?: AbortSignal; timeoutMs: number },
): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${pathAndQuery}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${init.token}`,
        accept: init.method === "GET" ? "text/csv" : "application/json",
        ...(init.body !== undefined ? { "content-type": "text/csv; charset=utf-8" } : {}),
      },
      body: init.body,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      cache: "no-store",
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    throw ApiError.unavailable(`API ${reason}`);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    throw toApiError(response.status, parsed, response.headers);
  }
  return response;
}
