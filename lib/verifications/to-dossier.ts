import { FIELD_LABELS } from "@/lib/contract/field-labels";
import { bool, list, num, obj, str, type Bag } from "./read";
import { maskedDocument } from "./document-view";

// The dossier's other sections (finance, restrictions, lawsuits, related parties) as the case page
// shows them. Finance blocks differ between datasets and versions, so they become labelled facts;
// restrictions, lawsuits and related parties have one shape and get their own view models.

export interface Fact {
  key: string;
  label: string;
  value: string;
  risky?: boolean;
}

export interface FactTable {
  key: string;
  label: string;
  columns: string[];
  rows: string[][];
}

export interface FinanceView {
  facts: Fact[];
  tables: FactTable[];
}

export interface RestrictionRecordView {
  kind: "protest" | "negative";
  type: string | null;
  creditor: string | null;
  amount: number | null;
  occurredAt: string | null;
  place: string | null;
}

export interface FinanceAdvancedView {
  protests: number | null;
  protestAmount: number | null;
  negativeRecords: number | null;
  negativeAmount: number | null;
  lastOccurrenceAt: string | null;
  records: RestrictionRecordView[];
  consultations: Array<{ label: string; value: number }>;
}

export interface LawsuitView {
  number: string;
  side: "defendant" | "plaintiff" | "other";
  area: string | null;
  status: string | null;
  active: boolean;
  court: string | null;
  courtName: string | null;
  unit: string | null;
  className: string | null;
  subject: string | null;
  filedAt: string | null;
  claimValue: number | null;
}

export interface LawsuitsView {
  total: number;
  active: number;
  items: LawsuitView[];
}

export interface RelatedPartyView {
  key: string;
  name: string | null;
  entity: "person" | "company";
  relation: string;
  /** Masked document for display (the full one stays on the console's server). */
  document: string | null;
  /** Whether the party can be looked up (false: the registry shows a masked CPF only). */
  lookup: boolean;
  since: string | null;
  lawsuits: number | null;
  registryStatus: string | null;
}

export interface DossierView {
  finance: FinanceView | null;
  financeAdvanced: FinanceAdvancedView | null;
  lawsuits: LawsuitsView | null;
  ownersLawsuits: Array<{ name: string | null; total: number; items: LawsuitView[] }>;
  related: { persons: RelatedPartyView[]; companies: RelatedPartyView[] } | null;
}

const LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  income: "Faixa de renda",
  restrictions: "Restrições de crédito",
  hasData: "Há dados",
  assistancePrograms: "Programas sociais",
  totalActive: "Ativos",
  ltyTaxDeclarations: "Declarações nos últimos anos",
  quantidadeFuncionarios: "Funcionários",
  renda: "Renda",
  faixaRenda: "Faixa de renda",
};

const MONEY_KEYS = /salary|amount|valor|renda$|monthlyIncome/i;
const SKIP = new Set(["indicators", "indicadores", "consultationLogs", "registerLogs"]);

function humanize(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}

function formatScalar(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (typeof value === "number" || (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) && MONEY_KEYS.test(key))) {
    const n = Number(value);
    return MONEY_KEYS.test(key) ? n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" }) : n.toLocaleString("pt-BR");
  }
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  return typeof value === "string" ? value : null;
}

function toFinance(block: Bag | null): FinanceView | null {
  if (!block) return null;
  const facts: Fact[] = [];
  const tables: FactTable[] = [];
  const visit = (bag: Bag, prefix: string, labelPrefix: string) => {
    for (const [key, value] of Object.entries(bag)) {
      if (SKIP.has(key)) continue;
      const label = labelPrefix ? `${labelPrefix}: ${humanize(key)}` : humanize(key);
      if (Array.isArray(value)) {
        const rows = value.map(obj).filter((row): row is Bag => row !== null);
        if (rows.length === 0) continue;
        const columns = [
          ...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => obj(row[k]) === null && !Array.isArray(row[k])))),
        ].slice(0, 6);
        tables.push({
          key: `${prefix}${key}`,
          label,
          columns: columns.map(humanize),
          rows: rows.slice(0, 20).map((row) => columns.map((c) => formatScalar(c, row[c]) ?? "—")),
        });
      } else if (obj(value)) {
        visit(value as Bag, `${prefix}${key}.`, label);
      } else {
        const text = formatScalar(key, value);
        if (text !== null)
          facts.push({ key: `${prefix}${key}`, label, value: text, risky: key === "isNegative" && value === true ? true : undefined });
      }
    }
  };
  visit(block, "", "");
  return facts.length || tables.length ? { facts, tables } : null;
}

function toFinanceAdvanced(block: Bag | null): FinanceAdvancedView | null {
  if (!block) return null;
  const summary = obj(block.summary);
  const record =
    (kind: RestrictionRecordView["kind"]) =>
    (item: unknown): RestrictionRecordView => {
      const bag = obj(item) ?? {};
      const creditor = obj(bag.creditor);
      return {
        kind,
        type: str(bag.type) ?? str(bag.segment),
        creditor: str(creditor?.name) ?? str(bag.notary) ?? str(bag.creditor),
        amount: num(bag.amount),
        occurredAt: str(bag.occurredAt) ?? str(bag.date) ?? str(bag.protestedAt),
        place: [str(bag.city), str(bag.state)].filter(Boolean).join("/") || null,
      };
    };
  const consultations = obj(block.consultations);
  const CONSULTATION_LABELS: Record<string, string> = {
    last30Days: "30 dias",
    last60Days: "60 dias",
    last90Days: "90 dias",
    over90Days: "Mais de 90 dias",
  };
  return {
    protests: num(summary?.protests),
    protestAmount: num(summary?.protestAmount),
    negativeRecords: num(summary?.negativeRecords),
    negativeAmount: num(summary?.negativeAmount),
    lastOccurrenceAt: str(summary?.lastOccurrenceAt),
    records: [...list(block.protests).map(record("protest")), ...list(block.negativeRecords).map(record("negative"))],
    consultations: Object.entries(consultations ?? {}).map(([key, value]) => ({
      label: CONSULTATION_LABELS[key] ?? humanize(key),
      value: num(value) ?? 0,
    })),
  };
}

