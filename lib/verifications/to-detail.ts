import type { VerificationRecord, VerificationResult } from "@/lib/api/types";
import { list, num, obj, str } from "./read";
import { toDocumentView } from "./document-view";
import { latestDecisionOf } from "./latest-decision";
import { toDossier } from "./to-dossier";
import { toCompanyProfile, toPersonProfile } from "./to-profiles";
import type { ResultView, VerificationDetail } from "./view-models";

// The verification page's view model, from an engine-shape or a legacy-shape record.

function toResult(result: VerificationResult | null | undefined): ResultView | null {
  const value = obj(result);
  if (!value) return null;
  const execution = obj(value.execution);
  return {
    score: num(value.score),
    scoreFactor: num(value.scoreFactor),
    rules: list(value.rules).map(str).filter((x): x is string => x !== null),
    distribution: list(value.scoreDistribution)
      .map((item) => ({ module: str(obj(item)?.module) ?? "", percent: num(obj(item)?.percent) ?? 0 }))
      .filter((item) => item.module),
    durationMs: num(execution?.durationMs),
    startedAt: str(execution?.startedAt),
    endedAt: str(execution?.endedAt),
    relatedCount: num(value.relatedCount),
  };
}

function entityOf(record: VerificationRecord, nationalId: string | null): "person" | "company" | null {
  const entity = str(record.verifications?.entity)?.toLowerCase();
  if (entity === "person" || entity === "company") return entity;
  if (record.business || record.verification?.business) return "company";
  if (record.person || record.verification?.person) return "person";
  const length = nationalId?.replace(/[^0-9A-Za-z]/g, "").length;
  return length === 14 ? "company" : length === 11 ? "person" : null;
}

export function toDetail(record: VerificationRecord): VerificationDetail {
  const legacy = obj(record.verification);
  const nationalId = str(record.nationalId);
  const person = obj(record.person) ?? obj(legacy?.person);
  const business = obj(record.business) ?? obj(legacy?.business);
  return {
    id: record.id,
    status: str(record.status) ?? "CREATED",
    name: str(record.name),
    document: toDocumentView(nationalId),
    entity: entityOf(record, nationalId),
    flow: legacy && !record.result ? "legacy" : "engine",
    profileId: str(record.profileId),
    createdAt: str(record.createdAt ?? legacy?.createdAt),
    updatedAt: str(record.updatedAt ?? legacy?.updatedAt),
    failureReason: str(record.failureReason),
    result: toResult(record.result ?? (legacy?.result as VerificationResult | undefined)),
    person: toPersonProfile(person?.profile),
    company: toCompanyProfile(business?.profile),
    dossier: toDossier(person ?? business, obj(legacy?.finance) ? legacy : null),
    decision: latestDecisionOf(record),
  };
}
