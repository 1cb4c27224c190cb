// A person's finances: estimated salary (and its band), asset band, income-tax returns,
// collection records and social assistance programmes. Programmes follow the real rules of
// thumb: Bolsa Família for low income, BPC for low-income people over 65, Auxílio Emergencial
// paid from April 2020 to October 2021.

import { addDays, dateBetween, daysBeforeReference, isoDate, parseIsoDate, REFERENCE_DATE } from "../core/calendar";
import { rngFor, type Rng, type Weighted } from "../core/prng";
import type { PersonCore } from "../people/person";
import { ASSET_BANDS, incomeBand, MINIMUM_WAGE } from "./income";

export interface TaxReturn {
  year: string;
  status: string;
  bank: string;
  updatedAt: string;
}

export interface AssistanceProgram {
  name: string;
  city: string;
  state: string;
  active: boolean;
  amount: number;
  totalAmount: number;
  startedAt: string;
  endedAt: string | null;
}

export interface PersonFinance {
  salary: number;
  incomeBand: string;
  assetsBand: string;
  taxReturns: TaxReturn[];
  collections: { total: number; origins: number; updatedAt: string };
  programs: AssistanceProgram[];
}

// Monthly income in minimum wages.
const WAGE_BANDS: Weighted<readonly [number, number]> = [
  [[0.5, 1], 14],
  [[1, 3], 40],
  [[3, 5], 20],
  [[5, 10], 15],
  [[10, 20], 8],
  [[20, 45], 3],
];

const REFUND_BANKS = ["Banco do Brasil", "Caixa Econômica Federal", "Itaú Unibanco", "Bradesco", "Santander", "Nu Pagamentos"] as const;

/** Income above which an annual return is compulsory (about R$ 33.9 thousand a year). */
const FILING_THRESHOLD = 2_824;

export function personFinance(core: PersonCore): PersonFinance {
  const rng = rngFor(core.document, "finance");
  const [low, high] = rng.weighted(WAGE_BANDS);
  const salary = Math.round(MINIMUM_WAGE * (low + rng.next() * (high - low)));
  const assetsIndex = Math.min(
    ASSET_BANDS.length - 1,
    Math.max(0, Math.floor(Math.log10(salary / 1000) * 2 + (core.age > 45 ? 1 : 0) + rng.int(-1, 1))),
  );
  const collections = rng.weighted<number>([
    [0, 70],
    [1, 15],
    [2, 8],
    [4, 7],
  ]);
  return {
    salary,
    incomeBand: incomeBand(salary),
    assetsBand: ASSET_BANDS[assetsIndex]!,
    taxReturns: taxReturns(rng, salary),
    collections: {
      total: collections,
      origins: collections === 0 ? 0 : rng.int(1, collections),
      updatedAt: isoDate(dateBetween(daysBeforeReference(90), daysBeforeReference(1), rng.next())),
    },
    programs: programs(rng, core, salary),
  };
}

function taxReturns(rng: Rng, salary: number): TaxReturn[] {
  const files = salary >= FILING_THRESHOLD || rng.chance(0.25);
  if (!files) return [];
  const returns: TaxReturn[] = [];
  for (let year = REFERENCE_DATE.getUTCFullYear() - 1; year >= REFERENCE_DATE.getUTCFullYear() - 5; year--) {
    if (!rng.chance(0.9)) continue;
    const latest = year === REFERENCE_DATE.getUTCFullYear() - 1;
    const status = latest
      ? rng.weighted<string>([
          ["Restituída", 45],
          ["Em fila de restituição", 20],
          ["Em processamento", 10],
          ["Retida em malha", 5],
          ["Sem saldo a restituir", 20],
        ])
      : rng.weighted<string>([
          ["Restituída", 65],
          ["Sem saldo a restituir", 30],
          ["Retida em malha", 5],
        ]);
    const refunded = status === "Restituída" || status === "Em fila de restituição";
    const updated = dateBetween(
      new Date(Date.UTC(year, 4, 31)),
      latest ? daysBeforeReference(5) : new Date(Date.UTC(year, 11, 15)),
      rng.next(),
    );
    returns.push({ year: String(year), status, bank: refunded ? rng.pick(REFUND_BANKS) : "", updatedAt: isoDate(updated) });
  }
  return returns;
}

function programs(rng: Rng, core: PersonCore, salary: number): AssistanceProgram[] {
  const place = { city: core.city.name, state: core.state.uf };
  const list: AssistanceProgram[] = [];
  const months = (from: string, to: Date) => Math.max(1, Math.round((to.getTime() - parseIsoDate(from).getTime()) / (30.44 * 86_400_000)));
  if (core.age >= 65 && salary <= MINIMUM_WAGE && rng.chance(0.6)) {
    const start = isoDate(dateBetween(addDays(parseIsoDate(core.birthDate), 65 * 366), daysBeforeReference(60), rng.next()));
    list.push({
      name: "Benefício de Prestação Continuada (BPC)",
      ...place,
      active: true,
      amount: MINIMUM_WAGE,
      totalAmount: months(start, REFERENCE_DATE) * MINIMUM_WAGE,
      startedAt: start,
      endedAt: null,
    });
  } else if (salary < 1.2 * MINIMUM_WAGE && rng.chance(0.55)) {
    const start = isoDate(dateBetween(new Date(Date.UTC(2023, 2, 1)), daysBeforeReference(90), rng.next()));
    const amount = rng.pick([600, 650, 750, 800, 900]);
    list.push({
      name: "Bolsa Família",
      ...place,
      active: true,
      amount,
      totalAmount: months(start, REFERENCE_DATE) * amount,
      startedAt: start,
      endedAt: null,
    });
  }
  // Auxílio Emergencial went to adults of low and middle income in 2020 and 2021.
  if (salary < 3 * MINIMUM_WAGE && core.age >= 24 && rng.chance(0.45)) {
    const installments = rng.int(5, 16);
    list.push({
      name: "Auxílio Emergencial",
      ...place,
      active: false,
      amount: 600,
      totalAmount: 600 * 5 + 300 * Math.min(4, installments - 5) + 250 * Math.max(0, installments - 9),
      startedAt: "2020-04-09",
      endedAt: "2021-10-31",
    });
  }
  return list;
}
