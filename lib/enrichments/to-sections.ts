// An enrichment's module data as the case page's sections (issue 29, item 3): the profile as the
// case page's profile (fields, partners, sanctions, contacts), finance as figures, lawsuits and
// related parties as the case page's lists, through the same view models (lib/verifications/).
// The v3 data is each dataset's own format (docs/sandbox.md): lawsuits, related parties and the
// partners' lawsuits are read as the dossier reads them (the dossier keeps those blocks as the
// datasets wrote them); the 2.0 profiles are put in the dossier's words first, as the service's
// mapping does (server/datasets/dossier/), and what the case page's profile has no field for (the
// Receita's Simples, special status, the partners' age band) becomes labelled fields. A module this
// file does not know (a 1.0 profile, another module) is left to the generic view (module-data.tsx).
import { bagOf, listOf, readProfile, textOf, type Bag } from "@/lib/contract/dossier-read";
import { inSentence } from "@/lib/contract/labels";
import { maskedDocument } from "@/lib/verifications/document-view";
import { toDossier, type DossierView, type Fact, type FactTable, type FinanceView } from "@/lib/verifications/to-dossier";
import { toCompanyProfile, toPersonProfile } from "@/lib/verifications/to-profiles";
import type { CompanyProfileView, PersonProfileView } from "@/lib/verifications/view-models";
import { fieldLabel, formatScalar } from "./data-labels";

export interface LabelledField {
  key: string;
  label: string;
  value: string;
}

export interface EnrichmentSections {
  person: PersonProfileView | null;
  company: CompanyProfileView | null;
  /** The profile's fields the case page's profile has no place for, labelled (the Receita's Simples, special status). */
  profileExtras: LabelledField[];
  finance: FinanceView | null;
  dossier: Pick<DossierView, "financeAdvanced" | "lawsuits" | "ownersLawsuits" | "related">;
  /** The modules shown as sections; the others are shown by the generic view. */
  sections: Set<string>;
}

const isScalar = (value: unknown) => value === null || typeof value !== "object";

/** {code, description} as one value: "2135 – Empresário (Individual)", or the part there is. */
function coded(value: Bag): string | null {
  const code = textOf(value.code);
  const description = textOf(value.description);
  return code && description ? `${code} – ${description}` : (description ?? code);
}

/** Objects that are one value: a code with its words, a status with its date. */
function compound(key: string, value: Bag): string | null {
  const keys = Object.keys(value).sort().join(",");
  // the age band's code is the Receita's row number, no news to a reader ("6 – 51 a 60 anos")
  if (keys === "code,description" && key === "ageBand") return textOf(value.description) ?? textOf(value.code) ?? "—";
  if (keys === "code,description") return coded(value) ?? "—";
  if (keys === "date,status") {
    const status = textOf(value.status);
    const date = textOf(value.date);
    return status ? (date ? `${status}, desde ${formatScalar(date)}` : status) : "—";
  }
  if (key === "legalRepresentative") {
    const name = textOf(value.name);
    const document = textOf(value.document);
    const qualification = bagOf(value.qualification);
    return (
      [name, document ? maskedDocument(document) : null, qualification ? textOf(qualification.description) : null]
        .filter(Boolean)
        .join(" · ") || "—"
    );
  }
  return null;
}

/** Objects that only group others: their fields are named on their own ("MEI: optante", not "Simples Nacional: MEI: optante"). */
const GROUPS = new Set(["simplesNacional"]);
/** Keys shown in this order among their siblings (others keep theirs, at 0). */
const ORDER: Record<string, number> = { simples: -2, mei: -1, opted: -3, since: -2, until: -1 };

/**
 * Every field of a block, labelled: nested fields as "Simples Nacional: optante"; lists of values
 * joined; lists of records as "(n registros)" (they have their own views). `skip`: the fields the
 * case page's profile already shows.
 */
export function labelledFields(block: Bag, skip: ReadonlySet<string> = new Set(), prefix = "", labelPrefix = ""): LabelledField[] {
  const out: LabelledField[] = [];
  // the database answers a JSON object's keys shortest first: Simples Nacional before MEI, as people read them
  const entries = Object.entries(block).sort(([a], [b]) => (ORDER[a] ?? 0) - (ORDER[b] ?? 0));
  for (const [key, value] of entries) {
    const path = `${prefix}${key}`;
    if (skip.has(path)) continue;
    const own = fieldLabel(key);
    const label = labelPrefix ? `${labelPrefix}: ${inSentence(own)}` : own;
    if (isScalar(value)) out.push({ key: path, label, value: formatScalar(value, key) });
    else if (Array.isArray(value)) {
      if (value.length === 0) out.push({ key: path, label, value: "Nenhum" });
      else if (value.every(isScalar)) out.push({ key: path, label, value: value.map((v) => formatScalar(v, key)).join(", ") });
      else if (value.every((v) => bagOf(v) && compound(key, v as Bag) !== null))
        out.push({ key: path, label, value: value.map((v) => compound(key, v as Bag)).join("; ") });
    } else {
      const bag = value as Bag;
      const one = compound(key, bag);
      if (one !== null) out.push({ key: path, label, value: one });
      else out.push(...labelledFields(bag, skip, `${path}.`, GROUPS.has(key) ? "" : label));
    }
  }
  return out;
}

