// Reads the stored v2 dossier (spec 2.3, our business shape in docs/sandbox.md) into the facts a
// summary talks about. The dossier is read defensively, as JSON: every dataset version maps to the
// same dossier shape, but a module that did not run, failed or uses a legacy format is simply absent.
// The lawsuits and the related parties are read by lib/contract/dossier-read.ts, as the console
// reads them (issue 20: one typed reading of the dossier).
import { maskDocument } from "../../lib/contract/documents";
import { bagOf, isBag, listOf, numberOf, readLawsuits, readRelatedParties } from "../../lib/contract/dossier-read";

type Obj = Record<string, unknown>;

export const isObj = isBag;
export const obj = (v: unknown): Obj => bagOf(v) ?? {};
export const arr = listOf;
/** The string as it is when it is not blank (the PDF prints it), or null. */
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
export const num = numberOf;

export interface LawsuitFact {
  number: string | null;
  court: string;
  courtName: string | null;
  side: "plaintiff" | "defendant" | "other";
  active: boolean;
  area: string | null;
  className: string | null;
  subject: string | null;
  claimValue: number | null;
  filedAt: string | null;
}

export interface RelatedFact {
  name: string | null;
  document: string;
  entity: "person" | "company";
  role: string | null;
  group: string;
  registryStatus: string | null;
  lawsuitsTotal: number | null;
}

export interface DossierFacts {
  entity: "person" | "company";
  found: boolean;
  name: string | null;
  documentMasked: string;
  registryStatus: string | null;
  person: { age: number | null; birthDate: string | null; deceased: boolean; motherName: string | null } | null;
  company: {
    tradeName: string | null;
    openingDate: string | null;
    size: string | null;
    mainActivity: string | null;
    partners: number;
  } | null;
  blacklist: { client: boolean; service: boolean; serviceType: string | null; relatedListed: number; companiesListed: number };
  finance: {
    ran: boolean;
    salary: number | null;
    incomeBand: string | null;
    collections: number | null;
    negativeRecords: number;
    negativeAmount: number;
    protests: number;
    protestAmount: number;
    restrictionNegative: boolean;
    taxDebt: boolean;
    advancedRan: boolean;
  };
  lawsuits: {
    ran: boolean;
    items: LawsuitFact[];
    total: number;
    asDefendant: number;
    asPlaintiff: number;
    active: number;
    activeAsDefendant: number;
    criminal: number;
    byCourt: [string, number][];
    activeClaimAsDefendant: number;
  };
  ownersLawsuits: { ran: boolean; owners: number; ownersWithLawsuits: number; total: number } | null;
  related: { ran: boolean; parties: RelatedFact[]; withLawsuits: number; deceased: number; inactiveCompanies: number; listed: number };
  rules: string[];
  score: number | null;
  scoreFactor: number | null;
  scoreDistribution: { module: string; percent: number }[];
}

const INACTIVE_COMPANY = new Set(["Suspensa", "Inapta", "Baixada", "Nula"]);

/** The holder's lawsuits, from the one typed reading of the block (lib/contract/dossier-read.ts). */
function lawsuitFacts(block: Obj): LawsuitFact[] {
  return readLawsuits(block).map((l) => ({
    number: l.number,
    court: l.court ?? "—",
    courtName: l.courtName,
    side: l.side,
    active: l.active,
    area: l.area,
    className: l.className,
    subject: l.subject,
    claimValue: l.claimValue,
    filedAt: l.filedAt,
  }));
}

/** The dataset's group of a party, as the relation it stands for (the PDF's network colours). */
const RELATED_GROUPS: Record<string, string> = {
  personal: "kinship",
  ownerships: "partnership",
  employments: "employment",
  representations: "representation",
};

/** The related parties with a document, each once, from the one typed reading of the block. */
function relatedFacts(block: Obj): RelatedFact[] {
  const seen = new Set<string>();
  const out: RelatedFact[] = [];
  for (const p of readRelatedParties(block)) {
    if (!p.document || seen.has(p.document)) continue;
    seen.add(p.document);
    out.push({
      name: p.name,
      document: p.document,
      entity: p.entity,
      role: p.role,
      group: RELATED_GROUPS[p.group] ?? "link",
      registryStatus: p.registryStatus,
      lawsuitsTotal: p.lawsuitsTotal,
    });
  }
  return out;
}

