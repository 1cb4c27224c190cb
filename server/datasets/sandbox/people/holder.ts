// Everything the profile datasets publish about a person: identity, registry record, mother,
// and known contacts (addresses in the holder's city first, phones with the city's area code).

import { rngFor, type Rng } from "../core/prng";
import { makeAddress, makePersonEmail, makePhone, type Address, type Email, type Phone } from "../geo/contacts";
import type { StateInfo } from "../geo/states";
import { motherNameOf } from "./family";
import { personCore, pickCity, type PersonCore } from "./person";
import { personRegistry, type PersonRegistry } from "./registry";

export interface PersonContacts {
  addresses: Address[];
  phones: Phone[];
  emails: Email[];
}

export interface PersonHolder {
  core: PersonCore;
  registry: PersonRegistry;
  motherName: string | null;
  contacts: PersonContacts;
}

export function personHolder(cpf: string): PersonHolder {
  const core = personCore(cpf);
  return { core, registry: personRegistry(core), motherName: motherNameOf(core), contacts: personContacts(core) };
}

function personContacts(core: PersonCore): PersonContacts {
  const rng = rngFor(core.document, "contacts");
  const addresses = [makeAddress(rng, core.state, core.city, "residential", true)];
  // Earlier addresses, in the same state (the CPF region says where the holder lives).
  for (
    let i = rng.weighted<number>([
      [0, 35],
      [1, 45],
      [2, 20],
    ]);
    i > 0;
    i--
  ) {
    addresses.push(previousAddress(rng, core.state));
  }
  const phones = [makePhone(rng, core.city, "mobile", true)];
  if (rng.chance(0.35)) phones.push(makePhone(rng, core.city, "landline", false));
  if (rng.chance(0.25)) phones.push(makePhone(rng, core.city, "mobile", false));
  const emailCount =
    core.age > 70
      ? rng.weighted<number>([
          [0, 50],
          [1, 50],
        ])
      : rng.weighted<number>([
          [0, 10],
          [1, 65],
          [2, 25],
        ]);
  const birthYear = Number(core.birthDate.slice(0, 4));
  const emails: Email[] = [];
  for (let i = 0; i < emailCount; i++) emails.push(makePersonEmail(rng, core.givenName, core.lastSurname, birthYear, i === 0));
  return { addresses, phones, emails: dedupeEmails(emails) };
}

function previousAddress(rng: Rng, state: StateInfo): Address {
  return makeAddress(rng, state, pickCity(rng, state), "residential", false);
}

function dedupeEmails(emails: Email[]): Email[] {
  const seen = new Set<string>();
  return emails.filter((email) => !seen.has(email.address) && seen.add(email.address));
}
