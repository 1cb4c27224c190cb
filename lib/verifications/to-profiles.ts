import { ageFrom } from "@/lib/format/date";
import { bool, list, num, obj, str } from "./read";
import { maskedDocument } from "./document-view";
import { toContacts, toIndicators } from "./to-contacts";
import type { BlacklistedView, CodeDescription, CompanyProfileView, PartnerView, PersonProfileView } from "./view-models";

// person.profile and business.profile blocks of a v2 record, read defensively.

const GENDERS: Record<string, string> = { M: "Masculino", F: "Feminino", MASCULINO: "Masculino", FEMININO: "Feminino", MALE: "Masculino", FEMALE: "Feminino" };

function toBlacklisted(value: unknown): BlacklistedView | null {
  const blacklisted = obj(value);
  if (!blacklisted) return null;
  return {
    client: bool(blacklisted.client),
    service: bool(blacklisted.service),
    clientType: str(blacklisted.clientType),
    serviceType: str(blacklisted.serviceType),
  };
}

export function toPersonProfile(value: unknown): PersonProfileView | null {
  const profile = obj(value);
  if (!profile) return null;
  const birthDate = str(profile.birthDate);
  const gender = str(profile.gender);
  return {
    name: str(profile.name),
    fiscalStatus: str(profile.fiscalStatus),
    gender: gender ? (GENDERS[gender.toUpperCase()] ?? gender) : null,
    motherName: str(profile.motherName),
    motherNameMatches: bool(profile.isMotherNameCorrectly),
    birthDate,
    age: num(profile.age) ?? ageFrom(birthDate),
    obitFlag: bool(profile.obitFlag),
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}

function toCodeDescription(value: unknown): CodeDescription | null {
  const item = obj(value);
  if (!item) return str(value) ? { code: null, description: str(value) } : null;
  const code = str(item.code);
  const description = str(item.description);
  return code || description ? { code, description } : null;
}

function toPartner(value: unknown): PartnerView | null {
  const item = obj(value);
  if (!item) return null;
  const qualification = obj(item.qualification);
  return {
    name: str(item.name),
    document: maskedDocument(str(item.document ?? item.nationalId)),
    qualification: qualification
      ? [str(qualification.code), str(qualification.description)].filter(Boolean).join(" – ") || null
      : str(item.qualification),
    sharePercent: num(item.sharePercent ?? item.share),
    since: str(item.since ?? item.startDate),
  };
}

export function toCompanyProfile(value: unknown): CompanyProfileView | null {
  const profile = obj(value);
  if (!profile) return null;
  return {
    name: str(profile.name),
    tradeName: str(profile.tradeName),
    document: maskedDocument(str(profile.nationalId)),
    registrationStatus: str(profile.registrationStatus),
    size: str(profile.size),
    openingDate: str(profile.openingDate),
    legalNature: toCodeDescription(profile.legalNature),
    mainActivity: toCodeDescription(profile.mainActivity),
    shareCapital: num(profile.shareCapital),
    partners: list(profile.partners).map(toPartner).filter((x): x is PartnerView => x !== null),
    blacklisted: toBlacklisted(profile.blacklisted),
    indicators: toIndicators(profile.indicators),
    contacts: toContacts(profile.contacts),
  };
}
