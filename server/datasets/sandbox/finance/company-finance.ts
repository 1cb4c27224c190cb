// company-finance 1.0 (legacy bureau, Portuguese): revenue band by company size, employees,
// tax regime, federal tax debts (dívida ativa), FGTS regularity and collection records.

import { brDate, dateBetween, daysBeforeReference, isoDate } from "../core/calendar";
import { rngFor } from "../core/prng";
import { legacyUpper, moneyString } from "../core/text";
import { companyIdentity } from "../companies/company";
import { moduleData, rulesFrom } from "../module-data";
import { REVENUE_BANDS } from "./income";

const EMPLOYEE_RANGES = { MEI: [0, 1], ME: [1, 9], EPP: [10, 49], DEMAIS: [50, 800] } as const;

function employeeBand(count: number): string {
  if (count === 0) return "SEM FUNCIONARIOS";
  if (count < 10) return "DE 1 A 9";
  if (count < 50) return "DE 10 A 49";
  if (count < 100) return "DE 50 A 99";
  return "100 OU MAIS";
}

export function buildCompanyFinance(version: string, cnpj: string) {
  const company = companyIdentity(cnpj);
  const rng = rngFor(cnpj, "finance");
  const [minEmployees, maxEmployees] = EMPLOYEE_RANGES[company.size];
  const employees = rng.int(minEmployees, maxEmployees);
  // Inactive companies are the ones that stopped paying taxes.
  const inactive = company.status !== "Ativa";
  const taxDebts = rng.chance(inactive ? 0.7 : 0.15) ? rng.int(1, 4) : 0;
  const taxDebtAmount = taxDebts === 0 ? 0 : rng.amount(2_000, 60_000) * taxDebts;
  const fgtsRegular = employees === 0 || !rng.chance(inactive ? 0.6 : 0.08);
  const collections = rng.weighted<number>([
    [0, 70],
    [1, 15],
    [3, 10],
    [6, 5],
  ]);
  const block = {
    faturamentoPresumido: REVENUE_BANDS[company.size],
    quantidadeFuncionarios: employees,
    faixaFuncionarios: employeeBand(employees),
    regimeTributario: legacyUpper(company.taxRegime),
    dividaAtiva: { possui: taxDebts > 0, inscricoes: taxDebts, valorTotal: moneyString(taxDebtAmount) },
    regularidadeFgts: fgtsRegular ? "REGULAR" : "IRREGULAR",
    cobrancas: {
      quantidade: collections,
      origens: collections === 0 ? 0 : rng.int(1, collections),
      atualizadoEm: brDate(isoDate(dateBetween(daysBeforeReference(90), daysBeforeReference(1), rng.next()))),
    },
  };
  const rules = rulesFrom({
    has_active_tax_debt: taxDebts > 0,
    fgts_irregular: !fgtsRegular,
    has_collections: collections > 0,
  });
  return moduleData("company", "finance", version, block, rules);
}
