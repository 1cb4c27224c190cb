// The identity of a person derived from the CPF alone: gender, name, birth date, state, city.
// Everything else about a person (contacts, finance, lawsuits, relatives) builds on this, and
// any module that shows a person (a relative, a partner, a lawsuit party) calls personCore()
// with that person's CPF, so the name shown there is the name the person's own profile gives.
//
// Surnames are the one part not taken from the hash: their slot numbers come from CPF digits
// 5-6 and 7-8, offset by a hash of digits 1-4. That makes the
// mapping invertible: constructPerson() can build a mother's CPF whose last surname is the
// holder's middle surname, or a sibling's with both surnames, without trial and error.

import { makeCpf } from "../../../../lib/contract/documents";
import { ageAt, isoDate, REFERENCE_DATE } from "../core/calendar";
import { memoize } from "../core/memo";
import { hashString, rngFor, type Rng, type Weighted } from "../core/prng";
import { populationWeights, type City, type StateInfo } from "../geo/states";
import { givenNames, SURNAME_SLOTS, type Gender } from "./names";

export interface PersonCore {
  document: string;
  gender: Gender;
  givenName: string;
  middleSurname: string;
  lastSurname: string;
  middleSlot: number;
  lastSlot: number;
  /** Full name as the modern datasets print it ("Maria de Souza da Silva"). */
  name: string;
  birthDate: string;
  age: number;
  /** CPF 9th digit. */
  fiscalRegion: number;
  state: StateInfo;
  city: City;
}

function slotOffsets(firstFour: string): { middle: number; last: number } {
  return { middle: hashString(`middle:${firstFour}`) % 100, last: hashString(`last:${firstFour}`) % 100 };
}

// Digit pairs are spread over the slots (x37, a bijection mod 100; 73 is its inverse) so that
// neighbouring CPFs do not land on neighbouring slots, which often hold the same surname.
const SPREAD = 37;
const SPREAD_INVERSE = 73;
const mod100 = (value: number) => ((value % 100) + 100) % 100;

function slotsOf(cpf: string): { middle: number; last: number } {
  const offsets = slotOffsets(cpf.slice(0, 4));
  const middlePair = Number(cpf.slice(4, 6));
  const lastPair = Number(cpf.slice(6, 8));
  return {
    middle: mod100(offsets.middle + SPREAD * middlePair + 11 * lastPair),
    last: mod100(offsets.last + SPREAD * lastPair),
  };
}

/** The digit pairs (positions 5-6 and 7-8) that give the wanted slots: slotsOf() inverted. */
function pairsFor(
  offsets: { middle: number; last: number },
  middleSlot: number,
  lastSlot: number,
): { middlePair: number; lastPair: number } {
  const lastPair = mod100((lastSlot - offsets.last) * SPREAD_INVERSE);
  const middlePair = mod100((middleSlot - offsets.middle - 11 * lastPair) * SPREAD_INVERSE);
  return { middlePair, lastPair };
}

// Ages of adult holders: most are of working age.
const AGE_BANDS: Weighted<readonly [number, number]> = [
  [[18, 30], 25],
  [[31, 45], 31],
  [[46, 60], 25],
  [[61, 75], 14],
  [[76, 92], 5],
];

/** Gender and birth date: the first draws of a person's stream, cheap to screen candidates with. */
function drawTraits(rng: Rng): { gender: Gender; birth: Date } {
  const gender: Gender = rng.chance(0.5) ? "F" : "M";
  const [minAge, maxAge] = rng.weighted(AGE_BANDS);
  // A day between (maxAge + 1) years and minAge years before the reference date, computed in
  // plain numbers: this runs for every candidate constructPerson() screens.
  const earliest = (maxAge + 1) * 365 - 1;
  const latest = minAge * 365 + 5;
  const daysBefore = earliest - Math.floor(rng.next() * (earliest - latest + 1));
  return { gender, birth: new Date(REFERENCE_MS - daysBefore * DAY_MS) };
}

const REFERENCE_MS = REFERENCE_DATE.getTime();
const DAY_MS = 86_400_000;

/** Share of people whose birth year falls in [from, to] (ages are uniform inside each band). */
function birthYearShare(from: number, to: number): number {
  const total = AGE_BANDS.reduce((sum, [, weight]) => sum + weight, 0);
  let share = 0;
  for (const [[minAge, maxAge], weight] of AGE_BANDS) {
    const bandFrom = REFERENCE_YEAR - maxAge - 1;
    const bandTo = REFERENCE_YEAR - minAge;
    const overlap = Math.min(to, bandTo) - Math.max(from, bandFrom) + 1;
    if (overlap > 0) share += (weight / total) * (overlap / (bandTo - bandFrom + 1));
  }
  return share;
}

