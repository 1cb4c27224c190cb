// The v2 verification record: engine shape when created with a scoring profile, legacy-flow
// shape (`verification` object, version v4) when created without one (spec 2.3).
import type { verifications } from "../../db/schema";

export type VerificationRow = typeof verifications.$inferSelect;

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

export function toRecord(row: VerificationRow): Record<string, unknown> {
  const config = row.config as Record<string, unknown>;
  const dossierKey = row.entity === "company" ? "business" : "person";
  const common = {
    id: row.id,
    workspaceId: row.workspaceId,
    userId: row.userId,
    nationalId: row.nationalId,
    name: row.name,
    status: row.status,
  };
  if (!row.profileId) {
    return {
      ...common,
      verification: {
        type: (config.type as string | undefined) ?? "default",
        finance: config.finance ?? {},
        result: row.result,
        [dossierKey]: row.dossier ?? {},
        version: "v4",
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      },
      ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    };
  }
  return {
    ...common,
    profileId: row.profileId,
    verifications: {
      entity: row.entity,
      ia: config.ia ?? { resume: false },
      finance: config.finance ?? {},
      faceRecognition: config.faceRecognition ?? null,
      cnh: config.cnh ?? null,
      source: config.source ?? "API",
      profileId: row.profileId,
    },
    result: row.result,
    callback: row.callback ? { url: row.callback.url, method: row.callback.method ?? "POST" } : null,
    [dossierKey]: row.dossier ?? {},
    version: "v5",
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
