// The CNH's fields against the registry (the profile module) and the verification's document:
// each of name, CPF and birth date is `equal`, `different` or `missing` (not read on the CNH, or
// absent from the registry). Rules: cnh_data_mismatch when any is different, cnh_unreadable when
// nothing identifying was read, cnh_expired when the expiry date is before today.
import { fold, type CnhFields } from "./parse";

export type Comparison = "equal" | "different" | "missing";

export interface CnhComparison {
  name: Comparison;
  cpf: Comparison;
  birthDate: Comparison;
}

export interface Registry {
  document: string;
  name: string | null;
  birthDate: string | null;
}

/** Names compared without accents, punctuation, case or extra spaces. */
export function normalizeName(name: string): string {
  return fold(name)
    .replace(/[^A-Z]+/g, " ")
    .trim();
}

function compare(read: string | null, known: string | null, normalize: (v: string) => string = (v) => v): Comparison {
  if (!read || !known) return "missing";
  return normalize(read) === normalize(known) ? "equal" : "different";
}

export function compareCnh(fields: CnhFields, registry: Registry): CnhComparison {
  return {
    name: compare(fields.name, registry.name, normalizeName),
    cpf: compare(fields.cpf, registry.document),
    birthDate: compare(fields.birthDate, registry.birthDate),
  };
}

export function cnhRules(fields: CnhFields, comparison: CnhComparison, today: string): { rule: string; fired: boolean }[] {
  const unreadable = !fields.name && !fields.cpf && !fields.birthDate && !fields.registrationNumber;
  return [
    { rule: "cnh_data_mismatch", fired: Object.values(comparison).includes("different") },
    { rule: "cnh_unreadable", fired: unreadable },
    { rule: "cnh_expired", fired: fields.expiryDate !== null && fields.expiryDate < today },
  ];
}
