// CPF / CNPJ logic shared by the service and the console (runs in Node and in the browser: no
// Node APIs here).
//
// CPF: 9 base digits + 2 mod-11 check digits.
// CNPJ: 12 base characters (8-character root + 4-character branch) + 2 mod-11 check digits.
// Since 2026 the 12 base characters may be letters; every character counts as its ASCII code
// minus 48 ("0" = 0 ... "9" = 9, "A" = 17 ... "Z" = 42), which keeps the old numeric CNPJs valid.

export type DocumentKind = "cpf" | "cnpj";
export type DocumentEntity = "person" | "company";

export interface NormalizedDocument {
  kind: DocumentKind;
  entity: DocumentEntity;
  /** 11 digits (CPF) or 14 characters, upper case (CNPJ). */
  value: string;
}

const CPF_PATTERN = /^\d{11}$/;
const CNPJ_PATTERN = /^[0-9A-Z]{12}\d{2}$/;
const CPF_BASE_PATTERN = /^\d{9}$/;
const CNPJ_BASE_PATTERN = /^[0-9A-Z]{12}$/;

// What people type or paste between a document's parts: dots, slashes, the hyphen-minus and the
// dashes text editors put in its place (non-breaking hyphen U+2011, en dash U+2013, em dash U+2014,
// minus sign U+2212), the full-width solidus U+FF0F, and any space (the no-break space included).
const SEPARATORS = /[./\-\s\u2011\u2013\u2014\u2212\uFF0F]/g;
const ASCII_ALNUM = /^[0-9A-Za-z]*$/;

/**
 * Removes the separators people type around documents and upper-cases, only when what is left is
 * ASCII letters and digits: upper-casing first would turn `ı`, `ſ`, `ß` or the `ﬁ` ligature into
 * ASCII letters (`I`, `S`, `SS`, `FI`), and such text is no document. Anything else comes back
 * without its separators, not upper-cased, and fails every pattern below.
 */
export function stripDocument(input: string): string {
  const bare = input.replace(SEPARATORS, "");
  return ASCII_ALNUM.test(bare) ? bare.toUpperCase() : bare;
}

function allSameCharacter(value: string): boolean {
  return value.split("").every((ch) => ch === value[0]);
}

// The check-digit functions loop over character codes without allocating: the sandbox calls
// them thousands of times while building related people and companies.

/** The two CPF check digits for a 9-digit base. */
export function cpfCheckDigits(base9: string): string {
  if (!CPF_BASE_PATTERN.test(base9)) throw new Error("CPF base must be 9 digits");
  const first = cpfDigit(base9, 9, -1);
  const second = cpfDigit(base9, 10, first);
  return `${first}${second}`;
}

/** Mod-11 digit over the first `length` characters of `base`, plus `extra` as one more digit. */
function cpfDigit(base: string, length: number, extra: number): number {
  const firstWeight = length + 1;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const digit = i < base.length ? base.charCodeAt(i) - 48 : extra;
    sum += digit * (firstWeight - i);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two CNPJ check digits for a 12-character base (digits or upper-case letters). */
export function cnpjCheckDigits(base12: string): string {
  if (!ASCII_ALNUM.test(base12)) throw new Error("CNPJ base must be 12 characters [0-9A-Z]");
  const base = base12.toUpperCase();
  if (!CNPJ_BASE_PATTERN.test(base)) throw new Error("CNPJ base must be 12 characters [0-9A-Z]");
  const first = cnpjDigit(base, 12, -1);
  const second = cnpjDigit(base, 13, first);
  return `${first}${second}`;
}

// Weights run 2..9 from the right, then wrap back to 2 (5,4,3,2,9,8,7,6,5,4,3,2 for 12 values).
function cnpjDigit(base: string, length: number, extra: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const value = i < base.length ? base.charCodeAt(i) - 48 : extra;
    sum += value * (((length - 1 - i) % 8) + 2);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function makeCpf(base9: string): string {
  return base9 + cpfCheckDigits(base9);
}

export function makeCnpj(base12: string): string {
  return base12.toUpperCase() + cnpjCheckDigits(base12);
}

/** True for a valid CPF, with or without punctuation. Same-digit CPFs (111.111.111-11) are invalid. */
export function isValidCpf(input: string): boolean {
  const value = stripDocument(input);
  if (!CPF_PATTERN.test(value) || allSameCharacter(value)) return false;
  return cpfCheckDigits(value.slice(0, 9)) === value.slice(9);
}

/** True for a valid numeric or alphanumeric CNPJ, with or without punctuation, any letter case. */
export function isValidCnpj(input: string): boolean {
  const value = stripDocument(input);
  if (!CNPJ_PATTERN.test(value) || allSameCharacter(value)) return false;
  return cnpjCheckDigits(value.slice(0, 12)) === value.slice(12);
}

/** Recognises a CPF or CNPJ typed in any usual way; null when it is neither. */
export function normalizeDocument(input: string): NormalizedDocument | null {
  const value = stripDocument(input);
  if (value.length === 11 && isValidCpf(value)) return { kind: "cpf", entity: "person", value };
  if (value.length === 14 && isValidCnpj(value)) return { kind: "cnpj", entity: "company", value };
  return null;
}

/** `123.456.789-09` / `12.ABC.345/01DE-35`; input of another shape comes back unchanged. */
export function formatDocument(value: string): string {
  const raw = stripDocument(value);
  if (CPF_PATTERN.test(raw)) {
    return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`;
  }
  if (CNPJ_PATTERN.test(raw)) {
    return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
  }
  return value;
}

// Masked for lists and logs: CPF 123.***.***-09, CNPJ 12.ABC.***[slash]****-35 (the first 2+3
// characters and the check digits stay, enough to tell documents apart at a glance).
export function maskDocument(value: string): string {
  const raw = stripDocument(value);
  if (CPF_PATTERN.test(raw)) return `${raw.slice(0, 3)}.***.***-${raw.slice(9)}`;
  if (CNPJ_PATTERN.test(raw)) return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.***/****-${raw.slice(12)}`;
  return value;
}

/** "Maria Souza Oliveira" -> "Maria S*** O***": the first name stays, the rest is reduced to initials. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const [first, ...rest] = words;
  return [first, ...rest.map((word) => `${word.charAt(0)}***`)].join(" ");
}
