// A person's network: family (built with matching surnames), the employer, companies the
// person owns or represents, and, for the large_network sandbox document, many business
// partners (most of them with lawsuits) plus the sandbox's deceased and blacklisted holders.

import { addDays, adultSince, dayAfter, daysBeforeReference, isoDate, laterOf, parseIsoDate } from "../core/calendar";
import { rngFor, type Rng } from "../core/prng";
import { isSandboxDocument, sandboxDocument, sandboxDocumentFor } from "../behaviours";
import { QUALIFICATIONS } from "../companies/catalog";
import { companyBasics } from "../companies/company";
import { lawsuitCount } from "../lawsuits/generate";
import { childrenOf, fatherOf, motherOf, siblingsOf, spouseOf } from "../people/family";
import { constructPerson, personCore, type PersonCore } from "../people/person";
import { findCompany } from "./find-company";
import { addHugeNetwork } from "./huge-network";
import { LinkList, type RelatedLink } from "./links";

const LIMITED = ["limitada", "simplesLimitada"] as const;

export function personLinks(cpf: string): RelatedLink[] {
  const core = personCore(cpf);
  const behaviour = sandboxDocument(cpf)?.name;
  const huge = behaviour === "huge_network";
  const large = behaviour === "large_network" || huge;
  const rng = rngFor(cpf, "related");
  const list = new LinkList(cpf);
  addFamily(list, rng, core, large);
  const adult = adultSince(core.birthDate);
  // The large network spans states (a demo network is a business web, not a neighbourhood), which
  // also keeps building its many nodes cheap.
  const near = large ? undefined : core.state;
  const withLawsuits = (document: string) => !large || lawsuitCount(document, document.length === 11 ? "person" : "company") > 0;
  const exclude = (document: string) => list.has(document) || isSandboxDocument(document);

  const employers = large ? 2 : core.age < 65 && rng.chance(0.55) ? 1 : 0;
  for (let i = 0; i < employers; i++) {
    const cnpj = findCompany(rng, {
      state: core.state,
      activeOnly: i === 0,
      natures: ["limitada", "anonimaFechada", "simplesLimitada"],
      accept: withLawsuits,
      exclude,
    });
    list.add({
      document: cnpj,
      entity: "company",
      relation: "employment",
      role: i === 0 ? "employer" : "former_employer",
      since: dayAfter(laterOf(adult, companyBasics(cnpj).openedAt), rng.next()),
    });
  }
  const owned = large ? 6 : rng.chance(0.22) ? rng.int(1, 2) : 0;
  for (let i = 0; i < owned; i++) {
    const cnpj = findCompany(rng, { state: near, natures: LIMITED, accept: withLawsuits, exclude });
    list.add(ownedCompany(rng, cnpj, adult));
  }
  const represented = large ? 3 : rng.chance(0.08) ? 1 : 0;
  for (let i = 0; i < represented; i++) {
    const cnpj = findCompany(rng, { state: near, activeOnly: true, accept: withLawsuits, exclude });
    list.add({
      document: cnpj,
      entity: "company",
      relation: "representation",
      role: "represented_company",
      since: dayAfter(laterOf(adult, companyBasics(cnpj).openedAt), rng.next()),
    });
  }
  if (large) addLargeNetworkPartners(list, rng, core, adult, withLawsuits);
  if (huge) addHugeNetwork(list, rng, adult);
  return list.links;
}

function ownedCompany(rng: Rng, cnpj: string, adult: string): RelatedLink {
  const qualification = rng.chance(0.6) ? QUALIFICATIONS.socioAdministrador : QUALIFICATIONS.socio;
  const since = laterOf(adult, companyBasics(cnpj).openedAt);
  return { document: cnpj, entity: "company", relation: "partnership", role: "owned_company", since, qualification };
}

function addFamily(list: LinkList, rng: Rng, core: PersonCore, large: boolean): void {
  const kin = (person: PersonCore | null, role: RelatedLink["role"], since: string) =>
    person && list.add({ document: person.document, entity: "person", relation: "kinship", role, since });
  kin(motherOf(core), "mother", core.birthDate);
  kin(fatherOf(core), "father", core.birthDate);
  const spouse = spouseOf(core, large);
  if (spouse) {
    const married = addDays(parseIsoDate(laterOf(core.birthDate, spouse.birthDate)), rng.int(20 * 365, 30 * 365));
    kin(
      spouse,
      "spouse",
      isoDate(married) < isoDate(daysBeforeReference(60))
        ? isoDate(married)
        : dayAfter(laterOf(core.birthDate, spouse.birthDate), rng.next()),
    );
  }
  const siblingCount = large
    ? 3
    : rng.weighted<number>([
        [0, 40],
        [1, 35],
        [2, 25],
      ]);
  for (const sibling of siblingsOf(core, siblingCount)) kin(sibling, "sibling", laterOf(core.birthDate, sibling.birthDate));
  const childCount = large
    ? 2
    : rng.weighted<number>([
        [0, 45],
        [1, 30],
        [2, 25],
      ]);
  for (const child of childrenOf(core, spouse, childCount)) kin(child, "child", child.birthDate);
}

function addLargeNetworkPartners(
  list: LinkList,
  rng: Rng,
  core: PersonCore,
  adult: string,
  withLawsuits: (document: string) => boolean,
): void {
  for (let i = 0; i < 6; i++) {
    const partner = constructPerson(rng, {
      fiscalRegion: core.fiscalRegion,
      accept: (person) => withLawsuits(person.document),
      exclude: (document) => list.has(document) || isSandboxDocument(document),
    });
    if (partner)
      list.add({
        document: partner.document,
        entity: "person",
        relation: "partnership",
        role: "co_partner",
        since: dayAfter(adult, rng.next()),
      });
  }
  // Risky holders of the sandbox sit in this network, so the network view has something to flag.
  const sandbox = (name: Parameters<typeof sandboxDocumentFor>[0], entity: "person" | "company") =>
    sandboxDocumentFor(name, entity)!.document;
  list.add({
    document: sandbox("deceased", "person"),
    entity: "person",
    relation: "partnership",
    role: "co_partner",
    since: dayAfter(adult, rng.next()),
  });
  list.add({
    document: sandbox("service_blacklisted", "person"),
    entity: "person",
    relation: "partnership",
    role: "co_partner",
    since: dayAfter(adult, rng.next()),
  });
  list.add(ownedCompany(rng, sandbox("service_blacklisted", "company"), adult));
  list.add(ownedCompany(rng, sandbox("irregular", "company"), adult));
}
