// A holder's lawsuits, in one canonical form that every lawsuits dataset version formats its own
// way. Lawsuits are filed in the holder's city and state (TJ/TRT/TRF of that state), the other
// parties are real sandbox holders (persons and companies whose own profile gives the same
// name) or public bodies, and every number is a valid CNJ number.

import { dateBetween, daysBeforeReference, daysBetween, isoDate, REFERENCE_DATE } from "../core/calendar";
import { rngFor, type Rng, type Weighted } from "../core/prng";
import { isSandboxDocument, sandboxDocument } from "../behaviours";
import { companyIdentity } from "../companies/company";
import { KNOWN_COMPANIES } from "../companies/known";
import { randomCnpj } from "../companies/random";
import type { City, StateInfo } from "../geo/states";
import { constructPerson, personCore } from "../people/person";
import type { Entity } from "../../types";
import { COMPANY_TEMPLATES, PERSON_TEMPLATES, type Coded, type LawsuitArea, type LawsuitTemplate } from "./catalog";
import { makeCnjNumber } from "./cnj";
import { courtFor, publicBodies, type Court } from "./courts";

export type LawsuitStatus = "em andamento" | "arquivado" | "baixado";

export interface LawsuitParty {
  name: string;
  document: string | null;
  entity: Entity | "public_body";
  side: "active" | "passive";
  role: string;
  isHolder: boolean;
}

export interface Lawsuit {
  number: string;
  court: Court;
  unit: string;
  city: string;
  state: string;
  class: Coded;
  subject: Coded;
  area: LawsuitArea;
  /** The holder's side. */
  side: "plaintiff" | "defendant";
  status: LawsuitStatus;
  claimValue: number | null;
  filedAt: string;
  lastMovementAt: string;
  parties: LawsuitParty[];
}

interface Holder {
  document: string;
  entity: Entity;
  name: string;
  state: StateInfo;
  city: City;
}

const PERSON_COUNTS: Weighted<readonly [number, number]> = [
  [[0, 0], 55],
  [[1, 1], 18],
  [[2, 2], 11],
  [[3, 3], 7],
  [[4, 6], 6],
  [[7, 12], 3],
];
const COMPANY_COUNTS: Weighted<readonly [number, number]> = [
  [[0, 0], 35],
  [[1, 3], 35],
  [[4, 10], 22],
  [[11, 25], 8],
];

function countFrom(rng: Rng, document: string, entity: Entity): number {
  const [min, max] = rng.weighted(entity === "person" ? PERSON_COUNTS : COMPANY_COUNTS);
  const count = rng.int(min, max);
  // The large-network holders are litigious too; their networks are the point of the demo.
  const name = sandboxDocument(document)?.name;
  return name === "large_network" || name === "huge_network" ? Math.max(count, 5) : count;
}

/** How many lawsuits a holder has, without generating them (cheap: used to pick related nodes). */
export function lawsuitCount(document: string, entity: Entity): number {
  return countFrom(rngFor(document, "lawsuits"), document, entity);
}

export function lawsuitsOf(document: string, entity: Entity): Lawsuit[] {
  const rng = rngFor(document, "lawsuits");
  const count = countFrom(rng, document, entity);
  if (count === 0) return [];
  const holder = holderOf(document, entity);
  const templates = entity === "person" ? PERSON_TEMPLATES : COMPANY_TEMPLATES;
  const lawsuits: Lawsuit[] = [];
  for (let i = 0; i < count; i++) lawsuits.push(makeLawsuit(rng, holder, rng.weighted(templates)));
  // Newest first, as court search services list them.
  return lawsuits.sort((a, b) => b.filedAt.localeCompare(a.filedAt) || a.number.localeCompare(b.number));
}

function holderOf(document: string, entity: Entity): Holder {
  if (entity === "person") {
    const core = personCore(document);
    return { document, entity, name: core.name, state: core.state, city: core.city };
  }
  const company = companyIdentity(document);
  return { document, entity, name: company.name, state: company.state, city: company.city };
}

