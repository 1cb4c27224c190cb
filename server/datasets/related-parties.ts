// The related parties of a related module's data, whatever the dataset version calls its lists
// (1.x `items`, 2.0 `personal` and `business.*`): used by the v2 dossier (relatedCount) and by the
// v3 lawsuit network.
import { normalizeDocument } from "../../lib/contract/documents";
import type { Entity, ModuleData } from "./types";

/** A related party as the related module shows it. */
export interface RelatedParty {
  /** The document exactly as the related module shows it (the key of the node). */
  shown: string;
  /**
   * Normalized (what the lawsuits dataset is asked about); for a person the registry knows only
   * by name and masked CPF (***456789**), that masked CPF: nothing can be asked about it.
   */
  document: string;
  /** false: a masked CPF, which no dataset can be asked about. */
  lookup: boolean;
  entity: Entity;
  name: string | null;
  relations: Record<string, unknown>[];
  /** Whether the related module says the party is on the service's restrictive list (null: it does not say). */
  restrictiveList: boolean | null;
}

const DOCUMENT_FIELDS = ["document", "cpf", "cnpj", "nationalId", "taxId"];
/** How the Receita publishes a partner's CPF: digits 4 to 9 only. */
const MASKED_CPF = /^\*{3}\d{6}\*{2}$/;
const NAME_FIELDS = ["name", "legalName", "companyName", "tradeName"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The related parties listed in a related module's data, in the order it lists them, one per
 * document (a party found through several links gathers every relation). Reads every list of
 * objects that carry a CPF/CNPJ in the module's block, whatever the dataset version calls it.
 */
export function relatedParties(data: ModuleData | null | undefined): RelatedParty[] {
  const block = data ? (data as Record<string, unknown>).related : undefined;
  const byDocument = new Map<string, RelatedParty>();
  const visit = (value: unknown, depth: number, listName: string | null) => {
    if (depth > 6) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1, listName);
      return;
    }
    if (!isObject(value)) return;
    const docField = DOCUMENT_FIELDS.find((f) => typeof value[f] === "string");
    const raw = docField ? (value[docField] as string) : null;
    const normalized = raw ? normalizeDocument(raw) : null;
    const masked = raw !== null && !normalized && MASKED_CPF.test(raw);
    if (raw !== null && (normalized || masked)) {
      const nameField = NAME_FIELDS.find((f) => typeof value[f] === "string");
      const name = nameField ? (value[nameField] as string) : null;
      // a masked CPF is one person only together with the name: the key holds both
      const key = normalized ? normalized.value : `${raw}\u0000${name ?? ""}`;
      const relation = relationOf(value, listName);
      const known = byDocument.get(key);
      if (known) {
        if (!known.relations.some((r) => JSON.stringify(r) === JSON.stringify(relation))) known.relations.push(relation);
      } else {
        // two persons with the same masked CPF: the second is shown with its name
        const shown = masked && [...byDocument.values()].some((p) => p.shown === raw) ? `${raw} ${name ?? ""}`.trim() : raw;
        byDocument.set(key, {
          shown,
          document: normalized ? normalized.value : raw,
          lookup: normalized !== null,
          entity: normalized ? normalized.entity : "person",
          name,
          relations: [relation],
          restrictiveList: typeof value.restrictiveList === "boolean" ? value.restrictiveList : null,
        });
      }
      return;
    }
    for (const [key, child] of Object.entries(value)) if (typeof child === "object") visit(child, depth + 1, key);
  };
  visit(block, 0, null);
  return [...byDocument.values()];
}

/** Relation of the lists of related 2.0, which group links instead of naming the relation. */
const LIST_RELATION: Record<string, string> = {
  personal: "kinship",
  ownerships: "partnership",
  employments: "employment",
  representations: "representation",
};

/** The link as the related module describes it: relation, role, and since/qualification when shown. */
function relationOf(entry: Record<string, unknown>, listName: string | null): Record<string, unknown> {
  const relation = typeof entry.relation === "string" ? entry.relation : ((listName && LIST_RELATION[listName]) ?? listName);
  const out: Record<string, unknown> = { relation };
  if (typeof entry.role === "string") out.role = entry.role;
  if (typeof entry.since === "string") out.since = entry.since;
  if (entry.qualification !== undefined && entry.qualification !== null) out.qualification = entry.qualification;
  // a link found through another party (the sandbox's huge_network): that party's document as shown
  if (typeof entry.via === "string") out.via = entry.via;
  // the registry: a party found through a partner known by name and masked CPF is a likely match
  if (entry.match === "likely" || entry.match === "exact") out.match = entry.match;
  return out;
}