function toLawsuit(item: unknown): LawsuitView | null {
  const bag = obj(item);
  const number = str(bag?.number);
  if (!bag || !number) return null;
  const court = obj(bag.court);
  const status = str(bag.status);
  const side = str(bag.side);
  return {
    number,
    side: side === "defendant" ? "defendant" : side === "plaintiff" ? "plaintiff" : "other",
    area: str(bag.area),
    status,
    active: bool(bag.active) ?? (status ? !/arquivad|encerrad|baixad|extint|julgad/i.test(status) : false),
    court: str(court?.code) ?? str(bag.court),
    courtName: str(court?.name),
    unit: str(bag.unit),
    className: str(obj(bag.class)?.name) ?? str(bag.class),
    subject: str(obj(bag.subject)?.name) ?? str(bag.subject),
    filedAt: str(bag.filedAt),
    claimValue: num(bag.claimValue),
  };
}

function toLawsuits(block: Bag | null): LawsuitsView | null {
  if (!block) return null;
  const items = list(block.items)
    .map(toLawsuit)
    .filter((x): x is LawsuitView => x !== null);
  const counters = obj(block.counters);
  return { total: num(counters?.total) ?? items.length, active: num(counters?.active) ?? items.filter((i) => i.active).length, items };
}

const RELATIONS: Record<string, string> = {
  mother: "Mãe",
  father: "Pai",
  spouse: "Cônjuge",
  sibling: "Irmão(ã)",
  child: "Filho(a)",
  relative: "Parente",
  partner: "Sócio(a)",
  owner: "Sócio(a)",
  employer: "Empregador",
  employee: "Funcionário(a)",
  representative: "Representante",
  represented: "Representada",
};

interface PartyWithDocument {
  view: RelatedPartyView;
  /** The full document, for the console's server only (the related-party lookup): never sent to the browser. */
  document: string | null;
}

function toParty(group: string) {
  return (item: unknown, index: number): PartyWithDocument | null => {
    const bag = obj(item);
    if (!bag) return null;
    const document = str(bag.document);
    const role = str(bag.role);
    const qualification = str(obj(bag.qualification)?.description) ?? str(bag.qualification);
    // a partner the registry knows by masked CPF (***456789**) only cannot be looked up
    const full = document && !document.startsWith("*") ? document : null;
    return {
      view: {
        key: `${group}-${index}`,
        name: str(bag.name),
        entity: str(bag.entity) === "company" || (document?.length ?? 0) === 14 ? "company" : "person",
        relation: qualification ?? (role ? (RELATIONS[role] ?? role) : "Relacionado"),
        document: document ? maskedDocument(document) : null,
        lookup: full !== null,
        since: str(bag.since),
        lawsuits: num(bag.lawsuitsTotal),
        registryStatus: str(bag.registryStatus),
      },
      document: full,
    };
  };
}

function relatedParties(block: Bag | null): PartyWithDocument[] {
  if (!block) return [];
  const business = obj(block.business);
  return [
    ...list(block.personal).map(toParty("personal")),
    ...list(business?.ownerships).map(toParty("ownerships")),
    ...list(business?.employments).map(toParty("employments")),
    ...list(business?.representations).map(toParty("representations")),
  ].filter((x): x is PartyWithDocument => x !== null);
}

function toRelated(block: Bag | null): DossierView["related"] {
  if (!block) return null;
  const parties = relatedParties(block).map((p) => p.view);
  return { persons: parties.filter((p) => p.entity === "person"), companies: parties.filter((p) => p.entity === "company") };
}

/** The related party of this key, with its full document (null: no such party, or one known by a masked CPF only). */
export function relatedPartyByKey(
  holder: Bag | null,
  legacy: Bag | null,
  key: string,
): { document: string; entity: RelatedPartyView["entity"]; name: string | null } | null {
  const block = obj(holder?.related) ?? obj(legacy?.related);
  const party = relatedParties(block).find((p) => p.view.key === key);
  return party?.document ? { document: party.document, entity: party.view.entity, name: party.view.name } : null;
}

export function toDossier(holder: Bag | null, legacy: Bag | null): DossierView {
  const pick = (key: string) => obj(holder?.[key]) ?? obj(legacy?.[key]);
  return {
    finance: toFinance(pick("finance")),
    financeAdvanced: toFinanceAdvanced(pick("financeAdvanced")),
    lawsuits: toLawsuits(pick("lawsuits")),
    ownersLawsuits: list(pick("ownersLawsuits")?.owners)
      .map((owner) => {
        const bag = obj(owner) ?? {};
        const items = list(bag.items)
          .map(toLawsuit)
          .filter((x): x is LawsuitView => x !== null);
        return { name: str(bag.name), total: num(obj(bag.counters)?.total) ?? items.length, items };
      })
      .filter((owner) => owner.total > 0),
    related: toRelated(pick("related")),
  };
}
