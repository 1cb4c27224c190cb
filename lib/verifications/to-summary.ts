import type { VerificationListResponse, VerificationRecord } from "@/lib/api/types";
import { num, str } from "./read";
import { documentKind, maskedDocument } from "./document-view";
import { latestDecisionOf } from "./latest-decision";
import type { VerificationPage, VerificationSummary } from "./view-models";

// List rows for the browser: only what the table shows, the document already masked.

export function scoreOf(record: VerificationRecord): number | null {
  return num(record.result?.score ?? record.verification?.result?.score);
}

export function toSummary(record: VerificationRecord): VerificationSummary {
  const nationalId = str(record.nationalId);
  return {
    id: record.id,
    name: str(record.name),
    document: maskedDocument(nationalId) ?? "—",
    documentKind: nationalId ? documentKind(nationalId) : null,
    status: str(record.status) ?? "CREATED",
    score: scoreOf(record),
    decision: latestDecisionOf(record),
    createdAt: str(record.createdAt ?? record.verification?.createdAt),
    updatedAt: str(record.updatedAt ?? record.verification?.updatedAt),
  };
}

export function toVerificationPage(response: VerificationListResponse): VerificationPage {
  return {
    items: (Array.isArray(response.verifications) ? response.verifications : []).map(toSummary),
    page: num(response.page) ?? 1,
    limit: num(response.limit) ?? 10,
    total: num(response.total) ?? 0,
  };
}
