// The search's folding of a name (issue 20, item 6): lower case and no accents, so "Jose" finds
// "José" and "José" finds "Jose", on PGlite and PostgreSQL alike. verifications.search_name stores
// translate(lower(name), FOLD_FROM, FOLD_TO) (migration 0013) and the list's search folds its text
// with the same expression (server/v2/verifications/queries.ts), so both sides always agree.
//
// Why translate and not unaccent: unaccent() is STABLE (a generated column needs IMMUTABLE), needs
// its extension created in the database, and depends on its rules file; translate() and lower()
// are built in and immutable. The letters below are every accented Latin letter of Portuguese
// (and Spanish, French, German names), both cases (lower() of a non-ASCII letter depends on the
// database's locale: PGlite's C locale keeps "É"), and the combining marks a decomposed (NFD)
// name carries, which translate removes (FROM longer than TO).
import { sql, type SQL } from "drizzle-orm";

const LETTERS_FROM = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ";
const LETTERS_TO = "aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny";
/** Combining grave, acute, circumflex, tilde, diaeresis, ring above and cedilla: removed. */
const COMBINING = "\u0300\u0301\u0302\u0303\u0308\u030a\u0327";

export const FOLD_FROM = LETTERS_FROM + COMBINING;
export const FOLD_TO = LETTERS_TO;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** translate(lower(value), FOLD_FROM, FOLD_TO): the stored column's expression, on a value. */
export function folded(value: unknown): SQL {
  return sql`translate(lower(${value}), ${sql.raw(literal(FOLD_FROM))}, ${sql.raw(literal(FOLD_TO))})`;
}

/** The same fold in JavaScript (tests, docs): NFC, lower case, the letters above folded, the marks removed. */
export function foldText(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) {
    const i = FOLD_FROM.indexOf(ch);
    out += i < 0 ? ch : (FOLD_TO[i] ?? "");
  }
  return out;
}
