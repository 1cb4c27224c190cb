import { formatPhone, formatPostalCode } from "@/lib/contract/format/contact";
import type {
  DossierAddressRead,
  DossierContactsRead,
  DossierEmailRead,
  DossierIndicator,
  DossierPhoneRead,
} from "@/lib/contract/dossier-read";
import { CONTACT_TYPE_LABELS } from "@/lib/contract/labels";
import type { AddressView, ContactsView, EmailView, IndicatorView, PhoneView } from "./view-models";

// Contacts and indicators, as the dossier's typed view reads them (lib/contract/dossier-read.ts),
// shared by the person and the company profile.

const PHONE_TYPES = CONTACT_TYPE_LABELS;
const ADDRESS_TYPES = CONTACT_TYPE_LABELS;

function label(map: Readonly<Record<string, string>>, value: string | null): string | null {
  return value ? (map[value.toLowerCase()] ?? value) : null;
}

function toAddress(item: DossierAddressRead): AddressView | null {
  const street = [item.street, item.number].filter(Boolean).join(", ");
  const line = [street, item.neighborhood].filter(Boolean).join(" – ");
  const cityLine = [item.city, item.state].filter(Boolean).join("/");
  if (!line && !cityLine) return null;
  return {
    type: label(ADDRESS_TYPES, item.type),
    line: line || "—",
    cityLine,
    postalCode: item.postalCode ? formatPostalCode(item.postalCode) : null,
    preferred: item.preferred,
  };
}

function toPhone(item: DossierPhoneRead): PhoneView | null {
  const number = formatPhone(item.area, item.number);
  if (number === "—") return null;
  const country = item.country?.replace(/\D/g, "");
  return {
    type: label(PHONE_TYPES, item.type),
    number: country && country !== "55" ? `+${country} ${number}` : number,
    preferred: item.preferred,
  };
}

function toEmail(item: DossierEmailRead): EmailView | null {
  return item.value ? { value: item.value, preferred: item.preferred } : null;
}

function byPreference<T extends { preferred: boolean }>(items: T[]): T[] {
  return [...items].sort((a, b) => Number(b.preferred) - Number(a.preferred));
}

const present = <T>(x: T | null): x is T => x !== null;

export function toContacts(contacts: DossierContactsRead): ContactsView {
  return {
    addresses: byPreference(contacts.addresses.map(toAddress).filter(present)),
    phones: byPreference(contacts.phones.map(toPhone).filter(present)),
    emails: byPreference(contacts.emails.map(toEmail).filter(present)),
  };
}

const INDICATOR_LABELS: Record<string, string> = {
  blacklisted: "Em lista restritiva",
  blacklistedCompanies: "Empresas em lista restritiva",
  blacklistedRelated: "Relacionados em lista restritiva",
  blacklistedPartners: "Sócios em lista restritiva",
  irregularStatus: "Situação cadastral irregular",
  deathRecord: "Registro de óbito",
  inactive: "Empresa inativa",
  inactiveStatus: "Situação cadastral inativa",
  recentlyOpened: "Aberta recentemente",
  deceasedPartner: "Sócio falecido",
};

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function toIndicators(indicators: DossierIndicator[]): IndicatorView[] {
  return indicators.map(({ key, risky, value }) => ({ key, label: INDICATOR_LABELS[key] ?? humanize(key), risky, value }));
}
