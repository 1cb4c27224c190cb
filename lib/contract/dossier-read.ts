// The one typed view of the dossier (issue 20, item 4): `readDossier` reads a holder's section
// (`person` or `business`) into typed, normalised records for every block (profile of a person or a
// company with contacts, restrictive lists, indicators and partners; finance; financeAdvanced;
// lawsuits; the partners' lawsuits; related parties) and `readResult` the score and the rules. The
// datasets shape some blocks differently by version (lawsuits, related, a company's finance), so a
// lawsuit's side, area, court, activity or a party's role means the same everywhere. The console
// (lib/verifications/to-detail.ts, to-profiles.ts, to-dossier.ts), the AI summary
// (server/ai/facts.ts, input-checks.ts), the PDF report (server/reports/pdf/sections/) and the
// review's risk flags (server/review/flags.ts) read the dossier here. The blocks declared exactly
// are in ./dossier.ts; the others pass through the dossier as their dataset version wrote them
// (docs/sandbox.md). Any JSON in, never a throw. Plain functions, no zod: the console's browser
// code imports this file.

export type Bag = Record<string, unknown>;

export const isBag = (value: unknown): value is Bag => typeof value === "object" && value !== null && !Array.isArray(value);
/** The object, or null. */
export const bagOf = (value: unknown): Bag | null => (isBag(value) ? value : null);
/** The array, or []. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A trimmed non-empty string (a finite number as its text), or null. */
export function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** A finite number (or a numeric string), or null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function booleanOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === 1) return true;
  if (value === "false" || value === 0) return false;
  return null;
}

export type LawsuitSide = "defendant" | "plaintiff" | "other";

/** A lawsuit of the holder, from any version of the lawsuits dataset. */
export interface DossierLawsuit {
  number: string | null;
  side: LawsuitSide;
  /** Code (lib/contract/labels.ts LAWSUIT_AREA_LABELS); null in version 1.0. */
  area: string | null;
  status: string | null;
  active: boolean;
  /** The court's code (TJSP, TRT2). */
  court: string | null;
  courtName: string | null;
  unit: string | null;
  className: string | null;
  subject: string | null;
  /** YYYY-MM-DD */
  filedAt: string | null;
  claimValue: number | null;
}

const CLOSED = /arquivad|encerrad|baixad|extint|julgad/i;

/** A `YYYY-MM-DD` day from `DD/MM/YYYY` (version 1.0) or as it is. */
function isoDay(text: string | null): string | null {
  const br = text ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return br ? `${br[3]}-${br[2]}-${br[1]}` : text;
}

/**
 * The lawsuits of a lawsuits (or owner's lawsuits) block: `items` (versions 2.0 and 3.0) or
 * `processos` (1.0: polo ATIVO/PASSIVO, DD/MM/YYYY dates, situacao in capitals).
 */
export function readLawsuits(block: unknown): DossierLawsuit[] {
  const bag = bagOf(block);
  if (!bag) return [];
  const items = listOf(bag.items);
  if (items.length > 0)
    return items.map(bagOf).flatMap((it) => {
      if (!it) return [];
      const court = bagOf(it.court);
      const status = textOf(it.status);
      const side = textOf(it.side);
      return [
        {
          number: textOf(it.number),
          side: side === "defendant" ? "defendant" : side === "plaintiff" ? "plaintiff" : "other",
          area: textOf(it.area),
          status,
          active: booleanOf(it.active) ?? (status ? !CLOSED.test(status) : false),
          court: textOf(court?.code) ?? textOf(it.court),
          courtName: textOf(court?.name),
          unit: textOf(it.unit),
          className: textOf(bagOf(it.class)?.name) ?? textOf(it.class),
          subject: textOf(bagOf(it.subject)?.name) ?? textOf(it.subject),
          filedAt: textOf(it.filedAt),
          claimValue: numberOf(it.claimValue),
        } satisfies DossierLawsuit,
      ];
    });
  return listOf(bag.processos).flatMap((item) => {
    const p = bagOf(item);
    if (!p) return [];
    const status = textOf(p.situacao);
    return [
      {
        number: textOf(p.numero),
        side: p.polo === "ATIVO" ? "plaintiff" : p.polo === "PASSIVO" ? "defendant" : "other",
        area: null,
        status,
        active: status ? !CLOSED.test(status) : false,
        court: textOf(p.tribunal),
        courtName: null,
        unit: textOf(p.vara),
        className: textOf(p.classe),
        subject: textOf(p.assunto),
        filedAt: isoDay(textOf(p.dataDistribuicao)),
        claimValue: numberOf(p.valorCausa),
      } satisfies DossierLawsuit,
    ];
  });
}

