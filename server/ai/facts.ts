// Reads the stored v2 dossier (spec 2.3, our business shape in docs/sandbox.md) into the facts a
// summary talks about. The dossier is read through its one typed view (lib/contract/dossier-read.ts,
// issue 20), as the console and the PDF read it: every dataset version maps to the same view, and a
// module that did not run, failed or uses a legacy format is simply absent (null).
import { maskDocument } from "../../lib/contract/documents";
import { readDossier, readResult, type DossierLawsuit, type DossierParty } from "../../lib/contract/dossier-read";

type Obj = Record<string, unknown>;

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
  blacklist: {
    client: boolean;
    /** What the dossier recorded at completion, when the list says otherwise now (withListingNow). */
    clientAtCompletion?: boolean;
    service: boolean;
    serviceType: string | null;
    relatedListed: number;
    companiesListed: number;
  };
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

/** A lawsuit as the summary talks of it (a court it does not know is "—"). */
function lawsuitFact(l: DossierLawsuit): LawsuitFact {
  return {
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
  };
}

/** The dataset's group of a party, as the relation it stands for (the PDF's network colours). */
const RELATED_GROUPS: Record<string, string> = {
  personal: "kinship",
  ownerships: "partnership",
  employments: "employment",
  representations: "representation",
};

/** The related parties with a document, each once. */
function relatedFacts(parties: DossierParty[]): RelatedFact[] {
  const seen = new Set<string>();
  const out: RelatedFact[] = [];
  for (const p of parties) {
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
  const view = readDossier(input.dossier);
  const profile = view.profile;
  const personProfile = profile?.kind === "person" ? profile : null;
  const companyProfile = profile?.kind === "company" ? profile : null;
  const result = readResult(input.result);
  const indicator = (key: string) => profile?.indicators.find((i) => i.key === key)?.value ?? null;
  const person =
    input.entity === "person" && profile
      ? {
          age: personProfile?.age ?? null,
          birthDate: personProfile?.birthDate ?? null,
          deceased: personProfile?.obitFlag === true || personProfile?.fiscalStatus === "Titular Falecido",
          motherName: personProfile?.motherName ?? null,
        }
      : null;
  const company =
    input.entity === "company" && profile
      ? {
          tradeName: companyProfile?.tradeName ?? null,
          openingDate: companyProfile?.openingDate ?? null,
          size: companyProfile?.size ?? null,
          mainActivity: companyProfile?.mainActivity?.description ?? null,
          partners: companyProfile?.partners.length ?? 0,
        }
      : null;

  const finance = view.finance;
  const advanced = view.financeAdvanced?.summary;
  const lawsuits = view.lawsuits;
  const items = (lawsuits?.items ?? []).map(lawsuitFact);
  const counters = lawsuits?.counters;
  const byCourt = new Map<string, number>();
  for (const it of items) byCourt.set(it.court, (byCourt.get(it.court) ?? 0) + 1);
  if (byCourt.size === 0) for (const { key, count } of counters?.byCourt ?? []) if (count) byCourt.set(key, count);
  const owners = view.ownersLawsuits;
  const related = view.related;
  const parties = relatedFacts(related?.parties ?? []);
  const relatedIndicator = (key: string) => related?.indicators.find((i) => i.key === key)?.value ?? null;

  const count = (pred: (l: LawsuitFact) => boolean) => items.filter(pred).length;
  return {
    entity: input.entity,
    found: profile !== null,
    name: profile?.name ?? null,
    documentMasked: maskDocument(input.nationalId),
    registryStatus: profile ? (personProfile?.fiscalStatus ?? companyProfile?.registrationStatus ?? null) : null,
    person,
    company,
    blacklist: {
      client: profile?.blacklisted.client ?? false,
      service: profile?.blacklisted.service ?? false,
      serviceType: profile?.blacklisted.serviceType ?? null,
      relatedListed: indicator("blacklistedRelated") ?? 0,
      companiesListed: indicator("blacklistedCompanies") ?? 0,
    },
    finance: {
      ran: finance !== null,
      salary: finance?.salary ?? null,
      incomeBand: finance?.incomeBand ?? null,
      collections: finance?.collections?.total ?? null,
      negativeRecords: advanced?.negativeRecords ?? 0,
      negativeAmount: advanced?.negativeAmount ?? 0,
      protests: advanced?.protests ?? 0,
      protestAmount: advanced?.protestAmount ?? 0,
      restrictionNegative: finance?.restrictions?.isNegative ?? false,
      taxDebt: finance?.taxDebt?.has ?? false,
      advancedRan: view.financeAdvanced !== null,
    },
    lawsuits: {
      ran: lawsuits !== null,
      items,
      total: items.length || (counters?.total ?? lawsuits?.declaredTotal ?? 0),
      asDefendant: items.length ? count((l) => l.side === "defendant") : (counters?.asDefendant ?? 0),
      asPlaintiff: items.length ? count((l) => l.side === "plaintiff") : (counters?.asPlaintiff ?? 0),
      active: items.length ? count((l) => l.active) : (counters?.active ?? 0),
      activeAsDefendant: count((l) => l.active && l.side === "defendant"),
      criminal: count((l) => l.area === "criminal"),
      byCourt: [...byCourt.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
      activeClaimAsDefendant: items.filter((l) => l.active && l.side === "defendant").reduce((a, l) => a + (l.claimValue ?? 0), 0),
    },
    ownersLawsuits: owners
      ? {
          ran: true,
          owners: owners.totalOwners ?? owners.owners.length,
          ownersWithLawsuits: owners.ownersWithLawsuits ?? 0,
          total: owners.totalLawsuits ?? 0,
        }
      : null,
    related: {
      ran: related !== null,
      parties,
      withLawsuits: relatedIndicator("relatedWithLawsuits") ?? parties.filter((p) => (p.lawsuitsTotal ?? 0) > 0).length,
      deceased: parties.filter((p) => p.registryStatus === "Titular Falecido").length,
      inactiveCompanies: parties.filter(
        (p) => p.entity === "company" && p.registryStatus !== null && INACTIVE_COMPANY.has(p.registryStatus),
      ).length,
      listed: relatedIndicator("relatedOnServiceRestrictiveList") ?? 0,
    },
    rules: result.rules,
    score: input.score ?? result.score,
    scoreFactor: result.scoreFactor,
    scoreDistribution: result.scoreDistribution.map((e) => ({ module: e.module ?? "?", percent: e.percent ?? 0 })),
  };
}

/**
 * The facts with the workspace's restrictive list as it is now (a summary made again after
 * completion): `client` is the list now; `clientAtCompletion` keeps the dossier's when they differ.
 */
export function withListingNow(facts: DossierFacts, listing: { client: boolean } | undefined): DossierFacts {
  if (!listing || listing.client === facts.blacklist.client) return facts;
  return { ...facts, blacklist: { ...facts.blacklist, client: listing.client, clientAtCompletion: facts.blacklist.client } };
}
