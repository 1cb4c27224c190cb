import { ageFrom } from "@/lib/contract/format/date";
import type { Blacklisted, BusinessPartner, BusinessProfile, Coded, PersonProfile } from "@/lib/contract/dossier";
import { restrictiveListTypeLabel } from "@/lib/contract/labels";
import { maskedDocument } from "./document-view";
import { toContacts, toIndicators } from "./to-contacts";
import { text } from "./text";
import type { BlacklistedView, CodeDescription, CompanyProfileView, PartnerView, PersonProfileView } from "./view-models";

// person.profile and business.profile blocks of a v2 record (lib/contract/dossier.ts) as the page shows them.

const GENDERS: Record<string, string> = { M: "Masculino", F: "Feminino" };

function toBlacklisted(blacklisted: Blacklisted): BlacklistedView {
  return {
    client: blacklisted.client,
    service: blacklisted.service,
    clientType: text(blacklisted.clientType) && restrictiveListTypeLabel(blacklisted.clientType),
    serviceType: text(blacklisted.serviceType) && restrictiveListTypeLabel(blacklisted.serviceType),
    serviceListings: (blacklisted.serviceListings ?? []).map((s) => ({
      list: s.list,
      sanction: text(s.sanction),
      agency: text([s.agency, s.agencyState].filter(Boolean).join(" – ")),
      startedAt: s.startedAt,
      endsAt: s.endsAt,
    })),
  };
}

export function toPersonProfile(profile: PersonProfile): PersonProfileView {
  const birthDate = text(profile.birthDate);
  const gender = text(profile.gender);
  return {
    name: text(profile.name),
    fiscalStatus: text(profile.fiscalStatus),
    gender: gender ? (GENDERS[gender.toUpperCase()] ?? gender) : null,
    motherName: text(profile.motherName),
    motherNameMatches: profile.isMotherNameCorrectly,
    birthDate,
    age: profile.age ?? ageFrom(birthDate),
    obitFlag: profile.obitFlag,
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}

function toCodeDescription(item: Coded): CodeDescription | null {
  const code = text(item.code);
  const description = text(item.description);
  return code || description ? { code, description } : null;
}

function toPartner(partner: BusinessPartner): PartnerView {
  return {
    name: text(partner.name),
    document: maskedDocument(text(partner.nationalId)),
    qualification: [text(partner.qualification.code), text(partner.qualification.description)].filter(Boolean).join(" – ") || null,
    sharePercent: partner.sharePercent,
    since: text(partner.since),
  };
}

export function toCompanyProfile(profile: BusinessProfile): CompanyProfileView {
  return {
    name: text(profile.name),
    tradeName: text(profile.tradeName),
    document: maskedDocument(text(profile.nationalId)),
    registrationStatus: text(profile.registrationStatus),
    size: text(profile.size),
    openingDate: text(profile.openingDate),
    legalNature: toCodeDescription(profile.legalNature),
    mainActivity: toCodeDescription(profile.mainActivity),
    shareCapital: profile.shareCapital,
    partners: profile.partners.map(toPartner),
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}
