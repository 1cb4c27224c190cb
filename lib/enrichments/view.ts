// What the enrichment pages show, built by the BFF from the v3 answers. Documents reach the
// browser masked only: the list's and the detail's subject, and every CPF and CNPJ in the module
// data and metadata (mask-data.ts). The full subject document is an audited reveal
// (POST /bff/enrichments/:id/reveal).
import type { ModuleSourceView } from "@/lib/contract/source-labels";
import { maskedDocument, toDocumentView } from "@/lib/verifications/document-view";
import type { DocumentView } from "@/lib/verifications/view-models";
import type { ApiEnrichment, ApiEnrichmentSummary } from "./api-types";
import { maskDocumentsDeep } from "./mask-data";

export interface ModuleView {
  name: string;
  dataset: string;
  status: "pending" | "retrying" | "ok" | "failed";
  nextAttemptAt: string | null;
  /** When the source gave the answer this module reused from the dataset cache; null: asked now. */
  cachedAt: string | null;
}

export interface EnrichmentRow {
  id: string;
  status: string;
  outcome: string | null;
  entity: string;
  /** Masked: 123.***.***-09. */
  document: string;
  profileName: string;
  profileId: string;
  lane: string;
  batchId: string | null;
  createdAt: string;
  completedAt: string | null;
  recoveryRound: number;
  /** null when the module states could not be read for this row. */
  modules: ModuleView[] | null;
}

export interface EnrichmentPage {
  items: EnrichmentRow[];
  nextCursor: string | null;
  /** API pages read to fill this page (status is filtered by the BFF; the v3 list has no status filter). */
  scanned: number;
}

export interface EnrichmentDetail extends Omit<EnrichmentRow, "modules" | "document"> {
  /** The subject's document, masked; the full one through "Mostrar documento completo". */
  document: DocumentView;
  modules: ModuleView[];
  metadata: Record<string, unknown>;
  nextRetryAt: string | null;
  deadline: string | null;
  failureReason: string | null;
  /** Each module's data, with every CPF and CNPJ masked. */
  data: Record<string, Record<string, unknown>>;
  /** Seconds the API asked to wait before reading again (while not terminal). */
  retryAfter: number | null;
  /** Where each module's data came from (review API); null: not known, nothing is said. */
  sources?: ModuleSourceView[] | null;
}

export function toModules(modules: ApiEnrichment["modules"]): ModuleView[] {
  return Object.entries(modules).map(([name, m]) => ({
    name,
    dataset: m.dataset,
    status: m.status,
    nextAttemptAt: m.nextAttemptAt ?? null,
    cachedAt: m.cache?.fetchedAt ?? null,
  }));
}

export function toRow(e: ApiEnrichmentSummary, modules: ApiEnrichment["modules"] | null): EnrichmentRow {
  return {
    id: e.id,
    status: e.status,
    outcome: e.outcome,
    entity: e.entity,
    document: maskedDocument(e.document) ?? "",
    profileName: e.profile.name,
    profileId: e.profile.id,
    lane: e.lane,
    batchId: e.batchId ?? null,
    createdAt: e.createdAt,
    completedAt: e.completedAt,
    recoveryRound: e.recoveryRound,
    modules: modules ? toModules(modules) : null,
  };
}

export function toDetail(e: ApiEnrichment, retryAfter: number | null): EnrichmentDetail {
  return {
    ...toRow(e, e.modules),
    document: toDocumentView(e.document) ?? { kind: null, masked: "" },
    modules: toModules(e.modules),
    metadata: maskDocumentsDeep(e.metadata ?? {}),
    nextRetryAt: e.nextRetryAt ?? null,
    deadline: e.deadline ?? null,
    failureReason: e.failureReason ?? null,
    data: maskDocumentsDeep(e.data ?? {}),
    retryAfter,
  };
}