// ---- profile: the 2.0 datasets in the dossier's words (server/datasets/dossier/person.ts, company.ts)

function contactsOf(value: unknown): Bag {
  const c = bagOf(value) ?? {};
  return {
    addresses: listOf(c.addresses).map((a) => {
      const x = bagOf(a) ?? {};
      return { ...x, createdAt: x.firstSeenAt ?? null, updatedAt: x.lastSeenAt ?? null };
    }),
    phones: listOf(c.phones).map((p) => {
      const x = bagOf(p) ?? {};
      return {
        ...x,
        area: x.areaCode ?? null,
        country: x.countryCode ?? null,
        createdAt: x.firstSeenAt ?? null,
        updatedAt: x.lastSeenAt ?? null,
      };
    }),
    emails: listOf(c.emails).map((e) => {
      const x = bagOf(e);
      return x ? { value: x.address ?? x.value ?? null, preferred: x.preferred } : e;
    }),
  };
}

function blacklistedOf(block: Bag): Bag {
  const service = bagOf(bagOf(block.restrictiveLists)?.service) ?? {};
  return {
    client: false,
    service: service.listed === true,
    serviceType: service.listed === true ? textOf(service.type) : null,
    serviceListings: service.listed === true ? listOf(service.sanctions) : [],
  };
}

const GENDERS: Record<string, string> = { female: "F", male: "M" };

/** person-profile 2.0 (name.full, birth, mother, registry, death). */
function personProfile(block: Bag): { view: PersonProfileView; shown: Set<string> } | null {
  const name = bagOf(block.name);
  if (!name || !bagOf(block.registry)) return null;
  const birth = bagOf(block.birth) ?? {};
  const mother = bagOf(block.mother) ?? {};
  const death = bagOf(block.death) ?? {};
  const gender = textOf(block.gender);
  const profile = readProfile({
    name: name.full,
    nationalId: block.document,
    fiscalStatus: bagOf(block.registry)?.status,
    gender: gender ? (GENDERS[gender] ?? gender) : null,
    motherName: mother.name,
    isMotherNameCorrectly: mother.validated,
    age: birth.age,
    birthDate: birth.date,
    obitFlag: death.recorded,
    blacklisted: blacklistedOf(block),
    contacts: contactsOf(block.contacts),
  });
  if (profile?.kind !== "person") return null;
  const shown = new Set([
    "name",
    "document",
    "gender",
    "contacts",
    "registry.status",
    "birth.age",
    "birth.date",
    "mother.name",
    "mother.validated",
    "death.recorded",
    "restrictiveLists.service",
  ]);
  // a death's date means something only when a death is recorded ("Óbito: Não" says the rest)
  if (death.recorded !== true) shown.add("death.date");
  return { view: toPersonProfile(profile), shown };
}

/** What the Receita says of a partner beyond the case page's columns. */
function partnerDetails(partner: Bag): Array<{ label: string; value: string }> {
  const details: Array<{ label: string; value: string }> = [];
  for (const key of ["ageBand", "identification", "legalRepresentative"]) {
    const value = partner[key];
    if (value === undefined || value === null) continue;
    const bag = bagOf(value);
    details.push({ label: fieldLabel(key), value: bag ? (compound(key, bag) ?? "—") : formatScalar(value, key) });
  }
  return details;
}

