// From the text of a CNH (driver's licence) to its fields. The printed labels lead: a value is
// read on the label's own line, to its right ("CPF: 529.982.247-25"), or on the lines just
// below, in the label's column (the card's layout: label above, value below). Without a label:
// a CPF is the first number with valid check digits, the birth date the earliest date and the
// expiry the latest (on a CNH, birth < first licence < expiry).
import { isValidCpf } from "../../../lib/contract/documents";
import type { OcrLine, OcrResult } from "./ocr";

export const CNH_CATEGORIES = ["ACC", "AB", "AC", "AD", "AE", "A", "B", "C", "D", "E"] as const;

export interface CnhFields {
  name: string | null;
  /** 11 digits. */
  cpf: string | null;
  /** Nº registro: 11 digits. */
  registrationNumber: string | null;
  category: string | null;
  /** Validade, YYYY-MM-DD. */
  expiryDate: string | null;
  /** Data de nascimento, YYYY-MM-DD. */
  birthDate: string | null;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Token {
  text: string;
  bbox: Box;
  line: number;
}
interface Label {
  line: number;
  word: number;
  bbox: Box;
}

/** Upper case without accents or punctuation (for labels and names). */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
}

const CPF = /\d{3}\s?\.?\s?\d{3}\s?\.?\s?\d{3}\s?[-.]?\s?\d{2}/g;
const DATE = /(\d{2})\s?[/.-]\s?(\d{2})\s?[/.-]\s?(\d{4})/g;
const REGISTRATION = /(?<!\d)\d{11}(?!\d)/g;
const CATEGORY = new RegExp(`^(${CNH_CATEGORIES.join("|")})$`);

function isoDate(day: string, month: string, year: string): string | null {
  const d = Number(day),
    m = Number(month),
    y = Number(year);
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d) return null;
  return `${year}-${month}-${day}`;
}

/** Matches of `pattern` in a line, each with the box of the word where it starts. */
function matchesIn(line: OcrLine, pattern: RegExp, from = 0): { text: string; x0: number; match: RegExpExecArray }[] {
  const words = line.words.slice(from);
  let joined = "";
  const starts: number[] = [];
  for (const w of words) {
    if (joined) joined += " ";
    starts.push(joined.length);
    joined += w.text;
  }
  const out: { text: string; x0: number; match: RegExpExecArray }[] = [];
  for (const match of joined.matchAll(new RegExp(pattern.source, "g"))) {
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1]! <= match.index) index++;
    out.push({ text: match[0], x0: words[index]?.bbox.x0 ?? 0, match: match as RegExpExecArray });
  }
  return out;
}

function findLabels(lines: OcrLine[], test: (word: string) => boolean): Label[] {
  const labels: Label[] = [];
  lines.forEach((line, l) =>
    line.words.forEach((w, i) => {
      if (test(fold(w.text).replace(/[^A-Z0-9]/g, ""))) labels.push({ line: l, word: i, bbox: w.bbox });
    }),
  );
  return labels;
}

/**
 * The value for a label: first match to its right on its line, else the match in the next two
 * lines whose start is nearest the label's left edge (and not far from it).
 */
function valueNear<T>(lines: OcrLine[], label: Label, pattern: RegExp, accept: (m: RegExpExecArray) => T | null): T | null {
  for (const m of matchesIn(lines[label.line]!, pattern, label.word + 1)) {
    const value = accept(m.match);
    if (value !== null) return value;
  }
  const height = Math.max(8, label.bbox.y1 - label.bbox.y0);
  let best: { value: T; distance: number } | null = null;
  for (let l = label.line + 1; l < Math.min(lines.length, label.line + 3); l++) {
    const line = lines[l]!;
    if (line.bbox.y0 - label.bbox.y1 > height * 6) break;
    for (const m of matchesIn(line, pattern)) {
      const distance = Math.abs(m.x0 - label.bbox.x0);
      if (distance > height * 8) continue;
      const value = accept(m.match);
      if (value !== null && (!best || distance < best.distance)) best = { value, distance };
    }
    if (best) return best.value;
  }
  return null;
}