/** A related person or company, from any version of the related dataset. */
export interface DossierParty {
  /** The group it was listed under: personal, ownerships, employments, representations (or items, 1.0). */
  group: string;
  name: string | null;
  /** As the dataset wrote it: the full document, or the registry's masked CPF (***456789**). */
  document: string | null;
  entity: "person" | "company";
  /** Code (lib/contract/labels.ts RELATION_LABELS) or the dataset's own word (1.0). */
  role: string | null;
  /** The partnership's qualification (QSA), when there is one. */
  qualification: string | null;
  since: string | null;
  lawsuitsTotal: number | null;
  registryStatus: string | null;
}

/**
 * The parties of a related block, in the order the dataset lists them: `personal` and
 * `business.ownerships|employments|representations` (2.0), and any other list of parties the
 * block nests (1.x: `items`, Portuguese keys), skipping `indicators` and `totals`.
 */
export function readRelatedParties(block: unknown): DossierParty[] {
  const out: DossierParty[] = [];
  const visit = (value: unknown, group: string, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const entry of value) {
        const e = bagOf(entry);
        if (!e) continue;
        const document = textOf(e.document) ?? textOf(e.cpf) ?? textOf(e.cnpj) ?? textOf(e.nationalId);
        const digits = document?.replace(/[^0-9A-Za-z*]/g, "") ?? "";
        const qualification = bagOf(e.qualification);
        out.push({
          group,
          name: textOf(e.name) ?? textOf(e.nome) ?? textOf(e.razaoSocial),
          document,
          entity: textOf(e.entity) === "company" || digits.length === 14 ? "company" : "person",
          role: textOf(e.role) ?? textOf(e.relation) ?? textOf(e.tipo),
          qualification: textOf(qualification?.description) ?? textOf(e.qualification),
          since: textOf(e.since),
          lawsuitsTotal: numberOf(e.lawsuitsTotal),
          registryStatus: textOf(e.registryStatus),
        });
      }
      return;
    }
    const bag = bagOf(value);
    if (!bag) return;
    for (const [key, child] of Object.entries(bag)) {
      if (key === "indicators" || key === "totals" || key === "summary") continue;
      if (typeof child === "object" && child !== null) visit(child, key === "business" ? group : key, depth + 1);
    }
  };
  visit(block, "items", 0);
  return out;
}

// The whole dossier: every block of a holder's section as typed, normalised records. Texts are
// trimmed and null when blank, numbers finite or null, flags booleans, lists arrays; a block that is
// absent (or not an object) is null.

/** An indicator ({risky, value}) under its key, in the block's order. */
export interface DossierIndicator {
  key: string;
  risky: boolean;
  value: number | null;
}

/** A coded value of the registry (legal nature, activity, qualification). */
export interface DossierCoded {
  code: string | null;
  description: string | null;
}

