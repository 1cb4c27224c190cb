// Random (but seeded) CNPJs for companies that appear around a holder: employers, holdings,
// lawsuit counterparts. Never a sandbox document or one of the fixed institutions.

import { makeCnpj } from "../../../../lib/contract/documents";
import type { Rng } from "../core/prng";
import { isSandboxDocument } from "../behaviours";
import { knownCompany } from "./known";

export function randomCnpj(rng: Rng, exclude: (cnpj: string) => boolean = () => false): string {
  for (;;) {
    // Made with makeCnpj, the check digits are right by construction; only the excluded sets matter.
    const cnpj = makeCnpj(`${rng.digits(8)}0001`);
    if (!isSandboxDocument(cnpj) && !knownCompany(cnpj) && !exclude(cnpj)) return cnpj;
  }
}
