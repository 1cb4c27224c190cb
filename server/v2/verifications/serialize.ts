// The v2 verification record: engine shape when created with a scoring profile, legacy-flow
// shape (`verification` object, version v4) when created without one (spec 2.3). The shapes are
// declared in lib/contract/v2.ts.
import type { verifications } from "../../db/schema";
import type {
  BusinessDossier,
  EngineVerification,
  Entity,
  LegacyVerification,
  PersonDossier,
  V2Status,
  VerificationRecord,
  VerificationResult,
} from "../../../lib/contract";

export type VerificationRow = typeof verifications.$inferSelect;

/** The columns the record shows (and the GET by id reads: queries.ts, getVerificationRecord). */
export const RECORD_COLUMNS = [
  "id",
  "workspaceId",
  "userId",
  "nationalId",
  "name",
  "status",
  "profileId",
  "entity",
  "config",
  "result",
  "callback",
  "dossier",
  "failureReason",
  "createdAt",
  "updatedAt",
  "feedbackStatus",
] as const satisfies readonly (keyof VerificationRow)[];
export type RecordRow = Pick<VerificationRow, (typeof RECORD_COLUMNS)[number]>;

function iso(d: Date): string {
  return d.toISOString();
}

type Config = Record<string, unknown>;

/** The dossier under its key: `business` for a CNPJ, `person` for a CPF. */
function dossierOf(row: RecordRow): { person: PersonDossier } | { business: BusinessDossier } {
  const dossier = row.dossier ?? {};
  return row.entity === "company" ? { business: dossier as BusinessDossier } : { person: dossier as PersonDossier };
}

export function toRecord(row: RecordRow): VerificationRecord {
  const config = row.config as Config;
  const common = {
    id: row.id,
    workspaceId: row.workspaceId,
    userId: row.userId,
    nationalId: row.nationalId,
    name: row.name,
    status: row.status as V2Status,
  };
  const result = row.result as VerificationResult | null;
  if (!row.profileId) {
    const legacy: LegacyVerification = {
      ...common,
      verification: {
        type: (config.type as string | undefined) ?? "default",
        finance: (config.finance as Config | undefined) ?? {},
        result,
        ...dossierOf(row),
        version: "v4",
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      },
      ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    };
    return legacy;
  }
  const engine: EngineVerification = {
    ...common,
    profileId: row.profileId,
    verifications: {
      entity: row.entity as Entity,
      ia: (config.ia as Config | undefined) ?? { resume: false },
      finance: (config.finance as Config | undefined) ?? {},
      faceRecognition: (config.faceRecognition as Config | undefined) ?? null,
      cnh: (config.cnh as Config | undefined) ?? null,
      source: (config.source as string | undefined) ?? "API",
      profileId: row.profileId,
    },
    result,
    callback: row.callback ? { url: row.callback.url as string, method: (row.callback.method as string | undefined) ?? "POST" } : null,
    ...dossierOf(row),
    version: "v5",
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  return engine;
}
