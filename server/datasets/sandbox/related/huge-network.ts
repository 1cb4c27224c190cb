// The huge_network sandbox documents: a business web of more than 300 persons and companies on
// three levels, for the console's lawsuit network graph (docs/sandbox.md). Level 1 are the
// holder's own links (as for large_network) plus many more companies; level 2 are the partners
// and employees of each level-1 company; level 3 are companies owned by some level-2 persons.
// Links beyond level 1 carry `via`: the document of the party through which they were found,
// and their relation and role describe the link to that party.

import { adultSince, dayAfter, laterOf } from "../core/calendar";
import type { Rng } from "../core/prng";
import { isSandboxDocument } from "../behaviours";
import { QUALIFICATIONS } from "../companies/catalog";
import { companyBasics } from "../companies/company";
import { lawsuitCount } from "../lawsuits/generate";
import { constructPerson } from "../people/person";
import { findCompany } from "./find-company";
import type { LinkList, RelatedLink } from "./links";

/** Level-1 companies added on top of the large_network links. */
const EXTRA_COMPANIES = 36;
/** Persons found through each level-1 company. */
const PEOPLE_PER_COMPANY = 6;
/** Every how many level-2 persons one owns a level-3 company. */
const OWNER_EVERY = 12;

export function addHugeNetwork(list: LinkList, rng: Rng, holderOpenedAt: string): void {
  const exclude = (document: string) => list.has(document) || isSandboxDocument(document);
  for (let i = 0; i < EXTRA_COMPANIES; i++) {
    const cnpj = findCompany(rng, { natures: ["limitada", "simplesLimitada", "anonimaFechada"], exclude });
    const openedAt = companyBasics(cnpj).openedAt;
    const since = openedAt > holderOpenedAt ? openedAt : holderOpenedAt;
    list.add(
      i % 3 === 0
        ? { document: cnpj, entity: "company", relation: "partnership", role: "subsidiary", since, qualification: QUALIFICATIONS.socio }
        : {
            document: cnpj,
            entity: "company",
            relation: "partnership",
            role: "owned_company",
            since,
            qualification: QUALIFICATIONS.socioAdministrador,
          },
    );
  }
  const level1Companies = list.links.filter((link) => link.entity === "company" && !link.via);
  const level2: RelatedLink[] = [];
  for (const company of level1Companies) {
    const openedAt = companyBasics(company.document).openedAt;
    for (let i = 0; i < PEOPLE_PER_COMPANY; i++) {
      // two in three have lawsuits; the others let "só com processos" hide something
      const accept = i % 3 === 2 ? undefined : (core: { document: string }) => lawsuitCount(core.document, "person") > 0;
      const person = constructPerson(rng, { fiscalRegion: rng.int(0, 9), birthYears: [1950, 2005], accept, exclude });
      if (!person) continue;
      const since = dayAfter(laterOf(adultSince(person.birthDate), openedAt), rng.next());
      const link: RelatedLink =
        i < 2
          ? {
              document: person.document,
              entity: "person",
              relation: "partnership",
              role: "partner",
              since,
              qualification: i === 0 ? QUALIFICATIONS.socioAdministrador : QUALIFICATIONS.socio,
              via: company.document,
            }
          : { document: person.document, entity: "person", relation: "employment", role: "employee", since, via: company.document };
      list.add(link);
      level2.push(link);
    }
  }
  level2.forEach((person, index) => {
    if (index % OWNER_EVERY !== 0) return;
    const cnpj = findCompany(rng, { natures: ["limitada", "simplesLimitada"], exclude });
    const since = laterOf(person.since, companyBasics(cnpj).openedAt);
    list.add({
      document: cnpj,
      entity: "company",
      relation: "partnership",
      role: "owned_company",
      since,
      qualification: QUALIFICATIONS.socio,
      via: person.document,
    });
  });
}
