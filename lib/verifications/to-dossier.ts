import { FIELD_LABELS } from "@/lib/contract/field-labels";
import { providerValue, relationLabel } from "@/lib/contract/labels";
import {
  readDossier,
  type DossierFinanceAdvanced,
  type DossierLawsuit,
  type DossierLawsuits,
  type DossierRelated,
} from "@/lib/contract/dossier-read";
import { obj, type Bag } from "./read";
import { maskedDocument } from "./document-view";

// The dossier's other sections (finance, restrictions, lawsuits, related parties) as the case page
// shows them, from the dossier's typed view (lib/contract/dossier-read.ts), as the AI summary and
// the PDF read it (issue 20). Finance blocks differ between datasets and versions and the page
// shows every field each one has, so the finance block becomes labelled facts field by field;
// restrictions, lawsuits and related parties get their own view models.

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

/** A lawsuit as the console shows it: the one typed reading (lib/contract/dossier-read.ts), numbered. */
export type LawsuitView = DossierLawsuit & { number: string };

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

export const DOSSIER_LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  income: "Faixa de renda",
  restrictions: "Restrições de crédito",
  assistancePrograms: "Programas sociais",
  totalActive: "Ativos",
  ltyTaxDeclarations: "Declarações nos últimos anos",
  quantidadeFuncionarios: "Funcionários",
  renda: "Renda",
  faixaRenda: "Faixa de renda",
  // the social programs' table (person.finance.assistancePrograms.programs)
  programs: "Benefícios",
  active: "Ativo",
  startedAt: "Início",
  endedAt: "Fim",
  risky: "Risco",
};

/** Fields that hold a name (of a bank, a creditor, a place): shown as written, not in sentence case. */
const NAME_KEYS = /name|nome|bank|banco|creditor|credor|city|cidade|municipio|place/i;

const MONEY_KEYS = /salary|amount|valor|renda$|monthlyIncome/i;
const SKIP = new Set(["indicators", "indicadores", "consultationLogs", "registerLogs"]);

function humanize(key: string): string {
  return DOSSIER_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
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
  return typeof value === "string" ? (NAME_KEYS.test(key) ? value : providerValue(value)) : null;
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

const CONSULTATION_LABELS: Record<string, string> = {
  last30Days: "30 dias",
  last60Days: "60 dias",
  last90Days: "90 dias",
  over90Days: "Mais de 90 dias",
};

function toFinanceAdvanced(block: DossierFinanceAdvanced | null): FinanceAdvancedView | null {
  if (!block) return null;
  return {
    protests: block.summary?.protests ?? null,
    protestAmount: block.summary?.protestAmount ?? null,
    negativeRecords: block.summary?.negativeRecords ?? null,
    negativeAmount: block.summary?.negativeAmount ?? null,
    lastOccurrenceAt: block.summary?.lastOccurrenceAt ?? null,
    records: block.records.map((r) => ({
      kind: r.kind,
      type: r.type,
      creditor: r.creditor,
      amount: r.amount,
      occurredAt: r.occurredAt,
      place: [r.city, r.state].filter(Boolean).join("/") || null,
    })),
    consultations: block.consultations.map((c) => ({ label: CONSULTATION_LABELS[c.period] ?? humanize(c.period), value: c.count ?? 0 })),
  };
}

function toLawsuitViews(items: DossierLawsuit[]): LawsuitView[] {
  return items.flatMap((l) => (l.number ? [{ ...l, number: l.number }] : []));
}

function toLawsuits(block: DossierLawsuits | null): LawsuitsView | null {
  if (!block) return null;
  const items = toLawsuitViews(block.items);
  return { total: block.counters?.total ?? items.length, active: block.counters?.active ?? items.filter((i) => i.active).length, items };
}

interface PartyWithDocument {
  view: RelatedPartyView;
  /** The full document, for the console's server only (the related-party lookup): never sent to the browser. */
  document: string | null;
}

function relatedParties(block: DossierRelated | null): PartyWithDocument[] {
  if (!block) return [];
  const perGroup = new Map<string, number>();
  return block.parties.map((p): PartyWithDocument => {
    const index = perGroup.get(p.group) ?? 0;
    perGroup.set(p.group, index + 1);
    // a partner the registry knows by masked CPF (***456789**) only cannot be looked up
    const full = p.document && !p.document.startsWith("*") ? p.document : null;
    return {
      view: {
        key: `${p.group}-${index}`,
        name: p.name,
        entity: p.entity,
        relation: p.qualification ?? (p.role ? relationLabel(p.role) : "Relacionado"),
        document: p.document ? maskedDocument(p.document) : null,
        lookup: full !== null,
        since: p.since,
        lawsuits: p.lawsuitsTotal,
        registryStatus: p.registryStatus,
      },
      document: full,
    };
  });
}

function toRelated(block: DossierRelated | null): DossierView["related"] {
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
  const party = relatedParties(readDossier(holder).related ?? readDossier(legacy).related).find((p) => p.view.key === key);
  return party?.document ? { document: party.document, entity: party.view.entity, name: party.view.name } : null;
}

/** `holder`: the holder's section (person or business); `legacy`: a legacy record's own blocks, read where the section has none. */
export function toDossier(holder: Bag | null, legacy: Bag | null): DossierView {
  const own = readDossier(holder);
  const old = readDossier(legacy);
  const owners = own.ownersLawsuits ?? old.ownersLawsuits;
  return {
    // every field of the dataset's finance block, as it is
    finance: toFinance(obj(holder?.finance) ?? obj(legacy?.finance)),
    financeAdvanced: toFinanceAdvanced(own.financeAdvanced ?? old.financeAdvanced),
    lawsuits: toLawsuits(own.lawsuits ?? old.lawsuits),
    ownersLawsuits: (owners?.owners ?? [])
      .map((owner) => {
        const items = toLawsuitViews(owner.items);
        return { name: owner.name, total: owner.counters?.total ?? items.length, items };
      })
      .filter((owner) => owner.total > 0),
    related: toRelated(own.related ?? old.related),
  };
}