const REFERENCE_YEAR = REFERENCE_DATE.getUTCFullYear();

/** Below this chance per candidate, nobody fits (a mother aged 90): give up at once. */
const MIN_CHANCE = 0.02;

/** The person behind a CPF (memoised: see core/memo.ts). */
export const personCore = memoize(derivePersonCore);

function derivePersonCore(cpf: string): PersonCore {
  const rng = rngFor(cpf, "person");
  const { gender, birth } = drawTraits(rng);
  const birthDate = isoDate(birth);
  const givenName = rng.pick(givenNames(gender, birth.getUTCFullYear()));
  const slots = slotsOf(cpf);
  const middleSurname = SURNAME_SLOTS[slots.middle]!;
  const lastSurname = SURNAME_SLOTS[slots.last]!;
  const fiscalRegion = Number(cpf[8]);
  const state = rng.weighted(populationWeights(fiscalRegion));
  const city = pickCity(rng, state);
  // Two equal surnames read as a typo ("da Silva da Silva"): people like that are registered with one.
  const name = middleSurname === lastSurname ? `${givenName} ${lastSurname}` : `${givenName} ${middleSurname} ${lastSurname}`;
  return {
    document: cpf,
    gender,
    givenName,
    middleSurname,
    lastSurname,
    middleSlot: slots.middle,
    lastSlot: slots.last,
    name,
    birthDate,
    age: ageAt(birthDate),
    fiscalRegion,
    state,
    city,
  };
}

/** The capital (first city) holds about half of a state's people. */
export function pickCity(rng: Rng, state: StateInfo): City {
  return rng.chance(0.5) ? state.cities[0]! : rng.pick(state.cities);
}

export interface PersonWanted {
  fiscalRegion: number;
  gender?: Gender;
  middleSlot?: number;
  lastSlot?: number;
  /** Inclusive range of birth years. */
  birthYears?: readonly [number, number];
  /** Extra condition (for example "has lawsuits"); candidates failing it are skipped. */
  accept?: (core: PersonCore) => boolean;
  /** Documents that must not be returned (the holder, people already listed, sandbox documents). */
  exclude?: (cpf: string) => boolean;
}

/** 000000000, 111111111...: their CPFs are invalid. */
function sameDigits(base: string): boolean {
  for (let i = 1; i < base.length; i++) if (base[i] !== base[0]) return false;
  return true;
}

/**
 * Builds a CPF (with valid check digits) for a person matching `wanted`, drawing from `rng`.
 * Surnames are placed exactly; gender, birth year and `accept` are met by drawing again. When
 * too few people fit the gender and birth years it gives up at once (null), and it also gives up
 * after `maxTries` candidates.
 */
export function constructPerson(rng: Rng, wanted: PersonWanted, maxTries = 400): PersonCore | null {
  if (wanted.birthYears) {
    const chance = birthYearShare(wanted.birthYears[0], wanted.birthYears[1]) * (wanted.gender ? 0.5 : 1);
    if (chance < MIN_CHANCE) return null;
  }
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const firstFour = rng.digits(4);
    const offsets = slotOffsets(firstFour);
    const { middlePair, lastPair } = pairsFor(offsets, wanted.middleSlot ?? rng.int(0, 99), wanted.lastSlot ?? rng.int(0, 99));
    const base = `${firstFour}${String(middlePair).padStart(2, "0")}${String(lastPair).padStart(2, "0")}${wanted.fiscalRegion}`;
    if (sameDigits(base)) continue;
    const cpf = makeCpf(base);
    // Screen on the cheap traits first; most candidates fail here when the window is narrow.
    const traits = drawTraits(rngFor(cpf, "person"));
    if (wanted.gender && traits.gender !== wanted.gender) continue;
    const year = traits.birth.getUTCFullYear();
    if (wanted.birthYears && (year < wanted.birthYears[0] || year > wanted.birthYears[1])) continue;
    if (wanted.exclude?.(cpf)) continue;
    const core = personCore(cpf);
    if (wanted.accept && !wanted.accept(core)) continue;
    return core;
  }
  return null;
}
