// Relatives of a person, built so the names agree with Brazilian naming: a child's middle
// surname is the mother's last surname and the last surname is the father's. Each relative is
// drawn from its own stream, so the profile's motherName and the related module's "mother"
// are the same person (same CPF, same name).

import { REFERENCE_DATE } from "../core/calendar";
import { rngFor } from "../core/prng";
import { isSandboxDocument } from "../behaviours";
import { SURNAME_SLOTS, givenNames } from "./names";
import { constructPerson, type PersonCore } from "./person";

/** Oldest birth year personCore() produces (ages stop at 92). */
const OLDEST_BIRTH_YEAR = REFERENCE_DATE.getUTCFullYear() - 93;
const YOUNGEST_ADULT_BIRTH_YEAR = REFERENCE_DATE.getUTCFullYear() - 18;

function birthYear(core: PersonCore): number {
  return Number(core.birthDate.slice(0, 4));
}

function notSelf(core: PersonCore, taken: readonly string[] = []) {
  return (cpf: string) => cpf === core.document || taken.includes(cpf) || isSandboxDocument(cpf);
}

/** The mother as a CPF holder, when she can be (not for holders whose mother would be over 92). */
export function motherOf(core: PersonCore): PersonCore | null {
  const year = birthYear(core);
  if (year - 16 < OLDEST_BIRTH_YEAR) return null;
  return constructPerson(rngFor(core.document, "mother"), {
    fiscalRegion: core.fiscalRegion,
    gender: "F",
    lastSlot: core.middleSlot,
    birthYears: [Math.max(OLDEST_BIRTH_YEAR, year - 42), year - 16],
    exclude: notSelf(core),
  });
}

/** The mother's name as the CPF registry holds it; null when it was never informed. */
export function motherNameOf(core: PersonCore): string | null {
  const rng = rngFor(core.document, "mother-name");
  if (rng.chance(0.04)) return null;
  const mother = motherOf(core);
  if (mother) return mother.name;
  // Mother too old to be a holder herself: a name of her generation with the holder's middle surname.
  const given = rng.pick(givenNames("F", birthYear(core) - 25));
  return `${given} ${SURNAME_SLOTS[rng.int(0, 99)]} ${core.middleSurname}`;
}

export function fatherOf(core: PersonCore): PersonCore | null {
  const year = birthYear(core);
  const rng = rngFor(core.document, "father");
  // Not every father is on record.
  if (year - 18 < OLDEST_BIRTH_YEAR || rng.chance(0.15)) return null;
  return constructPerson(rng, {
    fiscalRegion: core.fiscalRegion,
    gender: "M",
    lastSlot: core.lastSlot,
    birthYears: [Math.max(OLDEST_BIRTH_YEAR, year - 50), year - 18],
    exclude: notSelf(core),
  });
}

export function spouseOf(core: PersonCore, always = false): PersonCore | null {
  const rng = rngFor(core.document, "spouse");
  if (!always && (core.age < 24 || !rng.chance(0.55))) return null;
  const year = birthYear(core);
  return constructPerson(rng, {
    fiscalRegion: rng.chance(0.8) ? core.fiscalRegion : rng.int(0, 9),
    gender: core.gender === "F" ? "M" : "F",
    birthYears: [Math.max(OLDEST_BIRTH_YEAR, year - 8), Math.min(YOUNGEST_ADULT_BIRTH_YEAR, year + 8)],
    exclude: notSelf(core),
  });
}

/** Brothers and sisters: same mother and father, so both surnames match. */
export function siblingsOf(core: PersonCore, count: number): PersonCore[] {
  const rng = rngFor(core.document, "siblings");
  const year = birthYear(core);
  const siblings: PersonCore[] = [];
  for (let i = 0; i < count; i++) {
    const sibling = constructPerson(rng, {
      fiscalRegion: core.fiscalRegion,
      middleSlot: core.middleSlot,
      lastSlot: core.lastSlot,
      birthYears: [Math.max(OLDEST_BIRTH_YEAR, year - 12), Math.min(YOUNGEST_ADULT_BIRTH_YEAR, year + 12)],
      exclude: notSelf(
        core,
        siblings.map((s) => s.document),
      ),
    });
    if (sibling) siblings.push(sibling);
  }
  return siblings;
}

/** Adult children: a mother passes her last surname as the middle one, a father his last one. */
export function childrenOf(core: PersonCore, spouse: PersonCore | null, count: number): PersonCore[] {
  const year = birthYear(core);
  if (year + 20 > YOUNGEST_ADULT_BIRTH_YEAR) return [];
  const rng = rngFor(core.document, "children");
  const children: PersonCore[] = [];
  const slots =
    core.gender === "F"
      ? { middleSlot: core.lastSlot, ...(spouse ? { lastSlot: spouse.lastSlot } : {}) }
      : { lastSlot: core.lastSlot, ...(spouse ? { middleSlot: spouse.lastSlot } : {}) };
  for (let i = 0; i < count; i++) {
    const child = constructPerson(rng, {
      fiscalRegion: core.fiscalRegion,
      ...slots,
      birthYears: [year + 20, Math.min(YOUNGEST_ADULT_BIRTH_YEAR, year + 40)],
      exclude: notSelf(
        core,
        children.map((c) => c.document),
      ),
    });
    if (child) children.push(child);
  }
  return children;
}
