// Everything the company profile datasets publish: identity, QSA, contacts and the service's
// restrictive-list entry (sandbox behaviour service_blacklisted).

import { dateBetween, daysBeforeReference, isoDate } from "../core/calendar";
import { rngFor } from "../core/prng";
import { makeAddress, makeCompanyEmail, makePhone, type Address, type Email, type Phone } from "../geo/contacts";
import { sandboxDocument } from "../behaviours";
import { companyIdentity, type CompanyIdentity } from "./company";
import { companyPartners, type Partner } from "./partners";

export interface CompanyHolder {
  identity: CompanyIdentity;
  partners: Partner[];
  contacts: { addresses: Address[]; phones: Phone[]; emails: Email[] };
  serviceListing: { type: string; since: string } | null;
}

export function companyHolder(cnpj: string): CompanyHolder {
  const identity = companyIdentity(cnpj);
  const rng = rngFor(cnpj, "company-contacts");
  const addresses = [makeAddress(rng, identity.state, identity.city, "commercial", true)];
  const phones = [makePhone(rng, identity.city, "landline", true)];
  if (rng.chance(0.6)) phones.push(makePhone(rng, identity.city, "mobile", false));
  const emails = identity.size === "MEI" && rng.chance(0.5) ? [] : [makeCompanyEmail(rng, identity.tradeName, true)];
  const serviceListing =
    sandboxDocument(cnpj)?.name === "service_blacklisted"
      ? { type: "confirmed_fraud", since: isoDate(dateBetween(daysBeforeReference(700), daysBeforeReference(30), rng.next())) }
      : null;
  return { identity, partners: companyPartners(identity), contacts: { addresses, phones, emails }, serviceListing };
}
