// The credit-bureau picture of a holder: negative records (overdue debts reported by creditors),
// protests at notary offices, and how often the document was consulted. finance 1.1 shows its
// summary and financeAdvanced 2.0 the details, so both always agree.

import { addDays, dateBetween, daysBeforeReference, isoDate } from "../core/calendar";
import { rngFor, type Rng } from "../core/prng";
import { roundMoney } from "../core/text";
import { companyIdentity } from "../companies/company";
import { KNOWN_COMPANIES } from "../companies/known";
import { randomCnpj } from "../companies/random";
import type { City, StateInfo } from "../geo/states";
import type { Entity } from "../../types";

export interface NegativeRecord {
  creditor: { name: string; document: string };
  segment: string;
  type: string;
  contract: string;
  amount: number;
  city: string;
  state: string;
  occurredAt: string;
  reportedAt: string;
}

export interface Protest {
  notaryOffice: string;
  city: string;
  state: string;
  amount: number;
  protestedAt: string;
  instrument: string;
  creditor: string;
}

export interface Consultations {
  last30Days: number;
  last60Days: number;
  last90Days: number;
  over90Days: number;
}

export interface CreditPicture {
  negativeRecords: NegativeRecord[];
  protests: Protest[];
  consultations: Consultations;
}

interface Place {
  state: StateInfo;
  city: City;
}

/** Debt types by creditor segment (the fixed institutions in companies/known.ts) and entity. */
const DEBT_TYPES: Record<Entity, Record<string, readonly string[]>> = {
  person: {
    Banco: ["Empréstimo pessoal", "Cheque especial", "Financiamento de veículo"],
    Financeira: ["Crédito direto ao consumidor", "Empréstimo pessoal"],
    "Cartão de crédito": ["Cartão de crédito"],
    Telefonia: ["Conta de telefonia"],
    "Energia elétrica": ["Conta de energia"],
    Varejo: ["Crediário"],
  },
  company: {
    Banco: ["Capital de giro", "Conta garantida", "Empréstimo empresarial"],
    Financeira: ["Financiamento de veículo"],
    "Cartão de crédito": ["Cartão corporativo"],
    Telefonia: ["Conta de telefonia"],
    "Energia elétrica": ["Conta de energia"],
  },
};

const INSTRUMENTS = ["Duplicata Mercantil por Indicação", "Nota Promissória", "Cheque", "Certidão de Dívida Ativa"] as const;

export function creditOf(document: string, entity: Entity, place: Place, lowIncome = false): CreditPicture {
  const rng = rngFor(document, "credit");
  const negativeChance = entity === "company" ? 0.2 : lowIncome ? 0.4 : 0.25;
  const negativeCount = rng.chance(negativeChance)
    ? rng.weighted<number>([
        [1, 55],
        [2, 25],
        [3, 12],
        [5, 8],
      ])
    : 0;
  const negativeRecords = Array.from({ length: negativeCount }, () => negativeRecord(rng, entity, place, document));
  const protestCount = rng.chance(entity === "company" ? 0.15 : 0.08) ? rng.int(1, 3) : 0;
  const protests = Array.from({ length: protestCount }, () => protest(rng, entity, place, document));
  const busy = negativeCount > 0 ? 2 : 1;
  const consultations = {
    last30Days: rng.int(0, 2 * busy),
    last60Days: rng.int(0, 3 * busy),
    last90Days: rng.int(0, 4 * busy),
    over90Days: rng.int(0, 12),
  };
  return {
    negativeRecords: negativeRecords.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt)),
    protests: protests.sort((a, b) => b.protestedAt.localeCompare(a.protestedAt)),
    consultations,
  };
}

function negativeRecord(rng: Rng, entity: Entity, place: Place, self: string): NegativeRecord {
  const occurred = dateBetween(daysBeforeReference(5 * 365), daysBeforeReference(40), rng.next());
  // Companies also owe suppliers (duplicatas); persons owe banks, card issuers and utilities.
  const supplier = entity === "company" && rng.chance(0.4);
  const creditor = supplier ? companyIdentity(randomCnpj(rng, (cnpj) => cnpj === self)) : null;
  const known = rng.pick(KNOWN_COMPANIES.filter((c) => c.segment in DEBT_TYPES[entity]));
  return {
    creditor: creditor ? { name: creditor.name, document: creditor.document } : { name: known.name, document: known.document },
    segment: creditor ? "Fornecedor" : known.segment,
    type: creditor ? "Duplicata" : rng.pick(DEBT_TYPES[entity][known.segment]!),
    contract: rng.digits(12),
    amount: rng.amount(entity === "company" ? 800 : 90, entity === "company" ? 90_000 : 12_000),
    city: place.city.name,
    state: place.state.uf,
    occurredAt: isoDate(occurred),
    reportedAt: isoDate(addDays(occurred, rng.int(10, 60))),
  };
}

function protest(rng: Rng, entity: Entity, place: Place, self: string): Protest {
  const creditor = rng.chance(0.5) ? rng.pick(KNOWN_COMPANIES).name : companyIdentity(randomCnpj(rng, (cnpj) => cnpj === self)).name;
  return {
    notaryOffice: `${rng.int(1, place.city === place.state.cities[0] ? 10 : 2)}º Tabelionato de Protesto de Títulos de ${place.city.name}`,
    city: place.city.name,
    state: place.state.uf,
    amount: rng.amount(150, entity === "company" ? 150_000 : 20_000),
    protestedAt: isoDate(dateBetween(daysBeforeReference(5 * 365), daysBeforeReference(20), rng.next())),
    instrument: rng.pick(INSTRUMENTS),
    creditor,
  };
}

export function creditTotals(credit: CreditPicture) {
  const sum = (values: number[]) => roundMoney(values.reduce((total, value) => total + value, 0));
  return {
    negativeAmount: sum(credit.negativeRecords.map((r) => r.amount)),
    protestAmount: sum(credit.protests.map((p) => p.amount)),
    lastOccurrenceAt:
      [...credit.negativeRecords.map((r) => r.occurredAt), ...credit.protests.map((p) => p.protestedAt)].sort().pop() ?? null,
  };
}
