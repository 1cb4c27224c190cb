// financeAdvanced 2.0 (person and company): negative credit records, protests and consultation
// counts in detail, with a summary. Same credit picture as person-finance 1.1's restrictions.

import { companyIdentity } from "../companies/company";
import { moduleData, rulesFrom } from "../module-data";
import { personCore } from "../people/person";
import type { Entity } from "../../types";
import { creditOf, creditTotals, type CreditPicture } from "./credit";
import { personFinance } from "./person-finance";
import { personCredit } from "./person-formats";

function creditFor(entity: Entity, document: string): CreditPicture {
  if (entity === "person") {
    const core = personCore(document);
    return personCredit(core, personFinance(core));
  }
  return creditOf(document, "company", companyIdentity(document));
}

export function buildFinanceAdvanced(entity: Entity, version: string, document: string) {
  const credit = creditFor(entity, document);
  const totals = creditTotals(credit);
  const block = {
    summary: {
      hasNegativeRecords: credit.negativeRecords.length > 0,
      negativeRecords: credit.negativeRecords.length,
      negativeAmount: totals.negativeAmount,
      protests: credit.protests.length,
      protestAmount: totals.protestAmount,
      lastOccurrenceAt: totals.lastOccurrenceAt,
    },
    negativeRecords: credit.negativeRecords,
    protests: credit.protests,
    consultations: credit.consultations,
  };
  const highAmount = entity === "company" ? 50_000 : 10_000;
  const rules = rulesFrom({
    has_negative_credit_records: credit.negativeRecords.length > 0,
    has_protests: credit.protests.length > 0,
    high_negative_amount: totals.negativeAmount + totals.protestAmount >= highAmount,
  });
  return moduleData(entity, "financeAdvanced", version, block, rules);
}