export function dossierFacts(input: {
  entity: "person" | "company";
  nationalId: string;
  dossier: Obj | null;
  result: Obj | null;
  score: number | null;
}): DossierFacts {
  const d = obj(input.dossier);
  const profile = isObj(d.profile) ? d.profile : null;
  const result = obj(input.result);
  const blacklisted = obj(profile?.blacklisted);
  const indicators = obj(profile?.indicators);
  const person =
    input.entity === "person" && profile
      ? {
          age: num(profile.age),
          birthDate: str(profile.birthDate),
          deceased: profile.obitFlag === true || str(profile.fiscalStatus) === "Titular Falecido",
          motherName: str(profile.motherName),
        }
      : null;
  const company =
    input.entity === "company" && profile
      ? {
          tradeName: str(profile.tradeName),
          openingDate: str(profile.openingDate),
          size: str(profile.size),
          mainActivity: str(obj(profile.mainActivity).description),
          partners: arr(profile.partners).length,
        }
      : null;

  const finance = obj(d.finance);
  const restrictions = obj(finance.restrictions);
  const advanced = obj(obj(d.financeAdvanced).summary);
  const taxDebt = obj(finance.dividaAtiva);
  const lawsuitsBlock = isObj(d.lawsuits) ? d.lawsuits : null;
  const items = lawsuitsBlock ? lawsuitFacts(lawsuitsBlock) : [];
  const counters = obj(lawsuitsBlock?.counters);
  const byCourt = new Map<string, number>();
  for (const it of items) byCourt.set(it.court, (byCourt.get(it.court) ?? 0) + 1);
  if (byCourt.size === 0) for (const [court, n] of Object.entries(obj(counters.byCourt))) if (num(n)) byCourt.set(court, num(n)!);
  const owners = isObj(d.ownersLawsuits) ? d.ownersLawsuits : null;
  const relatedBlock = isObj(d.related) ? d.related : null;
  const parties = relatedBlock ? relatedFacts(relatedBlock) : [];
  const relatedIndicators = obj(relatedBlock?.indicators);

  const count = (pred: (l: LawsuitFact) => boolean) => items.filter(pred).length;
  return {
    entity: input.entity,
    found: profile !== null,
    name: profile ? str(profile.name) : null,
    documentMasked: maskDocument(input.nationalId),
    registryStatus: profile ? (str(profile.fiscalStatus) ?? str(profile.registrationStatus)) : null,
    person,
    company,
    blacklist: {
      client: blacklisted.client === true,
      service: blacklisted.service === true,
      serviceType: str(blacklisted.serviceType),
      relatedListed: num(obj(indicators.blacklistedRelated).value) ?? 0,
      companiesListed: num(obj(indicators.blacklistedCompanies).value) ?? 0,
    },
    finance: {
      ran: isObj(d.finance),
      salary: num(finance.salary),
      incomeBand: str(finance.income) ?? str(finance.faturamentoPresumido),
      collections: num(obj(finance.collections).total) ?? num(obj(finance.cobrancas).quantidade),
      negativeRecords: num(advanced.negativeRecords) ?? 0,
      negativeAmount: num(advanced.negativeAmount) ?? 0,
      protests: num(advanced.protests) ?? 0,
      protestAmount: num(advanced.protestAmount) ?? 0,
      restrictionNegative: restrictions.isNegative === true,
      taxDebt: taxDebt.possui === true,
      advancedRan: isObj(d.financeAdvanced),
    },
    lawsuits: {
      ran: lawsuitsBlock !== null,
      items,
      total: items.length || (num(counters.total) ?? num(lawsuitsBlock?.totalProcessos) ?? 0),
      asDefendant: items.length ? count((l) => l.side === "defendant") : (num(counters.asDefendant) ?? 0),
      asPlaintiff: items.length ? count((l) => l.side === "plaintiff") : (num(counters.asPlaintiff) ?? 0),
      active: items.length ? count((l) => l.active) : (num(counters.active) ?? 0),
      activeAsDefendant: count((l) => l.active && l.side === "defendant"),
      criminal: count((l) => l.area === "criminal"),
      byCourt: [...byCourt.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
      activeClaimAsDefendant: items.filter((l) => l.active && l.side === "defendant").reduce((a, l) => a + (l.claimValue ?? 0), 0),
    },
    ownersLawsuits: owners
      ? {
          ran: true,
          owners: num(owners.totalOwners) ?? arr(owners.owners).length,
          ownersWithLawsuits: num(owners.ownersWithLawsuits) ?? 0,
          total: num(owners.totalLawsuits) ?? 0,
        }
      : null,
    related: {
      ran: relatedBlock !== null,
      parties,
      withLawsuits: num(obj(relatedIndicators.relatedWithLawsuits).value) ?? parties.filter((p) => (p.lawsuitsTotal ?? 0) > 0).length,
      deceased: parties.filter((p) => p.registryStatus === "Titular Falecido").length,
      inactiveCompanies: parties.filter(
        (p) => p.entity === "company" && p.registryStatus !== null && INACTIVE_COMPANY.has(p.registryStatus),
      ).length,
      listed: num(obj(relatedIndicators.relatedOnServiceRestrictiveList).value) ?? 0,
    },
    rules: arr(result.rules).filter((r): r is string => typeof r === "string"),
    score: input.score ?? num(result.score),
    scoreFactor: num(result.scoreFactor),
    scoreDistribution: arr(result.scoreDistribution)
      .map(obj)
      .map((e) => ({ module: str(e.module) ?? "?", percent: num(e.percent) ?? 0 })),
  };
}
