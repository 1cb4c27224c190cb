import { formatPhone, formatPostalCode } from "@/lib/contract/format/contact";
import type { DossierAddress, DossierContacts, DossierEmail, DossierPhone, Indicator } from "@/lib/contract/dossier";
import { CONTACT_TYPE_LABELS } from "@/lib/contract/labels";
import { text } from "./text";
import type { AddressView, ContactsView, EmailView, IndicatorView, PhoneView } from "./view-models";

// Contacts and indicators (lib/contract/dossier.ts), shared by the person and the company profile.

const PHONE_TYPES = CONTACT_TYPE_LABELS;
const ADDRESS_TYPES = CONTACT_TYPE_LABELS;

function label(map: Readonly<Record<string, string>>, value: string | null): string | null {
  return value ? (map[value.toLowerCase()] ?? value) : null;
}

function toAddress(item: DossierAddress): AddressView | null {
  const street = [text(item.street), text(item.number)].filter(Boolean).join(", ");
  const line = [street, text(item.neighborhood)].filter(Boolean).join(" – ");
  const cityLine = [text(item.city), text(item.state)].filter(Boolean).join("/");
  if (!line && !cityLine) return null;
  const postalCode = text(item.postalCode);
  return {
    type: label(ADDRESS_TYPES, text(item.type)),
    line: line || "—",
    cityLine,
    postalCode: postalCode ? formatPostalCode(postalCode) : null,
    preferred: item.preferencial,
  };
}

function toPhone(item: DossierPhone): PhoneView | null {
  const number = formatPhone(text(item.area), text(item.number));
  if (number === "—") return null;
  const country = text(item.country)?.replace(/\D/g, "");
  return {
    type: label(PHONE_TYPES, text(item.type)),
    number: country && country !== "55" ? `+${country} ${number}` : number,
    preferred: item.preferencial,
  };
}

function toEmail(item: DossierEmail): EmailView | null {
  const address = text(item.value);
  return address ? { value: address, preferred: item.preferencial } : null;
}

function byPreference<T extends { preferred: boolean }>(items: T[]): T[] {
  return [...items].sort((a, b) => Number(b.preferred) - Number(a.preferred));
}

const present = <T>(x: T | null): x is T => x !== null;

export function toContacts(contacts: DossierContacts): ContactsView {
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

export function toIndicators(indicators: Record<string, Indicator>): IndicatorView[] {
  return Object.entries(indicators).map(([key, item]) => ({
    key,
    label: INDICATOR_LABELS[key] ?? humanize(key),
    risky: item.risky,
    value: Number.isFinite(item.value) ? item.value : null,
  }));
}
