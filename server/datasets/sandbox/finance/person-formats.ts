// person-finance 1.0 (legacy bureau, Portuguese, DD/MM/YYYY) and 1.1 (same fields plus the
// credit-restriction summary, consultation counts and indicators).

import { brDate, REFERENCE_DATE } from "../core/calendar";
import { moduleData, rulesFrom } from "../module-data";
import { personCore, type PersonCore } from "../people/person";
import { creditOf, creditTotals, type CreditPicture } from "./credit";
import { MINIMUM_WAGE } from "./income";
import { personFinance, type PersonFinance } from "./person-finance";
import type { PersonFinanceV1, PersonFinanceV11 } from "../../formats/person-finance";

function financeV1(finance: PersonFinance): PersonFinanceV1 {
  return {
    salarioEstimado: finance.salary,
    rendaEstimada: finance.incomeBand,
    faixaPatrimonial: finance.assetsBand,
    declaracoesIR: finance.taxReturns.map((r) => ({
      ano: r.year,
      situacao: r.status,
      banco: r.bank,
      dataAtualizacao: brDate(r.updatedAt),
    })),
    cobrancas: {
      quantidade: finance.collections.total,
      origens: finance.collections.origins,
      atualizadoEm: brDate(finance.collections.updatedAt),
    },
    programasSociais: finance.programs.map((p) => ({
      programa: p.name,
      municipio: p.city,
      uf: p.state,
      ativo: p.active,
      valorParcela: p.amount,
      valorTotal: p.totalAmount,
      inicio: brDate(p.startedAt),
      fim: p.endedAt ? brDate(p.endedAt) : null,
    })),
  };
}

function restrictionsV11(credit: CreditPicture): PersonFinanceV11["restricoes"] {
  const latest = credit.negativeRecords[0];
  const totals = creditTotals(credit);
  return {
    possuiRestricao: credit.negativeRecords.length > 0,
    quantidade: credit.negativeRecords.length,
    valorTotal: totals.negativeAmount,
    ultima: latest
      ? {
          tipo: latest.type,
          segmento: latest.segment,
          credor: latest.creditor.name,
          valor: latest.amount,
          cidade: latest.city,
          uf: latest.state,
          dataOcorrencia: brDate(latest.occurredAt),
          dataInclusao: brDate(latest.reportedAt),
          situacao: "ATIVA",
        }
      : null,
  };
}

function indicatorsV11(finance: PersonFinance, credit: CreditPicture): PersonFinanceV11["indicadores"] {
  const recentReturns = recentTaxReturns(finance);
  const activePrograms = finance.programs.filter((p) => p.active).length;
  return {
    rendaMensal: { risco: finance.salary < MINIMUM_WAGE, valor: finance.salary },
    programasAssistenciais: { risco: activePrograms > 0, valor: activePrograms },
    declaracoesUltimosAnos: { risco: recentReturns === 0, valor: recentReturns },
    cobrancas: { risco: finance.collections.total > 0, valor: finance.collections.total },
    restricoes: { risco: credit.negativeRecords.length > 0, valor: credit.negativeRecords.length },
  };
}

/** The block formats it publishes are declared in server/datasets/formats/person-finance.ts. */
export type { PersonFinanceV1, PersonFinanceV11 };

/** Returns filed for the last two years. */
export function recentTaxReturns(finance: PersonFinance): number {
  return finance.taxReturns.filter((r) => Number(r.year) >= REFERENCE_DATE.getUTCFullYear() - 2).length;
}

export function personCredit(core: PersonCore, finance: PersonFinance): CreditPicture {
  return creditOf(core.document, "person", core, finance.salary < 2 * MINIMUM_WAGE);
}

export function buildPersonFinance(version: string, cpf: string) {
  const core = personCore(cpf);
  const finance = personFinance(core);
  const credit = personCredit(core, finance);
  const c = credit.consultations;
  const block: PersonFinanceV1 | PersonFinanceV11 =
    version === "1.0"
      ? financeV1(finance)
      : {
          ...financeV1(finance),
          restricoes: restrictionsV11(credit),
          consultas: { ultimos30Dias: c.last30Days, ultimos60Dias: c.last60Days, ultimos90Dias: c.last90Days, acima90Dias: c.over90Days },
          indicadores: indicatorsV11(finance, credit),
        };
  const fired: Record<string, boolean> = {
    income_below_minimum_wage: finance.salary < MINIMUM_WAGE,
    beneficiary_of_assistance_program: finance.programs.some((p) => p.active),
    no_recent_tax_return: recentTaxReturns(finance) === 0,
    has_collections: finance.collections.total > 0,
  };
  if (version !== "1.0") fired.has_negative_credit_records = credit.negativeRecords.length > 0;
  return moduleData("person", "finance", version, block, rulesFrom(fired));
}
