// The service's restrictive list fed by the federal sanctions lists (CEIS, CNEP: imported with
// `npm run admin -- import-sanctions`, server/registry/sanctions.ts): every profile answer, of
// any provider, person or company, gains the sanctions in force for its document. A listed CPF
// or CNPJ then shows `blacklisted.service: true` in the dossier with `serviceType` naming the
// list, the rule `listed_on_service_restrictive_list` fires and is scored as that rule is. A
// sanction whose end date has passed does not count. Nothing changes while no list is imported.
import type { Database } from "../../db/client";
import type { RegistryState } from "../../registry/live";
import { sanctionsInForce, type Sanction } from "../../registry/sanctions";
import type { ServiceSanctionV1 } from "../formats/company-profile";
import type { DatasetProvider, FetchResult, ModuleData } from "../types";
import { brDate } from "./receita-codes";

export const SERVICE_LIST_RULE = "listed_on_service_restrictive_list";

type Block = Record<string, unknown>;

/** The holder's name in any profile version (used with a masked CPF). */
function holderName(block: Block): string | null {
  const name = block.name;
  if (typeof name === "string") return name;
  if (name && typeof name === "object" && typeof (name as Block).full === "string") return (name as Block).full as string;
  for (const key of ["nome", "razaoSocial"]) if (typeof block[key] === "string") return block[key] as string;
  return null;
}

const legacy = (s: Sanction): ServiceSanctionV1 => ({
  cadastro: s.list,
  sancao: s.sanction,
  orgao: s.agency,
  uf: s.agencyState ?? "",
  inicio: brDate(s.startedAt),
  fim: brDate(s.endsAt),
});

/** The profile data with the sanctions in force: listed, their lists as the type, the earliest start. */
export function withSanctions(data: ModuleData, sanctions: Sanction[]): ModuleData {
  const block = { ...((data as Block).profile as Block) };
  const lists = [...new Set(sanctions.map((s) => s.list))].join(", ");
  const since =
    sanctions
      .map((s) => s.startedAt)
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null;
  if (data.dataset.endsWith("-1.0")) {
    const before = (block.listaRestritiva as Block | undefined) ?? {};
    const type = before.servico === true && before.tipo ? `${before.tipo as string}, ${lists}` : lists;
    block.listaRestritiva = { ...before, servico: true, tipo: type, sancoes: sanctions.map(legacy) };
  } else {
    const lists2 = (block.restrictiveLists as Block | undefined) ?? {};
    const before = (lists2.service as Block | undefined) ?? {};
    const type = before.listed === true && before.type ? `${before.type as string}, ${lists}` : lists;
    block.restrictiveLists = { ...lists2, service: { listed: true, type, since: (before.since as string | null) ?? since, sanctions } };
  }
  const rules = data.rules.some((r) => r.rule === SERVICE_LIST_RULE)
    ? data.rules.map((r) => (r.rule === SERVICE_LIST_RULE ? { ...r, fired: true } : r))
    : [...data.rules, { rule: SERVICE_LIST_RULE, fired: true }];
  return { ...data, profile: block, rules };
}

/**
 * Each list's release: the date its imported file names (the Portal's `20250601_CEIS.zip`), else
 * the day it was imported.
 */
async function listReleases(database: Database, lists: string[]): Promise<{ list: string; release: string }[]> {
  const { rows } = await database.query(`select list, file, imported_at from sanction_imports where list = any($1::text[]) order by list`, [
    lists,
  ]);
  return rows.map((row) => {
    const dated = /(\d{4})(\d{2})(\d{2})/.exec(String(row.file));
    const release = dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : new Date(row.imported_at as string).toISOString().slice(0, 10);
    return { list: String(row.list), release };
  });
}

export function withServiceSanctions(provider: DatasetProvider, database: Database, state: RegistryState): DatasetProvider {
  return {
    name: provider.name,
    ...(provider.providerFor ? { providerFor: provider.providerFor } : {}),
    async fetch(request): Promise<FetchResult> {
      const result = await provider.fetch(request);
      if (result.kind !== "ok" || request.module !== "profile") return result;
      const block = (result.data as Block).profile;
      if (!block || typeof block !== "object") return result;
      try {
        if (!(await state.sanctionsLoaded())) return result;
        const found = await sanctionsInForce(database.query, [{ document: request.document, name: holderName(block as Block) }]);
        const sanctions = found.get(0);
        if (!sanctions) return result;
        // a listing is decided when asked, never reused from the dataset cache: a sanction that
        // ends stops counting that day, import or not (unlisted answers are cached, and made
        // stale by the next import: server/datasets/cache.ts)
        const lists = await listReleases(database, [...new Set(sanctions.map((s) => s.list))]);
        const source = { ...(result.source ?? { provider: provider.name }), lists };
        return { kind: "ok", data: withSanctions(result.data, sanctions), cacheable: false, source };
      } catch {
        return { kind: "temporary_failure", reason: "sanctions_unavailable" };
      }
    },
  };
}
