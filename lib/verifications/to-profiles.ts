import { ageFrom } from "@/lib/contract/format/date";
import type {
  DossierBlacklisted,
  DossierCoded,
  DossierCompanyProfile,
  DossierPartner,
  DossierPersonProfile,
} from "@/lib/contract/dossier-read";
import { restrictiveListTypeLabel } from "@/lib/contract/labels";
import { maskedDocument } from "./document-view";
import { toContacts, toIndicators } from "./to-contacts";
import { text } from "./text";
import type { BlacklistedView, CodeDescription, CompanyProfileView, PartnerView, PersonProfileView } from "./view-models";

// person.profile and business.profile blocks of a v2 record, read by the dossier's typed view
// (lib/contract/dossier-read.ts), as the page shows them.

const GENDERS: Record<string, string> = { M: "Masculino", F: "Feminino" };

function toBlacklisted(blacklisted: DossierBlacklisted): BlacklistedView {
  return {
    client: blacklisted.client,
    service: blacklisted.service,
    clientType: blacklisted.clientType && restrictiveListTypeLabel(blacklisted.clientType),
    serviceType: blacklisted.serviceType && restrictiveListTypeLabel(blacklisted.serviceType),
    serviceListings: blacklisted.serviceListings.map((s) => ({
      list: s.list ?? "",
      sanction: s.sanction,
      agency: text([s.agency, s.agencyState].filter(Boolean).join(" – ")),
      startedAt: s.startedAt,
      endsAt: s.endsAt,
    })),
  };
}

export function toPersonProfile(profile: DossierPersonProfile): PersonProfileView {
  const birthDate = profile.birthDate;
  const gender = profile.gender;
  return {
    name: profile.name,
    fiscalStatus: profile.fiscalStatus,
    gender: gender ? (GENDERS[gender.toUpperCase()] ?? gender) : null,
    motherName: profile.motherName,
    motherNameMatches: profile.isMotherNameCorrectly,
    birthDate,
    age: profile.age ?? ageFrom(birthDate),
    obitFlag: profile.obitFlag,
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}

function toCodeDescription(item: DossierCoded | null): CodeDescription | null {
  if (!item || (!item.code && !item.description)) return null;
  return { code: item.code, description: item.description };
}

function toPartner(partner: DossierPartner): PartnerView {
  return {
    name: partner.name,
    document: maskedDocument(partner.nationalId),
    qualification: [partner.qualification?.code, partner.qualification?.description].filter(Boolean).join(" – ") || null,
    sharePercent: partner.sharePercent,
    since: partner.since,
  };
}

export function toCompanyProfile(profile: DossierCompanyProfile): CompanyProfileView {
  return {
    name: profile.name,
    tradeName: profile.tradeName,
    document: maskedDocument(profile.nationalId),
    registrationStatus: profile.registrationStatus,
    size: profile.size,
    openingDate: profile.openingDate,
    legalNature: toCodeDescription(profile.legalNature),
    mainActivity: toCodeDescription(profile.mainActivity),
    shareCapital: profile.shareCapital,
    partners: profile.partners.map(toPartner),
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}