const cpfOf = (m: RegExpExecArray) => {
  const digits = m[0].replace(/\D/g, "");
  return isValidCpf(digits) ? digits : null;
};
const dateOf = (m: RegExpExecArray) => isoDate(m[1]!, m[2]!, m[3]!);

function labelled<T>(
  lines: OcrLine[],
  test: (word: string) => boolean,
  pattern: RegExp,
  accept: (m: RegExpExecArray) => T | null,
): T | null {
  for (const label of findLabels(lines, test)) {
    const value = valueNear(lines, label, pattern, accept);
    if (value !== null) return value;
  }
  return null;
}

function nameOf(lines: OcrLine[]): string | null {
  for (const label of findLabels(lines, (w) => w === "NOME")) {
    const sameLine = lines[label.line]!.words.slice(label.word + 1);
    const candidates = sameLine.length > 0 ? [sameLine] : [];
    const below = lines[label.line + 1];
    if (below) candidates.push(below.words.filter((w) => w.bbox.x1 > label.bbox.x0 - (label.bbox.y1 - label.bbox.y0) * 2));
    for (const words of candidates) {
      const text = words
        .map((w) => w.text)
        .join(" ")
        .replace(/^[:\s]+/, "")
        .trim();
      const cleaned = text
        .replace(/[^\p{L}' ]/gu, " ")
        .replace(/\s+/g, " ")
        .trim()
        .toUpperCase();
      if (cleaned.split(" ").length >= 2 && cleaned.length >= 5) return cleaned;
    }
  }
  return null;
}

function categoryOf(lines: OcrLine[]): string | null {
  for (const label of findLabels(lines, (w) => w.startsWith("CAT"))) {
    const tokens: Token[] = [];
    lines[label.line]!.words.slice(label.word + 1).forEach((w) => tokens.push({ text: w.text, bbox: w.bbox, line: label.line }));
    for (let l = label.line + 1; l < Math.min(lines.length, label.line + 3); l++) {
      lines[l]!.words.forEach((w) => tokens.push({ text: w.text, bbox: w.bbox, line: l }));
    }
    const height = Math.max(8, label.bbox.y1 - label.bbox.y0);
    const found = tokens
      .map((t) => ({ ...t, value: fold(t.text).replace(/[^A-Z]/g, "") }))
      .filter((t) => CATEGORY.test(t.value) && (t.line === label.line || Math.abs(t.bbox.x0 - label.bbox.x0) <= height * 8))
      .sort((a, b) => a.line - b.line || Math.abs(a.bbox.x0 - label.bbox.x0) - Math.abs(b.bbox.x0 - label.bbox.x0));
    if (found[0]) return found[0].value;
  }
  return null;
}

export function parseCnh(ocr: Pick<OcrResult, "lines">): CnhFields {
  const lines = ocr.lines.filter((l) => l.words.length > 0);
  const allDates = lines
    .flatMap((line) => matchesIn(line, DATE).map((m) => dateOf(m.match)))
    .filter((d): d is string => d !== null)
    .sort();
  const allCpfs = lines.flatMap((line) => matchesIn(line, CPF).map((m) => cpfOf(m.match))).filter((c): c is string => c !== null);

  const cpf = labelled(lines, (w) => w === "CPF", CPF, cpfOf) ?? allCpfs[0] ?? null;
  const birthDate = labelled(lines, (w) => w.includes("NASCIMENTO"), DATE, dateOf) ?? (allDates.length >= 2 ? allDates[0]! : null);
  const expiryDate = labelled(lines, (w) => w.startsWith("VALIDADE"), DATE, dateOf) ?? (allDates.length >= 2 ? allDates.at(-1)! : null);
  const registrationNumber =
    labelled(
      lines,
      (w) => w.includes("REGISTRO"),
      REGISTRATION,
      (m) => (m[0] === cpf ? null : m[0]),
    ) ??
    lines.flatMap((line) => matchesIn(line, REGISTRATION).map((m) => m.text)).find((n) => n !== cpf) ??
    null;
  return { name: nameOf(lines), cpf, registrationNumber, category: categoryOf(lines), expiryDate, birthDate };
}
