import "server-only";
import { apiFetch } from "./client";

// Decisions on a verification (v2 feedback): POST /api/v2/verifications/{id}/feedbacks creates
// one; GET lists them newest first (beyond the spec).

export type DecisionStatus = "APPROVED" | "REPROVED" | "STANDBY" | "WAIVED";

export interface FeedbackRecord {
  id: string;
  verificationId: string;
  status: DecisionStatus;
  comment: string | null;
  reasons: string[];
  userId: string;
  createdAt: string;
  [key: string]: unknown;
}

const path = (id: string) => `/api/v2/verifications/${encodeURIComponent(id)}/feedbacks`;

export function createFeedback(
  token: string,
  id: string,
  body: { status: DecisionStatus; comment?: string; reasons?: string[]; acknowledgedFlags?: string[] },
) {
  return apiFetch<FeedbackRecord>(path(id), { method: "POST", token, body });
}

export async function listFeedbacks(token: string, id: string, signal?: AbortSignal): Promise<FeedbackRecord[]> {
  const body = await apiFetch<unknown>(path(id), { token, query: { limit: 100 }, signal });
  if (Array.isArray(body)) return body as FeedbackRecord[];
  const bag = body as { feedbacks?: FeedbackRecord[]; items?: FeedbackRecord[] } | null;
  return bag?.feedbacks ?? bag?.items ?? [];
}
