// What the person and company dossier mappings share: dates and CEPs in the dossier's words,
// indicators, the restrictive-list block, contacts of the 2.0 profile datasets, and checks that
// the module data is the block expected.
import type { ModuleData } from "../types";
import type { ContactsV2 } from "../formats/contacts";
import type { Blacklisted, DossierContacts, Indicator, ServiceListing } from "../../../lib/contract/dossier";
import type { ServiceSanction, ServiceSanctionV1 } from "../formats/company-profile";

/** Contacts of the 2.0 profile datasets (person and company share the shape) in the dossier's words. */
export function toDossierContacts(c: ContactsV2): DossierContacts {
  return {
    addresses: c.addresses.map((a) => ({
      type: a.type,
      street: a.street,
      number: a.number,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
      country: a.country,
      postalCode: a.postalCode,
      preferencial: a.preferred,
      createdAt: a.firstSeenAt,
      updatedAt: a.lastSeenAt,
    })),
    emails: c.emails.map((e) => ({ value: e.address, preferencial: e.preferred })),
    phones: c.phones.map((t) => ({
      type: t.type,
      number: t.number,
      area: t.areaCode,
      country: t.countryCode,
      preferencial: t.preferred,
      createdAt: t.firstSeenAt,
      updatedAt: t.lastSeenAt,
    })),
  };
}

/** The workspace's own restrictive list is the caller's knowledge, not the dataset's. */
export interface ClientListing {
  clientListed: boolean;
}

export const CLIENT_LIST_TYPE = "workspace_restrictive_list";

const stripAccents = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

export function receitaWording(legacy: string, known: readonly string[]): string {
  return known.find((status) => stripAccents(status).toUpperCase() === legacy) ?? legacy;
}

/** DD/MM/YYYY -> YYYY-MM-DD; "" (no date) stays "". */
export function isoFromBr(date: string): string {
  if (!date) return "";
  const [day, month, year] = date.split("/");
  return `${year}-${month}-${day}`;
}

export const midnight = (date: string) => `${isoFromBr(date)}T00:00:00.000Z`;
export const formatCep = (cep: string) => (cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);
export const flag = (on: boolean): Indicator => ({ risky: on, value: on ? 1 : 0 });
export const count = (value: number): Indicator => ({ risky: value > 0, value });

export function isVersion(data: ModuleData, version: string): boolean {
  return data.dataset.endsWith(`-${version}`);
}

export function blockOf<T>(data: ModuleData, module: string, entity: string): T {
  if (data.module !== module || !data.dataset.startsWith(`${entity}-`)) {
    throw new Error(`expected ${entity} ${module} data, got ${data.dataset}`);
  }
  return data[module] as T;
}

export function blacklisting(
  listing: ClientListing,
  service: boolean,
  serviceType: string | null,
  sanctions?: ServiceSanction[] | ServiceSanctionV1[],
): Blacklisted {
  const out: Blacklisted = {
    client: listing.clientListed,
    service,
    clientType: listing.clientListed ? CLIENT_LIST_TYPE : "",
    serviceType: service ? (serviceType ?? "") : "",
  };
  if (service && sanctions && sanctions.length > 0) out.serviceListings = sanctions.map(serviceListing);
  return out;
}

/** A federal sanction in the dossier's words, from either dataset version. */
function serviceListing(s: ServiceSanction | ServiceSanctionV1): ServiceListing {
  if ("list" in s) return { ...s };
  return {
    list: s.cadastro,
    sanction: s.sancao,
    agency: s.orgao,
    agencyState: s.uf || null,
    startedAt: s.inicio ? isoFromBr(s.inicio) : null,
    endsAt: s.fim ? isoFromBr(s.fim) : null,
    process: null,
    legalBasis: null,
  };
}

export function blacklistIndicator(blacklisted: Blacklisted): Indicator {
  const value = (blacklisted.client ? 1 : 0) + (blacklisted.service ? 1 : 0);
  return { risky: value > 0, value };
}
