import { formatPhone, formatPostalCode } from "@/lib/format/contact";
import { bool, list, obj, str, type Bag } from "./read";
import type { AddressView, ContactsView, EmailView, IndicatorView, PhoneView } from "./view-models";

// Contacts and indicators, shared by the person and the company profile.

const PHONE_TYPES: Record<string, string> = { mobile: "Celular", cellphone: "Celular", landline: "Fixo", home: "Residencial", work: "Comercial", commercial: "Comercial" };
const ADDRESS_TYPES: Record<string, string> = { residential: "Residencial", home: "Residencial", commercial: "Comercial", work: "Comercial", billing: "Cobrança" };

function label(map: Record<string, string>, value: string | null): string | null {
  return value ? (map[value.toLowerCase()] ?? value) : null;
}

function preferred(item: Bag): boolean {
  return bool(item.preferencial ?? item.preferential ?? item.preferred) === true;
}

function toAddress(value: unknown): AddressView | null {
  const item = obj(value);
  if (!item) return null;
  const street = [str(item.street), str(item.number)].filter(Boolean).join(", ");
  const line = [street, str(item.complement), str(item.neighborhood)].filter(Boolean).join(" – ");
  const cityLine = [str(item.city), str(item.state)].filter(Boolean).join("/");
  if (!line && !cityLine) return null;
  const postalCode = str(item.postalCode ?? item.zipCode);
  return { type: label(ADDRESS_TYPES, str(item.type)), line: line || "—", cityLine, postalCode: postalCode ? formatPostalCode(postalCode) : null, preferred: preferred(item) };
}

function toPhone(value: unknown): PhoneView | null {
  const item = obj(value);
  if (!item) return str(value) ? { type: null, number: str(value) as string, preferred: false } : null;
  const number = formatPhone(str(item.area ?? item.areaCode), str(item.number));
  if (number === "—") return null;
  const country = str(item.country)?.replace(/\D/g, "");
  return { type: label(PHONE_TYPES, str(item.type)), number: country && country !== "55" ? `+${country} ${number}` : number, preferred: preferred(item) };
}

function toEmail(value: unknown): EmailView | null {
  // Engine records give {value, preferencial}; the legacy flow gives plain strings.
  if (typeof value === "string") return value.trim() ? { value: value.trim(), preferred: false } : null;
  const item = obj(value);
  const address = item ? str(item.value ?? item.email ?? item.address) : null;
  return item && address ? { value: address, preferred: preferred(item) } : null;
}

function byPreference<T extends { preferred: boolean }>(items: T[]): T[] {
  return [...items].sort((a, b) => Number(b.preferred) - Number(a.preferred));
}

export function toContacts(value: unknown): ContactsView {
  const contacts = obj(value);
  return {
    addresses: byPreference(list(contacts?.addresses).map(toAddress).filter((x): x is AddressView => x !== null)),
    phones: byPreference(list(contacts?.phones).map(toPhone).filter((x): x is PhoneView => x !== null)),
    emails: byPreference(list(contacts?.emails).map(toEmail).filter((x): x is EmailView => x !== null)),
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

export function toIndicators(value: unknown): IndicatorView[] {
  const indicators = obj(value);
  if (!indicators) return [];
  return Object.entries(indicators).map(([key, raw]) => {
    const item = obj(raw);
    const risky = item ? bool(item.risky) : bool(raw);
    const count = item ? item.value : typeof raw === "number" ? raw : null;
    return { key, label: INDICATOR_LABELS[key] ?? humanize(key), risky, value: typeof count === "number" && Number.isFinite(count) ? count : null };
  });
}
