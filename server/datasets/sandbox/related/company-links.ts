// A company's network: its QSA (the same members its profile lists), employees, legal
// representatives and the companies it holds shares in. The large_network sandbox document gets
// many of each, most with lawsuits, plus the sandbox's deceased and blacklisted holders.

import { adultSince, dayAfter, laterOf, REFERENCE_DATE } from "../core/calendar";
import { rngFor } from "../core/prng";
import { isSandboxDocument, sandboxDocument, sandboxDocumentFor } from "../behaviours";
import { QUALIFICATIONS, type CompanySize } from "../companies/catalog";
import { companyBasics } from "../companies/company";
import { companyHolder } from "../companies/holder";
import { partnerRegion } from "../companies/first-partner";
import { lawsuitCount } from "../lawsuits/generate";
import { constructPerson } from "../people/person";
import { findCompany } from "./find-company";
import { addHugeNetwork } from "./huge-network";
import { LinkList, type RelatedLink } from "./links";

const EMPLOYEES: Record<CompanySize, readonly [number, number]> = { MEI: [0, 1], ME: [1, 3], EPP: [2, 5], DEMAIS: [3, 6] };

export function companyLinks(cnpj: string): RelatedLink[] {
  const { identity, partners } = companyHolder(cnpj);
  const behaviour = sandboxDocument(cnpj)?.name;
  const huge = behaviour === "huge_network";
  const large = behaviour === "large_network" || huge;
  const rng = rngFor(cnpj, "related");
  const list = new LinkList(cnpj);
  for (const partner of partners) {
    list.add({
      document: partner.document,
      entity: partner.entity,
      relation: "partnership",
      role: "partner",
      since: partner.since,
      qualification: partner.qualification,
    });
  }
  const withLawsuits = (document: string) => !large || lawsuitCount(document, document.length === 11 ? "person" : "company") > 0;
  const exclude = (document: string) => list.has(document) || isSandboxDocument(document);
  const latestBirthYear = REFERENCE_DATE.getUTCFullYear() - 18;
  const person = () =>
    constructPerson(rng, {
      fiscalRegion: partnerRegion(rng, identity.state),
      birthYears: [1950, latestBirthYear],
      accept: (core) => withLawsuits(core.document),
      exclude,
    });
  const employees = large ? 10 : rng.int(...EMPLOYEES[identity.size]);
  for (let i = 0; i < employees; i++) {
    const employee = person();
    if (!employee) continue;
    const since = dayAfter(laterOf(adultSince(employee.birthDate), identity.openedAt), rng.next());
    list.add({ document: employee.document, entity: "person", relation: "employment", role: "employee", since });
  }
  const representatives = large ? 3 : rng.chance(0.35) ? 1 : 0;
  for (let i = 0; i < representatives; i++) {
    const representative = person();
    if (representative)
      list.add({
        document: representative.document,
        entity: "person",
        relation: "representation",
        role: "legal_representative",
        since: dayAfter(identity.openedAt, rng.next()),
      });
  }
  const subsidiaries = large ? 8 : rng.chance(0.12) ? 1 : 0;
  for (let i = 0; i < subsidiaries; i++) {
    const subsidiary = findCompany(rng, {
      state: large ? undefined : identity.state,
      natures: ["limitada"],
      accept: withLawsuits,
      exclude,
    });
    list.add(subsidiaryLink(subsidiary, identity.openedAt));
  }
  if (large) {
    const sandbox = (name: Parameters<typeof sandboxDocumentFor>[0], entity: "person" | "company") =>
      sandboxDocumentFor(name, entity)!.document;
    list.add({
      document: sandbox("service_blacklisted", "person"),
      entity: "person",
      relation: "representation",
      role: "legal_representative",
      since: dayAfter(identity.openedAt, rng.next()),
    });
    list.add({
      document: sandbox("deceased", "person"),
      entity: "person",
      relation: "partnership",
      role: "former_partner",
      since: identity.openedAt,
      qualification: QUALIFICATIONS.socio,
    });
    list.add(subsidiaryLink(sandbox("service_blacklisted", "company"), identity.openedAt));
    list.add(subsidiaryLink(sandbox("irregular", "company"), identity.openedAt));
  }
  if (huge) addHugeNetwork(list, rng, identity.openedAt);
  return list.links;
}

function subsidiaryLink(cnpj: string, holderOpenedAt: string): RelatedLink {
  const openedAt = companyBasics(cnpj).openedAt;
  return {
    document: cnpj,
    entity: "company",
    relation: "partnership",
    role: "subsidiary",
    since: openedAt > holderOpenedAt ? openedAt : holderOpenedAt,
    qualification: QUALIFICATIONS.socio,
  };
}
