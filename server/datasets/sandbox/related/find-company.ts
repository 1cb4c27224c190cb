// Picks companies for a holder's network (employer, companies owned or represented). Candidates
// are screened with companyBasics(), which is cheap, so requiring "active, in the holder's
// state, a limited company" costs little even for the largest networks.

import type { Rng } from "../core/prng";
import { companyBasics, companyState, type CompanyBasics } from "../companies/company";
import { randomCnpj } from "../companies/random";
import type { StateInfo } from "../geo/states";

export interface CompanyWanted {
  /** Preferred state; dropped after a while for states with few companies. */
  state?: StateInfo;
  activeOnly?: boolean;
  /** Only these legal natures (for example limited companies, which have partners). */
  natures?: readonly CompanyBasics["natureKey"][];
  accept?: (cnpj: string) => boolean;
  exclude: (cnpj: string) => boolean;
}

const TRIES_IN_STATE = 80;

export function findCompany(rng: Rng, wanted: CompanyWanted): string {
  for (let attempt = 0; attempt < 600; attempt++) {
    const cnpj = randomCnpj(rng, wanted.exclude);
    // The state is the cheapest fact to screen; after a while any state will do (small states
    // have few companies).
    if (wanted.state && attempt < TRIES_IN_STATE && companyState(cnpj) !== wanted.state) continue;
    const basics = companyBasics(cnpj);
    if (wanted.activeOnly && basics.status !== "Ativa") continue;
    if (wanted.natures && !wanted.natures.includes(basics.natureKey)) continue;
    if (wanted.accept && !wanted.accept(cnpj)) continue;
    return cnpj;
  }
  return randomCnpj(rng, wanted.exclude);
}
