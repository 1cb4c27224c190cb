import { formatDocument, maskDocument } from "@/lib/contract/documents";

// CPF/CNPJ for display: the BFF sends masked documents only; the full one is revealed on request.
// The view models (view-models.ts) re-export these types; they live here so that this module,
// which to-dossier.ts imports, imports none of the view models back.

export type DocumentKind = "CPF" | "CNPJ";

/** A document as the BFF sends it: masked only (issue 19). The full one comes from "Mostrar documento completo" (an audited reveal). */
export interface DocumentView {
  kind: DocumentKind | null;
  /** 123.***.***-09 */
  masked: string;
}

export function documentKind(value: string): DocumentKind | null {
  const normalized = value.replace(/[^0-9A-Za-z]/g, "");
  if (normalized.length === 11) return "CPF";
  if (normalized.length === 14) return "CNPJ";
  return null;
}

function safely(format: (value: string) => string, value: string, fallback: string): string {
  try {
    return format(value) || fallback;
  } catch {
    return fallback;
  }
}

/** A masked form that never leaks the document, even when it cannot be parsed. */
function fallbackMask(value: string): string {
  return value.length > 4 ? `${"*".repeat(value.length - 2)}${value.slice(-2)}` : "***";
}

/**
 * A document masked already (123.***.***-09, 12.345.***[slash]****-90, the Receita's ***456789**):
 * asterisks, and too few digits left for any CPF or CNPJ. The enrichment page's data reaches the
 * browser masked (lib/enrichments/mask-data.ts), and masking it again made "***********45".
 */
const isMasked = (value: string) => value.includes("*") && (value.match(/\d/g)?.length ?? 0) <= 8;

/** maskDocument returns a value it cannot parse unchanged: never show that one. */
function mask(value: string): string {
  if (isMasked(value)) return value;
  const masked = safely(maskDocument, value, "");
  return masked && masked !== value ? masked : fallbackMask(value);
}

/** Masked only: what the BFF may send the browser. */
export function toDocumentView(value: string | null | undefined): DocumentView | null {
  if (!value) return null;
  return { kind: documentKind(value), masked: mask(value) };
}

/** With the formatted full document, for a document the browser already holds (typed by the analyst, or revealed). */
export function toFullDocumentView(value: string | null | undefined): (DocumentView & { formatted: string }) | null {
  if (!value) return null;
  return { kind: documentKind(value), masked: mask(value), formatted: safely(formatDocument, value, value) };
}

export function maskedDocument(value: string | null | undefined): string | null {
  return value ? mask(value) : null;
}
