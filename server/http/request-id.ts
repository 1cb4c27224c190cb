// The request id (`x-request-id`): a client may send its own so that both sides can quote the
// same id, but only a short opaque token is taken (docs/decisions.md, "Request ids"): 8 to 64
// characters of A-Z, a-z, 0-9, "-" and "_", with at least one letter, and nothing shaped like a
// document (11 digits in a row: a CPF or a numeric CNPJ; 14 characters that make a valid
// alphanumeric CNPJ). Anything else is replaced by a generated UUID, never logged or echoed.
import { randomUUID } from "node:crypto";
import { isValidCnpj } from "../../lib/contract/documents";

const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;

function looksLikeDocument(id: string): boolean {
  const compact = id.replace(/[-_]/g, "").toUpperCase();
  if (/\d{11}/.test(compact)) return true;
  for (let i = 0; i + 14 <= compact.length; i++) {
    const window = compact.slice(i, i + 14);
    if (/^[0-9A-Z]{12}\d{2}$/.test(window) && isValidCnpj(window)) return true;
  }
  return false;
}

export function acceptableRequestId(given: unknown): given is string {
  return typeof given === "string" && TOKEN.test(given) && /[A-Za-z]/.test(given) && !looksLikeDocument(given);
}

export function requestIdOf(given: unknown): string {
  return acceptableRequestId(given) ? given : randomUUID();
}
