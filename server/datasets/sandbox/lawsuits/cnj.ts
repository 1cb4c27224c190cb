// CNJ unified lawsuit numbers (Resolução CNJ 65/2008): NNNNNNN-DD.AAAA.J.TR.OOOO.
// DD is ISO 7064 mod 97-10: DD = 98 - (NNNNNNN AAAA J TR OOOO 00 mod 97).

export interface CnjParts {
  /** Sequence inside the originating unit and year, up to 7 digits. */
  sequence: number;
  year: number;
  /** Justice segment J: 4 federal, 5 labour, 8 state courts... */
  segment: number;
  /** Court TR: the state court number for segment 8, the region for 4 and 5. */
  court: number;
  /** Originating unit OOOO. */
  origin: number;
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

export function cnjCheckDigits(parts: CnjParts): string {
  const body = `${pad(parts.sequence, 7)}${pad(parts.year, 4)}${parts.segment}${pad(parts.court, 2)}${pad(parts.origin, 4)}`;
  return pad(98 - mod97(`${body}00`), 2);
}

export function makeCnjNumber(parts: CnjParts): string {
  const dd = cnjCheckDigits(parts);
  return `${pad(parts.sequence, 7)}-${dd}.${pad(parts.year, 4)}.${parts.segment}.${pad(parts.court, 2)}.${pad(parts.origin, 4)}`;
}

const CNJ_PATTERN = /^(\d{7})-(\d{2})\.(\d{4})\.(\d)\.(\d{2})\.(\d{4})$/;

export function parseCnjNumber(number: string): (CnjParts & { checkDigits: string }) | null {
  const match = CNJ_PATTERN.exec(number);
  if (!match) return null;
  const [, sequence, checkDigits, year, segment, court, origin] = match;
  return {
    sequence: Number(sequence),
    checkDigits: checkDigits!,
    year: Number(year),
    segment: Number(segment),
    court: Number(court),
    origin: Number(origin),
  };
}

export function isValidCnjNumber(number: string): boolean {
  const parts = parseCnjNumber(number);
  return parts !== null && cnjCheckDigits(parts) === parts.checkDigits;
}