function makeLawsuit(rng: Rng, holder: Holder, template: LawsuitTemplate): Lawsuit {
  const court = courtFor(template.segment, holder.state, holder.city);
  const filed = dateBetween(daysBeforeReference(12 * 365), daysBeforeReference(10), rng.next());
  const recent = daysBetween(filed, REFERENCE_DATE) < 3 * 365;
  const status: LawsuitStatus = rng.chance(recent ? 0.75 : 0.3) ? "em andamento" : rng.pick(["arquivado", "baixado"] as const);
  const lastMovement = dateBetween(filed, daysBeforeReference(status === "em andamento" ? 1 : 60), rng.next());
  const unitNumber = rng.int(1, holder.city === holder.state.cities[0] ? 40 : 4);
  const number = makeCnjNumber({
    sequence: rng.int(1, 9_999_999),
    year: filed.getUTCFullYear(),
    segment: court.j,
    court: court.tr,
    origin: originOf(rng, template),
  });
  const counterpart = counterpartOf(rng, template, holder);
  const holderParty: LawsuitParty = {
    name: holder.name,
    document: holder.document,
    entity: holder.entity,
    side: template.holderSide,
    role: template.roles.holder,
    isHolder: true,
  };
  const otherParty: LawsuitParty = {
    ...counterpart,
    side: template.holderSide === "active" ? "passive" : "active",
    role: template.roles.counterpart,
    isHolder: false,
  };
  return {
    number,
    court,
    unit: template.unit(unitNumber, holder.city.name),
    city: holder.city.name,
    state: holder.state.uf,
    class: rng.pick(template.classes),
    subject: rng.pick(template.subjects),
    area: template.area,
    side: template.holderSide === "active" ? "plaintiff" : "defendant",
    status,
    claimValue: template.claim ? rng.amount(template.claim[0], template.claim[1]) : null,
    filedAt: isoDate(filed),
    lastMovementAt: isoDate(maxDate(filed, lastMovement)),
    // Active side first, as court records list them.
    parties: template.holderSide === "active" ? [holderParty, otherParty] : [otherParty, holderParty],
  };
}

function maxDate(a: Date, b: Date): Date {
  return a.getTime() > b.getTime() ? a : b;
}

/** OOOO: the originating unit's code inside the court. */
function originOf(rng: Rng, template: LawsuitTemplate): number {
  if (template.segment === "labour") return rng.int(1, 99);
  if (template.segment === "federal") return rng.int(30, 84) * 100 + rng.int(0, 20);
  return rng.int(1, 720);
}

type Counterpart = Omit<LawsuitParty, "side" | "role" | "isHolder">;

function counterpartOf(rng: Rng, template: LawsuitTemplate, holder: Holder): Counterpart {
  const body = (name: string): Counterpart => ({ name, document: null, entity: "public_body" });
  switch (template.counterpart) {
    case "municipality":
      return body(publicBodies.municipality(holder.city));
    case "state_treasury":
      return body(publicBodies.stateTreasury(holder.state));
    case "prosecutor":
      return body(publicBodies.prosecutor(holder.state));
    case "union":
      return body(publicBodies.union());
    case "social_security":
      return body(publicBodies.socialSecurity());
    case "known_company": {
      const segments = template.creditorSegments;
      const known = rng.pick(segments ? KNOWN_COMPANIES.filter((c) => segments.includes(c.segment)) : KNOWN_COMPANIES);
      return { name: known.name, document: known.document, entity: "company" };
    }
    case "company": {
      const company = companyIdentity(randomCnpj(rng, (cnpj) => cnpj === holder.document));
      return { name: company.name, document: company.document, entity: "company" };
    }
    case "person": {
      const person = constructPerson(rng, {
        fiscalRegion: holder.state.fiscalRegion,
        exclude: (cpf) => cpf === holder.document || isSandboxDocument(cpf),
      });
      return person ? { name: person.name, document: person.document, entity: "person" } : body("Parte não identificada");
    }
  }
}
