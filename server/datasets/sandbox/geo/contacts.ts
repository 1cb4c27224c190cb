// Addresses, phones and e-mails of a holder. The city is chosen by the caller (from the
// holder's state), so the CEP always falls inside that city's range and the phone carries the
// city's area code. E-mails use the reserved example.* domains: the sandbox must never point
// at a real mailbox.

import type { Rng } from "../core/prng";
import { dateBetween, daysBeforeReference, timestampOn } from "../core/calendar";
import { slug } from "../core/text";
import type { City, StateInfo } from "./states";
import { BUSINESS_NEIGHBORHOODS, COMPLEMENTS, NEIGHBORHOODS, STREET_NAMES, STREET_TYPES } from "./streets";

export interface Address {
  type: "residential" | "commercial";
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  /** 8 digits, no dash. */
  postalCode: string;
  preferred: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface Phone {
  type: "mobile" | "landline";
  /** Area code (DDD), 2 digits. */
  area: string;
  /** 9 digits starting with 9 (mobile) or 8 digits starting with 2-5 (landline). */
  number: string;
  preferred: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface Email {
  address: string;
  preferred: boolean;
}

interface Seen {
  firstSeenAt: string;
  lastSeenAt: string;
}

/** When a contact was first and last seen: first 1-9 years ago, last within the last year. */
function seenDates(rng: Rng): Seen {
  const first = dateBetween(daysBeforeReference(9 * 365), daysBeforeReference(400), rng.next());
  const last = dateBetween(daysBeforeReference(360), daysBeforeReference(3), rng.next());
  return { firstSeenAt: timestampOn(first, rng.next()), lastSeenAt: timestampOn(last, rng.next()) };
}

export function postalCodeIn(city: City, rng: Rng): string {
  const prefix = rng.int(city.cep[0], city.cep[1]);
  return `${String(prefix).padStart(5, "0")}${String(rng.int(0, 999)).padStart(3, "0")}`;
}

export function makeAddress(rng: Rng, state: StateInfo, city: City, type: Address["type"], preferred: boolean): Address {
  const commercial = type === "commercial";
  return {
    type,
    street: `${rng.weighted(STREET_TYPES)} ${rng.pick(STREET_NAMES)}`,
    number: String(rng.int(1, commercial ? 4500 : 2800)),
    complement: commercial ? rng.pick(["", "Sala 101", "Galpão 2", "Loja 3", "Conjunto 42"]) : rng.weighted(COMPLEMENTS),
    neighborhood: commercial && rng.chance(0.5) ? rng.pick(BUSINESS_NEIGHBORHOODS) : rng.pick(NEIGHBORHOODS),
    city: city.name,
    state: state.uf,
    postalCode: postalCodeIn(city, rng),
    preferred,
    ...seenDates(rng),
  };
}

export function makePhone(rng: Rng, city: City, type: Phone["type"], preferred: boolean): Phone {
  const number = type === "mobile" ? `9${rng.int(6, 9)}${rng.digits(7)}` : `${rng.int(2, 5)}${rng.digits(7)}`;
  return { type, area: city.ddd, number, preferred, ...seenDates(rng) };
}

const EMAIL_DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"] as const;

/** maria.souza84@example.com and similar, from the holder's own name. */
export function makePersonEmail(rng: Rng, firstName: string, lastName: string, birthYear: number, preferred: boolean): Email {
  const first = slug(firstName.split(" ")[0] ?? firstName, "");
  const last = slug(lastName.split(" ").pop() ?? lastName, "");
  const local = rng.weighted([
    [`${first}.${last}`, 3],
    [`${first}${last}${String(birthYear).slice(2)}`, 3],
    [`${first}_${last}${rng.int(1, 99)}`, 2],
    [`${first.charAt(0)}${last}`, 2],
  ] as const);
  return { address: `${local}@${rng.pick(EMAIL_DOMAINS)}`, preferred };
}

/** contato@<trade-name>.example.com for companies. */
export function makeCompanyEmail(rng: Rng, tradeName: string, preferred: boolean): Email {
  const box = rng.pick(["contato", "financeiro", "atendimento", "comercial"]);
  return { address: `${box}@${slug(tradeName, "")}.example.com`, preferred };
}
