import { makeCnpj, makeCpf } from "@/lib/contract/documents";

// Documents for tests: random valid CPFs outside the sandbox's behaviour documents (those start
// with 000000), and the documented sandbox documents the tests rely on.

export function randomCpf(): string {
  const base = String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9);
  return makeCpf(base);
}

/** A random valid numeric CNPJ of a head office (branch 0001). */
export function randomCnpj(): string {
  return makeCnpj(`${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}0001`);
}

/** Sandbox "slow": every module but profile answers after LUPA_SANDBOX_SLOW_MS (30 s). */
export const SLOW_CPF = makeCpf("000000068");

export const MASKED_CPF = /^\d{3}\.\*{3}\.\*{3}-\d{2}$/;
export const MASKED_CNPJ = /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.\*{3}\/\*{4}-\d{2}$/;
