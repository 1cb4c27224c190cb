// The first QSA member of a company (its administrator, titular or president). Kept apart from
// the rest of the QSA because the company's legal name depends on it.

import { rngFor, type Rng } from "../core/prng";
import type { StateInfo } from "../geo/states";
import { constructPerson, type PersonCore, type PersonWanted } from "../people/person";
import { isSandboxDocument } from "../behaviours";

/** Partners mostly hold CPFs of the company's own fiscal region. */
export function partnerRegion(rng: Rng, state: StateInfo): number {
  return rng.chance(0.85) ? state.fiscalRegion : rng.int(0, 9);
}

/** A person of age at `since` (18 or older on that date), from the company's region. */
export function constructPartner(rng: Rng, state: StateInfo, since: string, extra: Partial<PersonWanted> = {}): PersonCore | null {
  const latestBirthYear = Number(since.slice(0, 4)) - 18;
  return constructPerson(rng, {
    fiscalRegion: partnerRegion(rng, state),
    birthYears: [1930, latestBirthYear],
    exclude: isSandboxDocument,
    ...extra,
  });
}

export function firstPartner(cnpj: string, state: StateInfo, openedAt: string): PersonCore {
  const rng = rngFor(cnpj, "founder");
  const founder =
    constructPartner(rng, state, openedAt) ??
    constructPerson(rng, { fiscalRegion: state.fiscalRegion, exclude: isSandboxDocument }, 10_000);
  if (!founder) throw new Error("no founder could be built");
  return founder;
}
