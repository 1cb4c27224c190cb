import type { VerificationRecord, VerificationResult } from "@/lib/api/types";
import { isLegacyVerification } from "@/lib/contract/v2";
import type { BusinessDossier, PersonDossier } from "@/lib/contract/dossier";
import { readDossier } from "@/lib/contract/dossier-read";
import { toDocumentView } from "./document-view";
import { latestDecisionOf } from "./latest-decision";
import { relatedPartyByKey, toDossier } from "./to-dossier";
import { toVision } from "./to-vision";
import { toCompanyProfile, toPersonProfile } from "./to-profiles";
import { text } from "./text";
import type { ResultView, VerificationDetail } from "./view-models";

// The verification page's view model, from an engine-shape or a legacy-shape record.

function toResult(result: VerificationResult | null | undefined): ResultView | null {
  if (!result) return null;
  return {
    score: result.score ?? null,
    scoreFactor: result.scoreFactor ?? null,
    rules: result.rules ?? [],
    distribution: (result.scoreDistribution ?? []).filter((item) => item.module),
    durationMs: result.execution?.durationMs ?? null,
    startedAt: text(result.execution?.startedAt),
    endedAt: text(result.execution?.endedAt),
    relatedCount: result.relatedCount ?? null,
    cachedModules: (result.execution?.cachedModules ?? []).map((c) => ({ module: c.module, fetchedAt: c.fetchedAt })),
  };
}

interface Sections {
  person: PersonDossier | undefined;
  business: BusinessDossier | undefined;
}

function entityOf(record: VerificationRecord, sections: Sections): "person" | "company" | null {
  if (!isLegacyVerification(record)) return record.verifications.entity;
  if (sections.business) return "company";
  if (sections.person) return "person";
  const length = record.nationalId.replace(/[^0-9A-Za-z]/g, "").length;
  return length === 14 ? "company" : length === 11 ? "person" : null;
}

/** The blocks the dossier is read from: the holder's section, and a legacy record's own blocks. */
function dossierSources(record: VerificationRecord): Parameters<typeof toDossier> {
  const legacy = isLegacyVerification(record) ? record.verification : null;
  const engine = isLegacyVerification(record) ? null : record;
  const sections: Sections = { person: engine?.person ?? legacy?.person, business: engine?.business ?? legacy?.business };
  return [
    (sections.person ?? sections.business ?? null) as Parameters<typeof toDossier>[0],
    legacy?.finance ? (legacy as Parameters<typeof toDossier>[1]) : null,
  ];
}

/** One related party of the case with its full document (server side only: the related-party lookup). */
export function relatedPartyOf(record: VerificationRecord, key: string) {
  return relatedPartyByKey(...dossierSources(record), key);
}

export function toDetail(record: VerificationRecord): VerificationDetail {
  const legacy = isLegacyVerification(record) ? record.verification : null;
  const engine = isLegacyVerification(record) ? null : record;
  const sections: Sections = { person: engine?.person ?? legacy?.person, business: engine?.business ?? legacy?.business };
  const person = readDossier(sections.person).profile;
  const company = readDossier(sections.business).profile;
  return {
    id: record.id,
    status: record.status,
    name: text(record.name),
    document: toDocumentView(record.nationalId),
    entity: entityOf(record, sections),
    flow: legacy && !engine ? "legacy" : "engine",
    profileId: text(engine?.profileId),
    createdAt: text(engine?.createdAt ?? legacy?.createdAt),
    updatedAt: text(engine?.updatedAt ?? legacy?.updatedAt),
    failureReason: text(record.failureReason),
    result: toResult(engine ? engine.result : legacy?.result),
    person: person?.kind === "person" ? toPersonProfile(person) : null,
    company: company?.kind === "company" ? toCompanyProfile(company) : null,
    dossier: toDossier(...dossierSources(record)),
    vision: toVision(
      (sections.person ?? null) as Parameters<typeof toVision>[0],
      (engine?.verifications ?? null) as Parameters<typeof toVision>[1],
    ),
    decision: latestDecisionOf(record),
  };
}
