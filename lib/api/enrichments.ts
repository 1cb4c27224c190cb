import "server-only";
import { apiExchange, apiFetch } from "./client";
import type {
  ApiBatchResponse,
  ApiEnrichment,
  ApiEnrichmentList,
  ApiNetwork,
  ApiNetworkNodeLawsuits,
  ApiProfile,
  ApiUsage,
} from "@/lib/enrichments/api-types";

// v3 routes used by the console (enrichments, profiles, batch, network, usage) and the v2
// network of a verification (beyond the spec).

export interface EnrichmentListQuery {
  cursor?: string;
  limit?: number;
  from?: string;
  to?: string;
  document?: string;
  profileId?: string;
  batchId?: string;
}

export function listEnrichments(token: string, query: EnrichmentListQuery, signal?: AbortSignal) {
  return apiFetch<ApiEnrichmentList>("/api/v3/enrichments", { token, query: { ...query }, signal });
}

/** The enrichment with its module data, and the seconds the API asks to wait before reading again. */
export async function getEnrichment(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ enrichment: ApiEnrichment; retryAfter: number | null }> {
  const answer = await apiExchange<ApiEnrichment>(`/api/v3/enrichments/${encodeURIComponent(id)}`, {
    token,
    query: { include: "data" },
    signal,
  });
  const header = Number(answer.headers.get("retry-after"));
  return { enrichment: answer.body, retryAfter: Number.isFinite(header) && header > 0 ? header : null };
}

export function getEnrichmentRoot(token: string, id: string, signal?: AbortSignal) {
  return apiFetch<ApiEnrichment>(`/api/v3/enrichments/${encodeURIComponent(id)}`, { token, signal });
}

export interface CreateEnrichmentBody {
  document: string;
  profileId: string;
  metadata?: Record<string, string>;
  options?: { deadline?: string };
}

/** POST with the synchronous wait (up to 25 s): 200 with the finished enrichment, or 202 {id, status}. */
export function createEnrichment(token: string, body: CreateEnrichmentBody, idempotencyKey: string, timeoutMs = 35_000) {
  return apiExchange<ApiEnrichment | { id: string; status: string }>("/api/v3/enrichments", {
    method: "POST",
    token,
    body,
    timeoutMs,
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function createBatch(
  token: string,
  body: { profileId: string; items: { document: string; metadata?: Record<string, string> }[] },
  idempotencyKey: string,
) {
  return apiFetch<ApiBatchResponse>("/api/v3/enrichments/batch", {
    method: "POST",
    token,
    body,
    timeoutMs: 60_000,
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function listProfiles(token: string, kind: "enrichment" | "verification", signal?: AbortSignal) {
  return apiFetch<{ items: ApiProfile[] }>("/api/v3/profiles", { token, query: { kind }, signal });
}

/** One profile of the workspace (or a global one); 404 profile_not_found for an unknown or inactive one. */
export function getProfile(token: string, id: string, signal?: AbortSignal) {
  return apiFetch<ApiProfile>(`/api/v3/profiles/${encodeURIComponent(id)}`, { token, signal });
}

export function getUsage(token: string, from: string, to: string, signal?: AbortSignal) {
  return apiFetch<ApiUsage>("/api/v3/usage", { token, query: { from, to }, signal });
}

export type NetworkOwner = { kind: "enrichment"; id: string } | { kind: "verification"; id: string };

function networkPath(owner: NetworkOwner): string {
  const id = encodeURIComponent(owner.id);
  return owner.kind === "enrichment" ? `/api/v3/enrichments/${id}/modules/lawsuits/network` : `/api/v2/verifications/${id}/network`;
}

export function getNetwork(token: string, owner: NetworkOwner, signal?: AbortSignal) {
  return apiFetch<ApiNetwork>(networkPath(owner), { token, signal, timeoutMs: 60_000 });
}

export function getNetworkNode(token: string, owner: NetworkOwner, ref: string, signal?: AbortSignal) {
  return apiFetch<ApiNetworkNodeLawsuits>(`${networkPath(owner)}/nodes/${encodeURIComponent(ref)}`, { token, signal });
}
