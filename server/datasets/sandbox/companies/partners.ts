// The QSA (quadro de sócios e administradores) of a company. The first member comes from the
// identity; the others depend on the legal nature: partners with shares for limited companies,
// a board (president, directors) for corporations, associations and cooperatives.

import { dayAfter } from "../core/calendar";
import { rngFor, type Rng } from "../core/prng";
import { isSandboxDocument } from "../behaviours";
import type { Entity } from "../../types";
import { QUALIFICATIONS, type Coded } from "./catalog";
import { companyIdentity, type CompanyIdentity } from "./company";
import { constructPartner } from "./first-partner";
import { randomCnpj } from "./random";

export interface Partner {
  document: string;
  entity: Entity;
  name: string;
  qualification: Coded;
  /** Date the member joined (YYYY-MM-DD). */
  since: string;
  /** Share of the capital; null for board members without shares. */
  sharePercent: number | null;
}

export function companyPartners(company: CompanyIdentity): Partner[] {
  const rng = rngFor(company.document, "partners");
  const founder = company.founder;
  const first = (qualification: Coded, share: number | null): Partner => ({
    document: founder.document,
    entity: "person",
    name: founder.name,
    qualification,
    since: company.openedAt,
    sharePercent: share,
  });
  switch (company.natureKey) {
    case "individual":
      return [first(QUALIFICATIONS.empresario, 100)];
    case "anonimaFechada":
    case "anonimaAberta":
    case "cooperativa":
    case "associacao":
      return [first(QUALIFICATIONS.presidente, null), ...boardMembers(rng, company)];
    default:
      return withShares(rng, [first(QUALIFICATIONS.socioAdministrador, null), ...limitedPartners(rng, company)]);
  }
}

function boardMembers(rng: Rng, company: CompanyIdentity): Partner[] {
  const count = company.natureKey === "associacao" ? 1 : rng.int(1, 2);
  const members: Partner[] = [];
  for (let i = 0; i < count; i++) {
    const since = dayAfter(company.openedAt, rng.next());
    const person = constructPartner(rng, company.state, since, {
      exclude: (cpf) => isSandboxDocument(cpf) || cpf === company.founder.document,
    });
    if (!person) continue;
    const qualification = company.natureKey === "associacao" ? QUALIFICATIONS.administrador : QUALIFICATIONS.diretor;
    members.push({ document: person.document, entity: "person", name: person.name, qualification, since, sharePercent: null });
  }
  return members;
}

function limitedPartners(rng: Rng, company: CompanyIdentity): Partner[] {
  const count = rng.weighted<number>([
    [0, 40],
    [1, 42],
    [2, 18],
  ]);
  const partners: Partner[] = [];
  const taken = new Set([company.founder.document]);
  for (let i = 0; i < count; i++) {
    const since = rng.chance(0.6) ? company.openedAt : dayAfter(company.openedAt, rng.next());
    // Holdings appear in the QSA of larger limited companies.
    if (company.natureKey === "limitada" && company.size !== "ME" && rng.chance(0.2)) {
      const holding = constructCompanyPartner(rng, company.document);
      partners.push({
        document: holding.document,
        entity: "company",
        name: holding.name,
        qualification: QUALIFICATIONS.socio,
        since,
        sharePercent: null,
      });
      continue;
    }
    // Family businesses: a relative sharing the founder's last surname.
    const family = rng.chance(0.35) ? { lastSlot: company.founder.lastSlot } : {};
    const person = constructPartner(rng, company.state, since, { ...family, exclude: (cpf) => isSandboxDocument(cpf) || taken.has(cpf) });
    if (!person) continue;
    taken.add(person.document);
    partners.push({
      document: person.document,
      entity: "person",
      name: person.name,
      qualification: QUALIFICATIONS.socio,
      since,
      sharePercent: null,
    });
  }
  return partners;
}

function constructCompanyPartner(rng: Rng, self: string): CompanyIdentity {
  return companyIdentity(randomCnpj(rng, (cnpj) => cnpj === self));
}

/** Shares in whole percentages summing to 100; the administrator tends to hold the most. */
function withShares(rng: Rng, partners: Partner[]): Partner[] {
  const weights = partners.map((_, index) => rng.int(1, 5) + (index === 0 ? 4 : 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let assigned = 0;
  return partners.map((partner, index) => {
    const share = index === partners.length - 1 ? 100 - assigned : Math.max(1, Math.round((weights[index]! / total) * 100));
    assigned += share;
    return { ...partner, sharePercent: share };
  });
}
