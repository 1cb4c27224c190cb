// Counters, indicators and rules computed from a holder's lawsuits. The same numbers feed every
// dataset version, the owners' lawsuits and the lawsuit network's nodes.

import { daysBetween, parseIsoDate, REFERENCE_DATE } from "../core/calendar";
import { roundMoney } from "../core/text";
import { rulesFrom, type Rule } from "../module-data";
import type { Lawsuit } from "./generate";

export interface LawsuitCounters {
  total: number;
  asDefendant: number;
  asPlaintiff: number;
  active: number;
  inactive: number;
  bySegment: { state: number; labour: number; federal: number };
  byCourt: Record<string, number>;
  byArea: Record<string, number>;
  byClass: Record<string, number>;
  totalClaimValue: number;
  activeClaimValueAsDefendant: number;
  firstFiledAt: string | null;
  lastFiledAt: string | null;
}

export interface Indicator {
  risky: boolean;
  value: number;
}

export interface LawsuitIndicators {
  activeAsDefendant: Indicator;
  criminal: Indicator;
  labourAsDefendant: Indicator;
  taxEnforcement: Indicator;
  recentFilings: Indicator;
  highClaimValue: Indicator;
}

const HIGH_CLAIM = 100_000;

function increment(record: Record<string, number>, key: string): void {
  record[key] = (record[key] ?? 0) + 1;
}

const isActive = (lawsuit: Lawsuit) => lawsuit.status === "em andamento";
const asDefendant = (lawsuit: Lawsuit) => lawsuit.side === "defendant";

export function countLawsuits(lawsuits: readonly Lawsuit[]): LawsuitCounters {
  const counters: LawsuitCounters = {
    total: lawsuits.length,
    asDefendant: 0,
    asPlaintiff: 0,
    active: 0,
    inactive: 0,
    bySegment: { state: 0, labour: 0, federal: 0 },
    byCourt: {},
    byArea: {},
    byClass: {},
    totalClaimValue: 0,
    activeClaimValueAsDefendant: 0,
    firstFiledAt: null,
    lastFiledAt: null,
  };
  for (const lawsuit of lawsuits) {
    if (asDefendant(lawsuit)) counters.asDefendant++;
    else counters.asPlaintiff++;
    if (isActive(lawsuit)) counters.active++;
    else counters.inactive++;
    counters.bySegment[lawsuit.court.segment]++;
    increment(counters.byCourt, lawsuit.court.code);
    increment(counters.byArea, lawsuit.area);
    increment(counters.byClass, lawsuit.class.name);
    counters.totalClaimValue += lawsuit.claimValue ?? 0;
    if (isActive(lawsuit) && asDefendant(lawsuit)) counters.activeClaimValueAsDefendant += lawsuit.claimValue ?? 0;
    if (!counters.firstFiledAt || lawsuit.filedAt < counters.firstFiledAt) counters.firstFiledAt = lawsuit.filedAt;
    if (!counters.lastFiledAt || lawsuit.filedAt > counters.lastFiledAt) counters.lastFiledAt = lawsuit.filedAt;
  }
  counters.totalClaimValue = roundMoney(counters.totalClaimValue);
  counters.activeClaimValueAsDefendant = roundMoney(counters.activeClaimValueAsDefendant);
  return counters;
}

function indicator(value: number, riskyFrom = 1): Indicator {
  return { risky: value >= riskyFrom, value };
}

export function lawsuitIndicators(lawsuits: readonly Lawsuit[]): LawsuitIndicators {
  const count = (test: (lawsuit: Lawsuit) => boolean) => lawsuits.filter(test).length;
  return {
    activeAsDefendant: indicator(count((l) => isActive(l) && asDefendant(l))),
    criminal: indicator(count((l) => l.area === "criminal")),
    labourAsDefendant: indicator(count((l) => l.area === "labour" && asDefendant(l))),
    taxEnforcement: indicator(count((l) => l.area === "tax" && asDefendant(l))),
    // A burst of new lawsuits in the last 12 months says more than old, settled ones.
    recentFilings: indicator(
      count((l) => daysBetween(parseIsoDate(l.filedAt), REFERENCE_DATE) <= 365),
      2,
    ),
    highClaimValue: indicator(count((l) => asDefendant(l) && (l.claimValue ?? 0) >= HIGH_CLAIM)),
  };
}

export function lawsuitRules(lawsuits: readonly Lawsuit[]): Rule[] {
  const indicators = lawsuitIndicators(lawsuits);
  return rulesFrom({
    has_lawsuits: lawsuits.length > 0,
    has_active_lawsuits_as_defendant: indicators.activeAsDefendant.risky,
    has_criminal_lawsuit: indicators.criminal.risky,
    has_labour_lawsuits_as_defendant: indicators.labourAsDefendant.risky,
    has_tax_enforcement: indicators.taxEnforcement.risky,
  });
}
