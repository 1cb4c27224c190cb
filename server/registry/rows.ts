// One published record -> one COPY line of its table (layout.ts gives the column order), checked
// on the way: a record that fails a check is refused with its reason and written nowhere. The
// importer counts the refusals and goes on (it never stops for a bad line).
import type { CopyText } from "./copy-text";
import type { Fields } from "./records";
import type { FileKind } from "./layout";

export type RefusalReason = "short_line" | "long_line" | "bad_date" | "bad_check_digit" | "bad_cnpj" | "bad_number" | "bad_code";

export interface Refusal {
  reason: RefusalReason;
  /** The field (Receita's name) that failed, when one did. */
  field?: string;
}

const ZERO = 48;
const NINE = 57;
const COMMA = 44;

function isDigits(b: Buffer, s: number, e: number): boolean {
  for (let p = s; p < e; p++) {
    const c = b[p]!;
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}

/** Digits and upper-case letters (the alphanumeric CNPJ from 2026). */
function isAlnum(b: Buffer, s: number, e: number): boolean {
  for (let p = s; p < e; p++) {
    const c = b[p]!;
    if (!((c >= ZERO && c <= NINE) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

const num = (b: Buffer, s: number, e: number) => {
  let n = 0;
  for (let p = s; p < e; p++) n = n * 10 + (b[p]! - ZERO);
  return n;
};

function allZero(b: Buffer, s: number, e: number): boolean {
  for (let p = s; p < e; p++) if (b[p] !== ZERO) return false;
  return true;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYYMMDD as published; empty or all zeros (00000000) is no date. */
function date(f: Fields, i: number, out: CopyText, field: string): Refusal | null {
  const b = f.buf;
  const s = f.start[i]!;
  const e = f.end[i]!;
  if (s === e || allZero(b, s, e)) {
    out.null();
    return null;
  }
  if (e - s !== 8 || !isDigits(b, s, e)) return { reason: "bad_date", field };
  const year = num(b, s, s + 4);
  const month = num(b, s + 4, s + 6);
  const day = num(b, s + 6, s + 8);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : DAYS[month - 1]!)) {
    return { reason: "bad_date", field };
  }
  out.raw(b, s, e);
  return null;
}

/** A numeric code of at most `digits` digits; empty is NULL. */
function code(f: Fields, i: number, out: CopyText, field: string, digits: number): Refusal | null {
  const s = f.start[i]!;
  const e = f.end[i]!;
  if (s === e) {
    out.null();
    return null;
  }
  if (e - s > digits || !isDigits(f.buf, s, e)) return { reason: "bad_number", field };
  out.raw(f.buf, s, e);
  return null;
}

/** The Receita's decimal comma: "1061004829,23" -> 1061004829.23. */
function decimal(f: Fields, i: number, out: CopyText, field: string): Refusal | null {
  const b = f.buf;
  const s = f.start[i]!;
  const e = f.end[i]!;
  if (s === e) {
    out.null();
    return null;
  }
  const comma = b.indexOf(COMMA, s);
  const intEnd = comma >= 0 && comma < e ? comma : e;
  if (intEnd === s || intEnd - s > 15 || !isDigits(b, s, intEnd)) return { reason: "bad_number", field };
  if (intEnd < e && (e - intEnd - 1 < 1 || e - intEnd - 1 > 2 || !isDigits(b, intEnd + 1, e))) return { reason: "bad_number", field };
  out.raw(b, s, intEnd);
  if (intEnd < e) {
    out.byte(46); // "."
    out.raw(b, intEnd + 1, e);
  }
  return null;
}

/** One byte from a closed set mapped to COPY's t/f; empty is NULL. */
function flag(f: Fields, i: number, out: CopyText, field: string, yes: number, no: number): Refusal | null {
  const s = f.start[i]!;
  const e = f.end[i]!;
  if (s === e) {
    out.null();
    return null;
  }
  const c = f.buf[s];
  if (e - s !== 1 || (c !== yes && c !== no)) return { reason: "bad_code", field };
  out.byte(c === yes ? 116 /* t */ : 102 /* f */);
  return null;
}

/** The CNPJ check digits over 12 characters (documents.ts's algorithm, on bytes). */
function cnpjDigit(chars: Int32Array, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += (chars[i]! - ZERO) * (((length - 1 - i) % 8) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cnpjChars = new Int32Array(14);
const isAlnumByte = (c: number) => (c >= ZERO && c <= NINE) || (c >= 65 && c <= 90);

/** Checks the 14 characters in cnpjChars: 12 of [0-9A-Z], then two check digits. */
function checkCnpjChars(): Refusal | null {
  for (let i = 0; i < 12; i++) if (!isAlnumByte(cnpjChars[i]!)) return { reason: "bad_cnpj" };
  if (cnpjChars[12]! < ZERO || cnpjChars[12]! > NINE || cnpjChars[13]! < ZERO || cnpjChars[13]! > NINE) return { reason: "bad_cnpj" };
  // the second digit's sum runs over the 12 characters and the first digit (checked just before)
  if (cnpjChars[12] !== cnpjDigit(cnpjChars, 12) + ZERO) return { reason: "bad_check_digit" };
  if (cnpjChars[13] !== cnpjDigit(cnpjChars, 13) + ZERO) return { reason: "bad_check_digit" };
  return null;
}

/** One field of 14 characters (a company partner's CNPJ). */
function checkCnpj(b: Buffer, s: number, e: number): Refusal | null {
  if (e - s !== 14) return { reason: "bad_cnpj" };
  for (let i = 0; i < 14; i++) cnpjChars[i] = b[s + i]!;
  return checkCnpjChars();
}

function base(f: Fields, i: number, out: CopyText): Refusal | null {
  const s = f.start[i]!;
  const e = f.end[i]!;
  if (e - s !== 8 || !isAlnum(f.buf, s, e)) return { reason: "bad_cnpj", field: "CNPJ BÁSICO" };
  out.raw(f.buf, s, e);
  return null;
}

type Step = (f: Fields, out: CopyText) => Refusal | null;

const T =
  (i: number): Step =>
  (f, out) => {
    out.text(f, i);
    return null;
  };
const D =
  (i: number, field: string): Step =>
  (f, out) =>
    date(f, i, out, field);
const C =
  (i: number, field: string, digits = 4): Step =>
  (f, out) =>
    code(f, i, out, field, digits);

/** The establishment's CNPJ in three fields (base 8, order 4, check digits 2), written as one. */
function establishmentCnpj(f: Fields, out: CopyText): Refusal | null {
  const b = f.buf;
  if (f.end[0]! - f.start[0]! !== 8 || f.end[1]! - f.start[1]! !== 4 || f.end[2]! - f.start[2]! !== 2) {
    return { reason: "bad_cnpj", field: "CNPJ" };
  }
  let n = 0;
  for (let i = 0; i < 3; i++) for (let p = f.start[i]!; p < f.end[i]!; p++) cnpjChars[n++] = b[p]!;
  const refused = checkCnpjChars();
  if (refused) return { ...refused, field: "CNPJ" };
  for (let i = 0; i < 3; i++) out.raw(b, f.start[i]!, f.end[i]!);
  return null;
}

/** A partner of type 1 (company) carries a full CNPJ: its check digits are checked. */
function partnerDocument(f: Fields, out: CopyText): Refusal | null {
  const s = f.start[3]!;
  const e = f.end[3]!;
  const kind = f.end[1]! - f.start[1]! === 1 ? f.buf[f.start[1]!] : 0;
  if (kind === 49 /* "1": pessoa jurídica */ && e - s === 14) {
    const refused = checkCnpj(f.buf, s, e);
    if (refused) return { ...refused, field: "CNPJ/CPF DO SÓCIO" };
  }
  out.text(f, 3);
  return null;
}

const NO_REPRESENTATIVE = Buffer.from("***000000**", "latin1");

/** The masked CPF "***000000**" is the Receita's "no legal representative". */
function representative(f: Fields, out: CopyText): Refusal | null {
  const s = f.start[7]!;
  const e = f.end[7]!;
  if (e - s === 11 && NO_REPRESENTATIVE.compare(f.buf, s, e) === 0) out.null();
  else out.text(f, 7);
  return null;
}

const STEPS: Record<FileKind, Step[]> = {
  cnaes: [C(0, "CÓDIGO", 7), T(1)],
  motivos: [C(0, "CÓDIGO"), T(1)],
  municipios: [C(0, "CÓDIGO"), T(1)],
  naturezas: [C(0, "CÓDIGO"), T(1)],
  paises: [C(0, "CÓDIGO"), T(1)],
  qualificacoes: [C(0, "CÓDIGO"), T(1)],
  empresas: [
    (f, out) => base(f, 0, out),
    T(1),
    C(2, "NATUREZA JURÍDICA"),
    C(3, "QUALIFICAÇÃO DO RESPONSÁVEL"),
    (f, out) => decimal(f, 4, out, "CAPITAL SOCIAL"),
    C(5, "PORTE DA EMPRESA"),
    T(6),
  ],
  estabelecimentos: [
    establishmentCnpj,
    (f, out) => flag(f, 3, out, "IDENTIFICADOR MATRIZ/FILIAL", 49, 50),
    T(4),
    C(5, "SITUAÇÃO CADASTRAL"),
    D(6, "DATA SITUAÇÃO CADASTRAL"),
    C(7, "MOTIVO SITUAÇÃO CADASTRAL"),
    T(8),
    C(9, "PAIS"),
    D(10, "DATA DE INÍCIO ATIVIDADE"),
    C(11, "CNAE FISCAL PRINCIPAL", 7),
    T(12),
    T(13),
    T(14),
    T(15),
    T(16),
    T(17),
    T(18),
    T(19),
    C(20, "MUNICÍPIO"),
    T(21),
    T(22),
    T(23),
    T(24),
    T(25),
    T(26),
    T(27),
    T(28),
    D(29, "DATA DA SITUAÇÃO ESPECIAL"),
  ],
  socios: [
    (f, out) => base(f, 0, out),
    C(1, "IDENTIFICADOR DE SÓCIO", 1),
    T(2),
    partnerDocument,
    C(4, "QUALIFICAÇÃO DO SÓCIO"),
    D(5, "DATA DE ENTRADA SOCIEDADE"),
    C(6, "PAIS"),
    representative,
    T(8),
    C(9, "QUALIFICAÇÃO DO REPRESENTANTE LEGAL"),
    C(10, "FAIXA ETÁRIA", 1),
  ],
  simples: [
    (f, out) => base(f, 0, out),
    (f, out) => flag(f, 1, out, "OPÇÃO PELO SIMPLES", 83, 78),
    D(2, "DATA DE OPÇÃO PELO SIMPLES"),
    D(3, "DATA DE EXCLUSÃO DO SIMPLES"),
    (f, out) => flag(f, 4, out, "OPÇÃO PELO MEI", 83, 78),
    D(5, "DATA DE OPÇÃO PELO MEI"),
    D(6, "DATA DE EXCLUSÃO DO MEI"),
  ],
};

export const FIELDS: Record<FileKind, number> = {
  cnaes: 2,
  motivos: 2,
  municipios: 2,
  naturezas: 2,
  paises: 2,
  qualificacoes: 2,
  empresas: 7,
  estabelecimentos: 30,
  socios: 11,
  simples: 7,
};

/**
 * Writes the record as one COPY line, or refuses it: nothing of a refused record stays in `out`.
 */
export function writeRow(kind: FileKind, f: Fields, out: CopyText): Refusal | null {
  const expected = FIELDS[kind];
  if (f.count < expected) return { reason: "short_line" };
  if (f.count > expected || f.overflow) return { reason: "long_line" };
  const mark = out.length;
  const steps = STEPS[kind];
  for (let i = 0; i < steps.length; i++) {
    if (i > 0) out.tab();
    const refused = steps[i]!(f, out);
    if (refused) {
      out.length = mark;
      return refused;
    }
  }
  out.newline();
  return null;
}