export interface DossierAddressRead {
  type: string | null;
  street: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  preferred: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface DossierPhoneRead {
  type: string | null;
  number: string | null;
  area: string | null;
  country: string | null;
  preferred: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface DossierEmailRead {
  value: string | null;
  preferred: boolean;
}

export interface DossierContactsRead {
  addresses: DossierAddressRead[];
  phones: DossierPhoneRead[];
  emails: DossierEmailRead[];
}

export interface DossierServiceListing {
  list: string | null;
  sanction: string | null;
  agency: string | null;
  agencyState: string | null;
  startedAt: string | null;
  endsAt: string | null;
}

export interface DossierBlacklisted {
  client: boolean;
  service: boolean;
  clientType: string | null;
  serviceType: string | null;
  serviceListings: DossierServiceListing[];
}

interface ProfileCommon {
  name: string | null;
  nationalId: string | null;
  blacklisted: DossierBlacklisted;
  contacts: DossierContactsRead;
  indicators: DossierIndicator[];
}

/** `person.profile` (spec 2.3). */
export interface DossierPersonProfile extends ProfileCommon {
  kind: "person";
  fiscalStatus: string | null;
  /** F or M */
  gender: string | null;
  motherName: string | null;
  age: number | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  obitFlag: boolean | null;
  isMotherNameCorrectly: boolean | null;
}

export interface DossierPartner {
  name: string | null;
  /** As the registry wrote it: the full document, or the Receita's masked CPF (***456789**). */
  nationalId: string | null;
  entity: "person" | "company";
  qualification: DossierCoded | null;
  since: string | null;
  sharePercent: number | null;
}

/** `business.profile` (docs/sandbox.md). */
export interface DossierCompanyProfile extends ProfileCommon {
  kind: "company";
  tradeName: string | null;
  headOffice: boolean | null;
  registrationStatus: string | null;
  registrationStatusDate: string | null;
  registrationStatusReason: string | null;
  openingDate: string | null;
  legalNature: DossierCoded | null;
  mainActivity: DossierCoded | null;
  secondaryActivities: DossierCoded[];
  size: string | null;
  shareCapital: number | null;
  partners: DossierPartner[];
}

export type DossierProfile = DossierPersonProfile | DossierCompanyProfile;

export interface DossierTaxReturn {
  year: string | null;
  status: string | null;
  bank: string | null;
  updatedAt: string | null;
}

export interface DossierAssistanceProgram {
  name: string | null;
  city: string | null;
  state: string | null;
  active: boolean | null;
  amount: number | null;
  totalAmount: number | null;
  startedAt: string | null;
  endedAt: string | null;
}

/** person.finance's `restrictions`: the latest credit restriction and the counts. */
export interface DossierRestrictions {
  registerLogs: string | null;
  segment: string | null;
  reportedBy: string | null;
  status: string | null;
  city: string | null;
  /** The latest restriction's amount (person.finance writes it as text, "1234.50"). */
  amount: number | null;
  type: string | null;
  isNegative: boolean;
  hasData: boolean | null;
  reportedAt: string | null;
  totalAmount: number | null;
  /** Consultations by period ("+30", "60", "90", "+90"), in the block's order. */
  consultationLogs: { period: string; count: number | null }[];
}

/**
 * The finance block: `person.finance` (spec 2.3, `kind: "person"`) or a company's finance dataset
 * as it publishes it (1.0, Portuguese keys, `kind: "company"`); the fields both have are read from
 * either (income band, collections).
 */
export interface DossierFinance {
  kind: "person" | "company";
  salary: number | null;
  /** `income` (person) or `faturamentoPresumido` (company). */
  incomeBand: string | null;
  totalAssets: string | null;
  taxReturns: DossierTaxReturn[];
  /** `collections` (person) or `cobrancas` (company). */
  collections: { total: number | null; origins: number | null; updatedAt: string | null } | null;
  assistancePrograms: { programs: DossierAssistanceProgram[]; total: number | null; totalActive: number | null } | null;
  indicators: DossierIndicator[];
  restrictions: DossierRestrictions | null;
  /** The company's federal tax debt (`dividaAtiva`). */
  taxDebt: { has: boolean; count: number | null; amount: number | null } | null;
}

export interface DossierCreditRecord {
  kind: "protest" | "negative";
  type: string | null;
  creditor: string | null;
  amount: number | null;
  occurredAt: string | null;
  city: string | null;
  state: string | null;
}

/** financeAdvanced: negative credit records, protests and consultations. */
export interface DossierFinanceAdvanced {
  summary: {
    negativeRecords: number | null;
    negativeAmount: number | null;
    protests: number | null;
    protestAmount: number | null;
    lastOccurrenceAt: string | null;
  } | null;
  /** Protests first, then negative records. */
  records: DossierCreditRecord[];
  /** Consultations by period key (last30Days, ...), in the block's order. */
  consultations: { period: string; count: number | null }[];
}

export interface DossierLawsuitCounters {
  total: number | null;
  active: number | null;
  asDefendant: number | null;
  asPlaintiff: number | null;
  /** Court code and count, in the block's order. */
  byCourt: { key: string; count: number | null }[];
  /** Area code and count, in the block's order. */
  byArea: { key: string; count: number | null }[];
  totalClaimValue: number | null;
  activeClaimValueAsDefendant: number | null;
  firstFiledAt: string | null;
  lastFiledAt: string | null;
}

/** A lawsuits block of any version: its lawsuits and counters (2.0, 3.0) or declared total (1.0). */
export interface DossierLawsuits {
  items: DossierLawsuit[];
  /** null: the block has no counters (version 1.0). */
  counters: DossierLawsuitCounters | null;
  /** Version 1.0's `totalProcessos`. */
  declaredTotal: number | null;
}

export interface DossierOwner {
  name: string | null;
  document: string | null;
  qualification: DossierCoded | null;
  counters: DossierLawsuitCounters | null;
  items: DossierLawsuit[];
}

/** ownersLawsuits (companies): the partners' lawsuits. */
export interface DossierOwnersLawsuits {
  totalOwners: number | null;
  ownersWithLawsuits: number | null;
  totalLawsuits: number | null;
  owners: DossierOwner[];
}

export interface DossierRelated {
  parties: DossierParty[];
  /** `totals` (2.0), in the block's order. */
  totals: { key: string; value: number | null }[];
  indicators: DossierIndicator[];
}

/** A holder's dossier section (`person` or `business`), every block typed. */
export interface DossierView {
  /** The section's keys in its order: the modules that ran (a block is null when its module had no data). */
  modules: string[];
  /** null: no profile block, or the dataset had no holder (`profile: null`). */
  profile: DossierProfile | null;
  finance: DossierFinance | null;
  financeAdvanced: DossierFinanceAdvanced | null;
  lawsuits: DossierLawsuits | null;
  ownersLawsuits: DossierOwnersLawsuits | null;
  related: DossierRelated | null;
}

/** Indicators ({risky, value}) of an object, in its order; entries that are not objects are left out. */
export function readIndicators(value: unknown): DossierIndicator[] {
  return Object.entries(bagOf(value) ?? {}).flatMap(([key, item]) => {
    const bag = bagOf(item);
    return bag ? [{ key, risky: bag.risky === true, value: numberOf(bag.value) }] : [];
  });
}

/** A coded value: {code, description}, or a text (its description). */
export function readCoded(value: unknown): DossierCoded | null {
  const bag = bagOf(value);
  if (bag) return { code: textOf(bag.code), description: textOf(bag.description) };
  const text = textOf(value);
  return text === null ? null : { code: null, description: text };
}

const countsOf = (value: unknown): { key: string; count: number | null }[] =>
  Object.entries(bagOf(value) ?? {}).map(([key, n]) => ({ key, count: numberOf(n) }));

function readContacts(value: unknown): DossierContactsRead {
  const c = bagOf(value);
  const preferred = (bag: Bag) => booleanOf(bag.preferencial) ?? booleanOf(bag.preferred) ?? false;
  return {
    addresses: listOf(c?.addresses).flatMap((item) => {
      const a = bagOf(item);
      if (!a) return [];
      return [
        {
          type: textOf(a.type),
          street: textOf(a.street),
          number: textOf(a.number),
          neighborhood: textOf(a.neighborhood),
          city: textOf(a.city),
          state: textOf(a.state),
          country: textOf(a.country),
          postalCode: textOf(a.postalCode),
          preferred: preferred(a),
          createdAt: textOf(a.createdAt),
          updatedAt: textOf(a.updatedAt),
        },
      ];
    }),
    phones: listOf(c?.phones).flatMap((item) => {
      const p = bagOf(item);
      if (!p) return [];
      return [
        {
          type: textOf(p.type),
          number: textOf(p.number),
          area: textOf(p.area),
          country: textOf(p.country),
          preferred: preferred(p),
          createdAt: textOf(p.createdAt),
          updatedAt: textOf(p.updatedAt),
        },
      ];
    }),
    // an e-mail is {value, preferencial}, or its bare text
    emails: listOf(c?.emails).flatMap((item) => {
      const e = bagOf(item);
      if (e) return [{ value: textOf(e.value), preferred: preferred(e) }];
      const value = typeof item === "string" ? textOf(item) : null;
      return value === null ? [] : [{ value, preferred: false }];
    }),
  };
}

function readBlacklisted(value: unknown): DossierBlacklisted {
  const b = bagOf(value);
  return {
    client: b?.client === true,
    service: b?.service === true,
    clientType: textOf(b?.clientType),
    serviceType: textOf(b?.serviceType),
    serviceListings: listOf(b?.serviceListings).flatMap((item) => {
      const s = bagOf(item);
      if (!s) return [];
      return [
        {
          list: textOf(s.list),
          sanction: textOf(s.sanction),
          agency: textOf(s.agency),
          agencyState: textOf(s.agencyState),
          startedAt: textOf(s.startedAt),
          endsAt: textOf(s.endsAt),
        },
      ];
    }),
  };
}

/** Keys only our business profile has: a profile with any of them is a company's. */
const COMPANY_KEYS = ["registrationStatus", "tradeName", "legalNature", "mainActivity", "partners", "shareCapital", "openingDate"];

/** A profile block: the person's (spec 2.3) or the company's (ours), told apart by its fields. */
export function readProfile(block: unknown): DossierProfile | null {
  const p = bagOf(block);
  if (!p) return null;
  const common: ProfileCommon = {
    name: textOf(p.name),
    nationalId: textOf(p.nationalId),
    blacklisted: readBlacklisted(p.blacklisted),
    contacts: readContacts(p.contacts),
    indicators: readIndicators(p.indicators),
  };
  if (COMPANY_KEYS.some((key) => key in p))
    return {
      kind: "company",
      ...common,
      tradeName: textOf(p.tradeName),
      headOffice: booleanOf(p.headOffice),
      registrationStatus: textOf(p.registrationStatus),
      registrationStatusDate: textOf(p.registrationStatusDate),
      registrationStatusReason: textOf(p.registrationStatusReason),
      openingDate: textOf(p.openingDate),
      legalNature: readCoded(p.legalNature),
      mainActivity: readCoded(p.mainActivity),
      secondaryActivities: listOf(p.secondaryActivities).flatMap((a) => readCoded(a) ?? []),
      size: textOf(p.size),
      shareCapital: numberOf(p.shareCapital),
      partners: listOf(p.partners).flatMap((item) => {
        const s = bagOf(item);
        if (!s) return [];
        const nationalId = textOf(s.nationalId) ?? textOf(s.document);
        return [
          {
            name: textOf(s.name),
            nationalId,
            entity: textOf(s.entity) === "company" || nationalId?.replace(/[^0-9A-Za-z*]/g, "").length === 14 ? "company" : "person",
            qualification: readCoded(s.qualification),
            since: textOf(s.since),
            sharePercent: numberOf(s.sharePercent),
          } satisfies DossierPartner,
        ];
      }),
    };
  return {
    kind: "person",
    ...common,
    fiscalStatus: textOf(p.fiscalStatus),
    gender: textOf(p.gender),
    motherName: textOf(p.motherName),
    age: numberOf(p.age),
    birthDate: textOf(p.birthDate),
    obitFlag: booleanOf(p.obitFlag),
    isMotherNameCorrectly: booleanOf(p.isMotherNameCorrectly),
  };
}

function readRestrictions(value: unknown): DossierRestrictions | null {
  const r = bagOf(value);
  if (!r || Object.keys(r).length === 0) return null;
  return {
    registerLogs: textOf(r.registerLogs),
    segment: textOf(r.segment),
    reportedBy: textOf(r.reportedBy),
    status: textOf(r.status),
    city: textOf(r.city),
    amount: numberOf(r.amount),
    type: textOf(r.type),
    isNegative: r.isNegative === true,
    hasData: booleanOf(r.hasData),
    reportedAt: textOf(r.reportedAt),
    totalAmount: numberOf(r.totalAmount),
    consultationLogs: countsOf(r.consultationLogs).map(({ key, count }) => ({ period: key, count })),
  };
}

/** The finance block of a person (spec 2.3) or of a company (its dataset's Portuguese keys). */
export function readFinance(block: unknown): DossierFinance | null {
  const f = bagOf(block);
  if (!f) return null;
  const collections = bagOf(f.collections);
  const cobrancas = bagOf(f.cobrancas);
  const programs = bagOf(f.assistancePrograms);
  const taxDebt = bagOf(f.dividaAtiva);
  return {
    kind: "salary" in f ? "person" : "company",
    salary: numberOf(f.salary),
    incomeBand: textOf(f.income) ?? textOf(f.faturamentoPresumido),
    totalAssets: textOf(f.totalAssets),
    taxReturns: listOf(f.taxReturns).flatMap((item) => {
      const t = bagOf(item);
      return t ? [{ year: textOf(t.year), status: textOf(t.status), bank: textOf(t.bank), updatedAt: textOf(t.updatedAt) }] : [];
    }),
    collections: collections
      ? { total: numberOf(collections.total), origins: numberOf(collections.totalOrigins), updatedAt: textOf(collections.updatedAt) }
      : cobrancas
        ? { total: numberOf(cobrancas.quantidade), origins: numberOf(cobrancas.origens), updatedAt: textOf(cobrancas.atualizadoEm) }
        : null,
    assistancePrograms: programs
      ? {
          programs: listOf(programs.programs).flatMap((item) => {
            const p = bagOf(item);
            if (!p) return [];
            return [
              {
                name: textOf(p.name),
                city: textOf(p.city),
                state: textOf(p.state),
                active: booleanOf(p.active),
                amount: numberOf(p.amount),
                totalAmount: numberOf(p.totalAmount),
                startedAt: textOf(p.startedAt),
                endedAt: textOf(p.endedAt),
              },
            ];
          }),
          total: numberOf(programs.total),
          totalActive: numberOf(programs.totalActive),
        }
      : null,
    indicators: readIndicators(f.indicators),
    restrictions: readRestrictions(f.restrictions),
    taxDebt: taxDebt ? { has: taxDebt.possui === true, count: numberOf(taxDebt.inscricoes), amount: numberOf(taxDebt.valorTotal) } : null,
  };
}

/** financeAdvanced: its summary, the protests and negative records, the consultations. */
export function readFinanceAdvanced(block: unknown): DossierFinanceAdvanced | null {
  const b = bagOf(block);
  if (!b) return null;
  const summary = bagOf(b.summary);
  const record =
    (kind: DossierCreditRecord["kind"]) =>
    (item: unknown): DossierCreditRecord => {
      const r = bagOf(item) ?? {};
      return {
        kind,
        type: textOf(r.type) ?? textOf(r.segment),
        creditor: textOf(bagOf(r.creditor)?.name) ?? textOf(r.notary) ?? textOf(r.creditor),
        amount: numberOf(r.amount),
        occurredAt: textOf(r.occurredAt) ?? textOf(r.date) ?? textOf(r.protestedAt),
        city: textOf(r.city),
        state: textOf(r.state),
      };
    };
  return {
    summary: summary
      ? {
          negativeRecords: numberOf(summary.negativeRecords),
          negativeAmount: numberOf(summary.negativeAmount),
          protests: numberOf(summary.protests),
          protestAmount: numberOf(summary.protestAmount),
          lastOccurrenceAt: textOf(summary.lastOccurrenceAt),
        }
      : null,
    records: [...listOf(b.protests).map(record("protest")), ...listOf(b.negativeRecords).map(record("negative"))],
    consultations: countsOf(b.consultations).map(({ key, count }) => ({ period: key, count })),
  };
}

function readCounters(value: unknown): DossierLawsuitCounters | null {
  const c = bagOf(value);
  if (!c || Object.keys(c).length === 0) return null;
  return {
    total: numberOf(c.total),
    active: numberOf(c.active),
    asDefendant: numberOf(c.asDefendant),
    asPlaintiff: numberOf(c.asPlaintiff),
    byCourt: countsOf(c.byCourt),
    byArea: countsOf(c.byArea),
    totalClaimValue: numberOf(c.totalClaimValue),
    activeClaimValueAsDefendant: numberOf(c.activeClaimValueAsDefendant),
    firstFiledAt: textOf(c.firstFiledAt),
    lastFiledAt: textOf(c.lastFiledAt),
  };
}

/** A lawsuits block of any version (or an owner's lawsuits): lawsuits, counters, 1.0's total. */
export function readLawsuitsBlock(block: unknown): DossierLawsuits | null {
  const b = bagOf(block);
  if (!b) return null;
  return { items: readLawsuits(b), counters: readCounters(b.counters), declaredTotal: numberOf(b.totalProcessos) };
}

/** ownersLawsuits: the totals and each partner with its lawsuits. */
export function readOwnersLawsuits(block: unknown): DossierOwnersLawsuits | null {
  const b = bagOf(block);
  if (!b) return null;
  return {
    totalOwners: numberOf(b.totalOwners),
    ownersWithLawsuits: numberOf(b.ownersWithLawsuits),
    totalLawsuits: numberOf(b.totalLawsuits),
    owners: listOf(b.owners).map((item) => {
      const o = bagOf(item) ?? {};
      return {
        name: textOf(o.name),
        document: textOf(o.document),
        qualification: readCoded(o.qualification),
        counters: readCounters(o.counters),
        items: readLawsuits(o),
      };
    }),
  };
}

/** The related block: its parties (readRelatedParties), totals and indicators. */
export function readRelated(block: unknown): DossierRelated | null {
  const b = bagOf(block);
  if (!b) return null;
  return {
    parties: readRelatedParties(b),
    totals: Object.entries(bagOf(b.totals) ?? {}).map(([key, value]) => ({ key, value: numberOf(value) })),
    indicators: readIndicators(b.indicators),
  };
}

/** A holder's dossier section (the stored `dossier`, or a record's `person`/`business`), typed. */
export function readDossier(dossier: unknown): DossierView {
  const d = bagOf(dossier) ?? {};
  return {
    modules: Object.keys(d),
    profile: readProfile(d.profile),
    finance: readFinance(d.finance),
    financeAdvanced: readFinanceAdvanced(d.financeAdvanced),
    lawsuits: readLawsuitsBlock(d.lawsuits),
    ownersLawsuits: readOwnersLawsuits(d.ownersLawsuits),
    related: readRelated(d.related),
  };
}

/** A verification's result: score, deduction, rules fired and the deduction by module. */
export interface ResultView {
  score: number | null;
  scoreFactor: number | null;
  rules: string[];
  scoreDistribution: { module: string | null; percent: number | null }[];
}

export function readResult(result: unknown): ResultView {
  const r = bagOf(result) ?? {};
  return {
    score: numberOf(r.score),
    scoreFactor: numberOf(r.scoreFactor),
    rules: listOf(r.rules).filter((rule): rule is string => typeof rule === "string"),
    scoreDistribution: listOf(r.scoreDistribution).map((item) => {
      const e = bagOf(item) ?? {};
      return { module: textOf(e.module), percent: numberOf(e.percent) };
    }),
  };
}
