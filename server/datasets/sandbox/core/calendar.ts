// Dates in the sandbox never depend on the wall clock: they are offsets from a fixed reference
// day, so a dossier generated today and one generated next year are byte-for-byte equal.

/** 2026-01-01T00:00:00Z: "today" for every sandbox dataset (ages, "last 12 months", ...). */
export const REFERENCE_DATE = new Date(Date.UTC(2026, 0, 1));

const DAY_MS = 86_400_000;

/** A UTC date `days` days before the reference date. */
export function daysBeforeReference(days: number): Date {
  return new Date(REFERENCE_DATE.getTime() - days * DAY_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / DAY_MS);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` (by hand: toISOString() is a hot spot when thousands of dates are made). */
export function isoDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ` */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY` (the legacy datasets' format). */
export function brDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
}

export function parseIsoDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
}

/** Completed years between `birthIso` and `at` (default: the reference date). */
export function ageAt(birthIso: string, at: Date = REFERENCE_DATE): number {
  const birth = parseIsoDate(birthIso);
  let age = at.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    at.getUTCMonth() < birth.getUTCMonth() || (at.getUTCMonth() === birth.getUTCMonth() && at.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** A day in [earliest, latest] picked by `roll` in [0, 1). */
export function dateBetween(earliest: Date, latest: Date, roll: number): Date {
  const span = Math.max(0, daysBetween(earliest, latest));
  return addDays(earliest, Math.floor(roll * (span + 1)));
}

/** A timestamp on that day with a time of day picked by `roll` (business hours look natural). */
export function timestampOn(date: Date, roll: number): string {
  const seconds = 8 * 3600 + Math.floor(roll * 11 * 3600);
  return isoTimestamp(new Date(date.getTime() + seconds * 1000));
}

/** The later of two ISO dates. */
export function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}

/** A day (YYYY-MM-DD) from `from` to a month before the reference date, picked by `roll`. */
export function dayAfter(from: string, roll: number): string {
  return isoDate(dateBetween(parseIsoDate(from), daysBeforeReference(30), roll));
}

/** The day a person born on `birthDate` is (safely) 18. */
export function adultSince(birthDate: string): string {
  return isoDate(addDays(parseIsoDate(birthDate), 18 * 365 + 5));
}
