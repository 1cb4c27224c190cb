// Module data (and metadata) of a v3 enrichment with every CPF and CNPJ masked, before it leaves the
// BFF: the raw datasets name the subject, relatives, partners, creditors... by their full document.
// A pure function over JSON values (objects, arrays, strings, numbers):
// - a string that is a valid CPF or CNPJ (check digits), with or without punctuation, is masked
//   (maskDocument: 123.***.***-09, 12.ABC.***[slash]****-35);
// - a valid CPF or CNPJ inside a longer text (digits not glued to other digits) is masked in place;
// - under a key that names a document (document, documento, cpf, cnpj, nationalId, cpfCnpj,
//   taxId, partnerDocument...), a value that holds a digit is masked even when it does not
//   validate, with the never-leak fallback of document-view.ts; a value already masked (it holds
//   an asterisk, like the registry's ***456789**) stays as it is;
// - object keys that are documents are masked too.
import { maskDocument, normalizeDocument } from "@/lib/contract/documents";
import { maskedDocument } from "@/lib/verifications/document-view";

/** Keys whose values are documents, compared lower-case without separators: "national_id" -> "nationalid". */
const DOCUMENT_KEY = /(document|documento|cpf|cnpj|nationalid|taxid)$/;

function isDocumentKey(key: string): boolean {
  return DOCUMENT_KEY.test(key.toLowerCase().replace(/[^a-z]/g, ""));
}

// The separators of a formatted document (as stripDocument removes them, without spaces: a space
// between two numbers in a text is no document).
const SEP = "[./\\-\\u2011\\u2013\\u2014\\u2212\\uFF0F]?";
const EMBEDDED = [
  // alphanumeric CNPJ (2026): 12 characters and 2 check digits, not glued to letters or digits
  new RegExp(`(?<![0-9A-Za-z])[0-9A-Za-z]{2}${SEP}[0-9A-Za-z]{3}${SEP}[0-9A-Za-z]{3}${SEP}[0-9A-Za-z]{4}${SEP}\\d{2}(?![0-9A-Za-z])`, "g"),
  // numeric CNPJ, not glued to other digits (letters around it do not hide it)
  new RegExp(`(?<!\\d)\\d{2}${SEP}\\d{3}${SEP}\\d{3}${SEP}\\d{4}${SEP}\\d{2}(?!\\d)`, "g"),
  // CPF, not glued to other digits
  new RegExp(`(?<!\\d)\\d{3}${SEP}\\d{3}${SEP}\\d{3}${SEP}\\d{2}(?!\\d)`, "g"),
];

const maskIfValid = (candidate: string) => (normalizeDocument(candidate) ? maskDocument(candidate) : candidate);

/** A text with every valid CPF or CNPJ in it masked. */
export function maskDocumentsInText(text: string): string {
  if (!/\d/.test(text)) return text;
  if (normalizeDocument(text)) return maskDocument(text);
  let out = text;
  for (const pattern of EMBEDDED) out = out.replace(pattern, maskIfValid);
  return out;
}

/** The value of a document key: masked whatever it holds, unless it has no digit or is masked already. */
function maskDocumentValue(value: string): string {
  if (!/\d/.test(value) || value.includes("*")) return value;
  return maskedDocument(value.trim()) ?? value;
}

function maskValue(value: unknown, documentKey: boolean): unknown {
  if (typeof value === "string") return documentKey ? maskDocumentValue(value) : maskDocumentsInText(value);
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return value;
    const text = String(value);
    if (documentKey) return maskDocumentValue(text);
    // a number that is a document (11 or 14 digits) becomes its masked text
    return normalizeDocument(text) ? maskDocument(text) : value;
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, documentKey));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      let name = maskDocumentsInText(key);
      while (name !== key && Object.hasOwn(out, name)) name = `${name} `; // two keys masked alike: both kept
      // defined, not assigned: a "__proto__" key of parsed JSON stays a key
      Object.defineProperty(out, name, {
        value: maskValue(item, isDocumentKey(key)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** Any JSON value with its documents masked (a new value; the input is not changed). */
export function maskDocumentsDeep<T>(value: T): T {
  return maskValue(value, false) as T;
}
