// The registry identity of a company derived from the CNPJ alone: state, legal nature, main
// activity, opening date, status, size, share capital and name. Like personCore(), every module
// that shows a company (related, lawsuit parties, partners) calls companyIdentity() with the
// company's own CNPJ, so the company's own profile always agrees with what other modules say.
//
// The legal name of most companies is built from the first partner's surname or name, so the
// first partner (always a person) is part of the identity; the rest of the QSA is in partners.ts.

import { memoize } from "../core/memo";
import { rngFor, type Rng } from "../core/prng";
import { BUSINESS_WEIGHTS, stateByUf, type City, type StateInfo } from "../geo/states";
import { pickCity, type PersonCore } from "../people/person";
import {
  activitiesFor,
  FANTASY_WORDS,
  LEGAL_NATURES,
  type Activity,
  type CompanySize,
  type Coded,
  type LegalNatureKey,
  type RegistrationStatus,
} from "./catalog";
import {
  legalName,
  NATURE_WEIGHTS,
  pickOpening,
  pickSize,
  secondaryActivities,
  shareCapital,
  STATUS_WEIGHTS,
  statusOf,
  taxRegime,
} from "./registry-draws";
import { knownCompany, type KnownCompany } from "./known";
import { firstPartner } from "./first-partner";
import { sandboxDocument } from "../behaviours";

export interface CompanyIdentity {
  document: string;
  headOffice: boolean;
  name: string;
  tradeName: string;
  natureKey: LegalNatureKey;
  legalNature: Coded;
  activity: Omit<Activity, "trade">;
  secondaryActivities: Coded[];
  state: StateInfo;
  city: City;
  openedAt: string;
  status: RegistrationStatus;
  statusDate: string;
  statusReason: string;
  size: CompanySize;
  shareCapital: number;
  taxRegime: string;
  /** The first QSA member: administrator, titular or president (always a person). */
  founder: PersonCore;
}

/** The registry facts that need no partner: cheap enough to screen many candidate CNPJs. */
export interface CompanyBasics {
  state: StateInfo;
  natureKey: LegalNatureKey;
  size: CompanySize;
  openedAt: string;
  status: RegistrationStatus;
}

export const companyBasics = memoize(deriveCompanyBasics);

function deriveCompanyBasics(cnpj: string): CompanyBasics {
  const known = knownCompany(cnpj);
  if (known) return { state: stateByUf(known.uf), natureKey: known.nature, size: "DEMAIS", openedAt: known.openedAt, status: "Ativa" };
  return drawBasics(rngFor(cnpj, "company"), cnpj);
}

/** Just the state (the first draw of the company stream). */
export function companyState(cnpj: string): StateInfo {
  const known = knownCompany(cnpj);
  if (known) return stateByUf(known.uf);
  if (sandboxDocument(cnpj)) return stateByUf("SP");
  return rngFor(cnpj, "company").weighted(BUSINESS_WEIGHTS);
}

function drawBasics(rng: Rng, cnpj: string): CompanyBasics & { city: City; activity: Activity } {
  const drawnState = rng.weighted(BUSINESS_WEIGHTS);
  const drawnCity = pickCity(rng, drawnState);
  const natureKey = rng.weighted(NATURE_WEIGHTS);
  const size = pickSize(rng, natureKey);
  const openedAt = pickOpening(rng, size);
  const activity = rng.pick(activitiesFor(natureKey));
  const drawnStatus = rng.weighted(STATUS_WEIGHTS);
  // Sandbox documents are head offices in São Paulo with exactly the documented status
  // (Ativa unless the behaviour says otherwise), like the sandbox CPFs, which are from SP.
  const behaviour = sandboxDocument(cnpj);
  if (!behaviour) return { state: drawnState, city: drawnCity, natureKey, size, openedAt, activity, status: drawnStatus };
  const sp = stateByUf("SP");
  return {
    state: sp,
    city: sp.cities[0]!,
    natureKey,
    size,
    openedAt,
    activity,
    status: (behaviour.registryStatus as RegistrationStatus | undefined) ?? "Ativa",
  };
}

/** The company behind a CNPJ (memoised: see core/memo.ts). */
export const companyIdentity = memoize(deriveCompanyIdentity);

function deriveCompanyIdentity(cnpj: string): CompanyIdentity {
  const known = knownCompany(cnpj);
  if (known) return knownIdentity(known);
  const rng = rngFor(cnpj, "company");
  const { state, city, natureKey, size, openedAt, activity, status } = drawBasics(rng, cnpj);
  const founder = firstPartner(cnpj, state, openedAt);
  const fantasy = rng.pick(FANTASY_WORDS);
  return {
    document: cnpj,
    headOffice: isHeadOffice(cnpj),
    name: legalName(rng, natureKey, size, activity.sector, fantasy, founder, cnpj),
    tradeName: `${rng.pick(activity.trade)} ${fantasy}`,
    natureKey,
    legalNature: LEGAL_NATURES[natureKey],
    activity: { code: activity.code, description: activity.description, sector: activity.sector },
    secondaryActivities: secondaryActivities(rng, natureKey, activity.code),
    state,
    city,
    openedAt,
    ...statusOf(rng, status, openedAt),
    size,
    shareCapital: shareCapital(rng, natureKey, size),
    taxRegime: taxRegime(size, natureKey),
    founder,
  };
}

function knownIdentity(known: KnownCompany): CompanyIdentity {
  const rng = rngFor(known.document, "company");
  const state = stateByUf(known.uf);
  return {
    document: known.document,
    headOffice: true,
    name: known.name,
    tradeName: known.tradeName,
    natureKey: known.nature,
    legalNature: LEGAL_NATURES[known.nature],
    activity: known.activity,
    secondaryActivities: [],
    state,
    city: state.cities[0]!,
    openedAt: known.openedAt,
    ...statusOf(rng, "Ativa", known.openedAt),
    size: "DEMAIS",
    shareCapital: known.shareCapital,
    taxRegime: "Lucro Real",
    founder: firstPartner(known.document, state, known.openedAt),
  };
}

export function isHeadOffice(cnpj: string): boolean {
  return cnpj.slice(8, 12) === "0001";
}
