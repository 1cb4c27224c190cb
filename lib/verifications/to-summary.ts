import type { VerificationListResponse, VerificationRecord } from "@/lib/api/types";
import { isLegacyVerification } from "@/lib/contract/v2";
import { documentKind, maskedDocument } from "./document-view";
import { text } from "./text";
import { latestDecisionOf } from "./latest-decision";
import type { VerificationPage, VerificationSummary } from "./view-models";

// List rows for the browser: only what the table shows, the document already masked.

export function scoreOf(record: VerificationRecord): number | null {
  const result = isLegacyVerification(record) ? record.verification.result : record.result;
  return result?.score ?? null;
}

export function toSummary(record: VerificationRecord): VerificationSummary {
  const dates = isLegacyVerification(record) ? record.verification : record;
  return {
    id: record.id,
    name: text(record.name),
    document: maskedDocument(record.nationalId) ?? "—",
    documentKind: record.nationalId ? documentKind(record.nationalId) : null,
    status: record.status,
    score: scoreOf(record),
    decision: latestDecisionOf(record),
    createdAt: text(dates.createdAt),
    updatedAt: text(dates.updatedAt),
  };
}

export function toVerificationPage(response: VerificationListResponse): VerificationPage {
  return {
    items: response.verifications.map(toSummary),
    page: response.page,
    limit: response.limit,
    total: response.total,
  };
}
