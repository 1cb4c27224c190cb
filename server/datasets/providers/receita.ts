// The registry provider ("receita"): company-profile and company-related, versions 1.0 and 2.0,
// answered from the live release of the Receita Federal's CNPJ open data (server/registry/),
// chosen per dataset with LUPA_PROVIDERS (providers/index.ts). A CNPJ the release does not hold
// is not_found (the enrichment ends subject_not_found, as the sandbox's unknown documents do);
// with no release loaded yet every question is a permanent failure `registry_not_loaded`.
import { normalizeDocument } from "../../../lib/contract/documents";
import type { Database } from "../../db/client";
import { companyFacts, linkedCompanies, profileRow } from "../../registry/lookup";
import type { LiveRelease, RegistryState } from "../../registry/live";
import { sanctionsInForce, type SanctionQuery } from "../../registry/sanctions";
import type { DataSource } from "../formats/company-profile";
import { DATASET_VERSIONS, type DatasetProvider, type FetchRequest, type FetchResult } from "../types";
import { registryProfile } from "./receita-profile";
import { registryRelated } from "./receita-related";
import { PARTNER_COMPANY } from "./receita-codes";
import { RECEITA_DATASETS } from "./choices";

const SOURCE_NAME = "Receita Federal – Dados Abertos CNPJ";

/** undefined_table, invalid_schema_name: the schema was dropped after a swap this process had not heard of. */
const GONE = new Set(["42P01", "3F000"]);

export function createReceitaProvider(database: Database, state: RegistryState): DatasetProvider {
  const query = database.query;
  const db = database.db;

  async function answer(request: FetchRequest, cnpj: string, live: LiveRelease): Promise<FetchResult> {
    const source: DataSource = { provider: "receita", name: SOURCE_NAME, release: live.release, liveAt: live.liveAt };
    const from = { provider: "receita", release: live.release };
    const holder = await profileRow(db, live.schema, cnpj);
    if (!holder) return { kind: "not_found", source: from };
    if (request.module === "profile") return { kind: "ok", data: registryProfile(request.version, holder, source), source: from };
    const linked = await linkedCompanies(db, live.schema, cnpj);
    const companyDocs = [
      ...holder.partners.filter((p) => p.kind === PARTNER_COMPANY && p.document).map((p) => p.document!),
      ...linked.map((l) => l.cnpj).filter((c): c is string => c !== null),
    ];
    const facts = await companyFacts(db, live.schema, [...new Set(companyDocs)]);
    const parties: SanctionQuery[] = [
      ...holder.partners.map((p) => ({ document: p.document ?? "", name: p.name })),
      ...holder.partners.map((p) => ({ document: p.representative_document ?? "", name: p.representative_name })),
      ...linked.filter((l) => l.cnpj).map((l) => ({ document: l.cnpj!, name: l.name })),
    ].filter((p) => p.document);
    const inForce = (await state.sanctionsLoaded()) ? await sanctionsInForce(query, parties) : new Map();
    const listed = new Set([...inForce.keys()].map((i) => `${parties[i]!.document}\u0000${parties[i]!.name ?? ""}`));
    const data = registryRelated(
      request.version,
      { holder, linked, facts, listed: (document, name) => listed.has(`${document}\u0000${name}`) },
      source,
    );
    return { kind: "ok", data, source: from };
  }

  return {
    name: "receita",
    async fetch(request: FetchRequest): Promise<FetchResult> {
      const versions = DATASET_VERSIONS[request.module]?.[request.entity] ?? [];
      const key = `${request.entity}-${request.module}`;
      if (!(RECEITA_DATASETS as readonly string[]).includes(key) || !versions.includes(request.version)) {
        return { kind: "permanent_failure", reason: "dataset_not_available" };
      }
      const normalized = normalizeDocument(request.document);
      if (!normalized || normalized.entity !== "company") return { kind: "permanent_failure", reason: "invalid_document" };
      request.signal?.throwIfAborted();
      for (let attempt = 0; ; attempt++) {
        try {
          const live = await state.live();
          if (!live) return { kind: "permanent_failure", reason: "registry_not_loaded" };
          return await answer(request, normalized.value, live);
        } catch (error) {
          // drizzle wraps the database's error: its code is on the cause
          const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
          if (code && GONE.has(code) && attempt === 0) {
            state.invalidate();
            continue;
          }
          return { kind: "temporary_failure", reason: "registry_unavailable" };
        }
      }
    },
  };
}