/** company-profile 2.0 (registration, activities, size as a code). */
function companyProfile(block: Bag): { view: CompanyProfileView; shown: Set<string> } | null {
  const registration = bagOf(block.registration);
  const activities = bagOf(block.activities);
  if (!registration || !activities) return null;
  const size = bagOf(block.size);
  const partners = listOf(block.partners).map((p) => bagOf(p) ?? {});
  const profile = readProfile({
    name: block.name,
    tradeName: block.tradeName,
    nationalId: block.document,
    headOffice: block.headOffice,
    registrationStatus: registration.status,
    registrationStatusDate: registration.statusDate,
    registrationStatusReason: registration.statusReason,
    openingDate: block.openedAt,
    legalNature: block.legalNature,
    mainActivity: activities.main,
    size: size ? (textOf(size.description) ?? textOf(size.code)) : block.size,
    shareCapital: block.shareCapital,
    partners: partners.map((p) => ({ ...p, nationalId: p.document })),
    blacklisted: blacklistedOf(block),
    contacts: contactsOf(block.contacts),
  });
  if (profile?.kind !== "company") return null;
  const view = toCompanyProfile(profile);
  view.partners = view.partners.map((partner, index) => {
    const details = partnerDetails(partners[index] ?? {});
    return details.length ? { ...partner, details } : partner;
  });
  const shown = new Set([
    "name",
    "tradeName",
    "document",
    "registration.status",
    "openedAt",
    "legalNature",
    "activities.main",
    "size",
    "shareCapital",
    "partners",
    "contacts",
    "restrictiveLists.service",
  ]);
  return { view, shown };
}

// ---- finance: every field of the dataset's block as figures (the case page's FinanceSection)

const FINANCE_SKIP = new Set(["indicators", "indicadores", "consultationLogs", "registerLogs"]);

function financeOf(block: Bag | null): FinanceView | null {
  if (!block) return null;
  const facts: Fact[] = [];
  const tables: FactTable[] = [];
  const visit = (bag: Bag, prefix: string, labelPrefix: string) => {
    for (const [key, value] of Object.entries(bag)) {
      if (FINANCE_SKIP.has(key)) continue;
      const label = labelPrefix ? `${labelPrefix}: ${inSentence(fieldLabel(key))}` : fieldLabel(key);
      if (Array.isArray(value)) {
        const rows = value.map((v) => bagOf(v)).filter((row): row is Bag => row !== null);
        if (rows.length === 0) {
          if (value.length === 0) facts.push({ key: `${prefix}${key}`, label, value: "Nenhum" });
          else facts.push({ key: `${prefix}${key}`, label, value: value.map((v) => formatScalar(v, key)).join(", ") });
          continue;
        }
        const columns = [...new Set(rows.flatMap((row) => Object.keys(row).filter((k) => isScalar(row[k]))))].slice(0, 6);
        tables.push({
          key: `${prefix}${key}`,
          label,
          columns: columns.map(fieldLabel),
          rows: rows.slice(0, 20).map((row) => columns.map((c) => formatScalar(row[c], c))),
        });
      } else if (bagOf(value)) visit(value as Bag, `${prefix}${key}.`, label);
      else
        facts.push({
          key: `${prefix}${key}`,
          label,
          value: formatScalar(value, key),
          risky: (key === "isNegative" || key === "possuiRestricao" || key === "possui") && value === true ? true : undefined,
        });
    }
  };
  visit(block, "", "");
  return facts.length || tables.length ? { facts, tables } : null;
}

/** The sections of an enrichment's data (`data`: module -> the module's data, as the v3 API answers it). */
export function toEnrichmentSections(data: Record<string, Record<string, unknown>>): EnrichmentSections {
  const block = (module: string) => bagOf(data[module]?.[module]);
  const sections = new Set<string>();
  let person: PersonProfileView | null = null;
  let company: CompanyProfileView | null = null;
  let profileExtras: LabelledField[] = [];
  const profile = block("profile");
  if (profile) {
    const read = personProfile(profile) ?? companyProfile(profile);
    if (read) {
      if ("fiscalStatus" in read.view) person = read.view;
      else company = read.view as CompanyProfileView;
      profileExtras = labelledFields(profile, read.shown);
      sections.add("profile");
    }
  }
  const finance = financeOf(block("finance"));
  if (finance) sections.add("finance");
  const dossier = toDossier(
    {
      financeAdvanced: block("financeAdvanced"),
      lawsuits: block("lawsuits"),
      ownersLawsuits: block("ownersLawsuits"),
      related: block("related"),
    },
    null,
  );
  if (dossier.financeAdvanced) sections.add("financeAdvanced");
  if (dossier.lawsuits) sections.add("lawsuits");
  if (block("ownersLawsuits")) sections.add("ownersLawsuits");
  if (dossier.related) sections.add("related");
  return {
    person,
    company,
    profileExtras,
    finance,
    dossier: {
      financeAdvanced: dossier.financeAdvanced,
      lawsuits: dossier.lawsuits,
      ownersLawsuits: dossier.ownersLawsuits,
      related: dossier.related,
    },
    sections,
  };
}
