// person-profile 1.0 (legacy: flat, Portuguese field names, upper-case names, DD/MM/YYYY) and
// person-profile 2.0 (structured, English, ISO dates, contacts as arrays of objects).

import { brDate, REFERENCE_DATE, isoDate, addDays } from "../core/calendar";
import { legacyUpper } from "../core/text";
import { moduleData, rulesFrom } from "../module-data";
import { personHolder, type PersonHolder } from "../people/holder";
import { isIrregular } from "../people/registry";
import { isServiceListed, relatedLinks } from "../related/nodes";
import { addressV1, addressV2, emailV2, phoneV1, phoneV2 } from "./contact-formats";
import type { PersonProfileV1, PersonProfileV2 } from "../../formats/person-profile";

/** How many related companies and persons are on the service's restrictive list. */
function listedRelations(cpf: string) {
  const listed = relatedLinks(cpf, "person").filter((link) => isServiceListed(link.document));
  return {
    companies: listed.filter((link) => link.entity === "company").length,
    persons: listed.filter((link) => link.entity === "person").length,
  };
}

function profileV1(holder: PersonHolder, listed: ReturnType<typeof listedRelations>): PersonProfileV1 {
  const { core, registry, contacts } = holder;
  return {
    cpf: core.document,
    nome: legacyUpper(core.name),
    nomeMae: holder.motherName ? legacyUpper(holder.motherName) : null,
    maeValidada: holder.motherName !== null,
    sexo: core.gender,
    dataNascimento: brDate(core.birthDate),
    idade: core.age,
    situacaoCadastral: legacyUpper(registry.status),
    dataInscricao: brDate(registry.registeredAt),
    obito: registry.death !== null,
    anoObito: registry.death ? Number(registry.death.date.slice(0, 4)) : null,
    listaRestritiva: {
      servico: registry.serviceListing !== null,
      tipo: registry.serviceListing?.type ?? null,
      empresasRelacionadas: listed.companies,
      pessoasRelacionadas: listed.persons,
    },
    enderecos: contacts.addresses.map(addressV1),
    telefones: contacts.phones.map(phoneV1),
    emails: contacts.emails.map((email) => email.address),
  };
}

function profileV2(holder: PersonHolder, listed: ReturnType<typeof listedRelations>): PersonProfileV2 {
  const { core, registry, contacts } = holder;
  return {
    document: core.document,
    name: { full: core.name, given: core.givenName, surnames: core.name.slice(core.givenName.length + 1) },
    gender: core.gender === "F" ? "female" : "male",
    birth: { date: core.birthDate, age: core.age },
    mother: { name: holder.motherName, validated: holder.motherName !== null },
    registry: {
      status: registry.status,
      registeredAt: registry.registeredAt,
      fiscalRegion: core.fiscalRegion,
      // The registry was last checked the day before the reference date.
      checkedAt: isoDate(addDays(REFERENCE_DATE, -1)),
    },
    death: { recorded: registry.death !== null, date: registry.death?.date ?? null },
    restrictiveLists: {
      service: {
        listed: registry.serviceListing !== null,
        type: registry.serviceListing?.type ?? null,
        since: registry.serviceListing?.since ?? null,
      },
      relatedCompaniesListed: listed.companies,
      relatedPersonsListed: listed.persons,
    },
    contacts: {
      addresses: contacts.addresses.map(addressV2),
      phones: contacts.phones.map(phoneV2),
      emails: contacts.emails.map(emailV2),
    },
  };
}

/** The block formats it publishes are declared in server/datasets/formats/person-profile.ts. */
export type { PersonProfileV1, PersonProfileV2 };

export function buildPersonProfile(version: string, cpf: string) {
  const holder = personHolder(cpf);
  const listed = listedRelations(cpf);
  const block = version === "1.0" ? profileV1(holder, listed) : profileV2(holder, listed);
  const rules = rulesFrom({
    deceased_holder: holder.registry.death !== null,
    irregular_fiscal_status: isIrregular(holder.registry.status),
    listed_on_service_restrictive_list: holder.registry.serviceListing !== null,
    related_on_service_restrictive_list: listed.companies + listed.persons > 0,
    mother_name_not_informed: holder.motherName === null,
  });
  return moduleData("person", "profile", version, block, rules);
}
