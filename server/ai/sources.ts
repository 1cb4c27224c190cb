// What the summary says of its sources (issue 28): when a real subject's dossier holds invented
// data too (the registry for the profile, the sandbox for the lawsuits), the summary names the
// invented modules in its text and facts, and its recommendation rests on the real data alone: the
// points the invented modules took off the score are given back (scoreDistribution says whose
// they were). Modules left without a source are named as not consulted.
import { formatInteger } from "../../lib/contract/format/number";
import { mixesFictitious, type ModuleSourceView } from "../../lib/contract/source-labels";
import type { DossierFacts } from "./facts";
import { inSentence } from "../../lib/contract/labels";
import { moduleLabel } from "./labels";

export interface SourceFacts {
  /** Real data and invented data side by side. */
  mixed: boolean;
  /** Modules whose data is invented (the sandbox), when mixed. */
  fictitious: string[];
  /** Modules not consulted: no source configured. */
  unavailable: string[];
  /** Each answered module's source label, by module. */
  labels: Record<string, string>;
}

export function sourceFacts(sources: readonly ModuleSourceView[] | undefined): SourceFacts {
  const list = sources ?? [];
  const mixed = mixesFictitious(list);
  return {
    mixed,
    fictitious: mixed ? list.filter((s) => s.state === "answered" && s.fictitious).map((s) => s.module) : [],
    unavailable: list.filter((s) => s.state === "unavailable").map((s) => s.module),
    labels: Object.fromEntries(list.filter((s) => s.state === "answered").map((s) => [s.module, s.label])),
  };
}

/** The score without the points the invented modules took off (null: no score). */
export function realScore(facts: DossierFacts, fictitious: readonly string[]): number | null {
  if (facts.score === null || fictitious.length === 0) return facts.score;
  const invented = facts.scoreDistribution.filter((d) => fictitious.includes(d.module)).reduce((sum, d) => sum + d.percent, 0);
  const deduction = (facts.scoreFactor ?? 1000 - facts.score) * (invented / 100);
  return Math.min(1000, Math.round(facts.score + deduction));
}

/** The facts without the invented modules' findings: what the highlights and hard stops may rest on. */
export function realFacts(facts: DossierFacts, fictitious: readonly string[]): DossierFacts {
  if (fictitious.length === 0) return facts;
  const out = { ...facts };
  if (fictitious.includes("lawsuits"))
    out.lawsuits = {
      ...facts.lawsuits,
      ran: false,
      items: [],
      total: 0,
      asDefendant: 0,
      asPlaintiff: 0,
      active: 0,
      activeAsDefendant: 0,
      criminal: 0,
      byCourt: [],
      activeClaimAsDefendant: 0,
    };
  if (fictitious.includes("ownersLawsuits")) out.ownersLawsuits = null;
  if (fictitious.includes("finance") || fictitious.includes("financeAdvanced"))
    out.finance = {
      ...facts.finance,
      negativeRecords: 0,
      negativeAmount: 0,
      protests: 0,
      protestAmount: 0,
      restrictionNegative: false,
      taxDebt: false,
    };
  if (fictitious.includes("related"))
    out.related = { ...facts.related, parties: [], withLawsuits: 0, deceased: 0, inactiveCompanies: 0, listed: 0 };
  return out;
}

const names = (modules: readonly string[]) => modules.map((m) => inSentence(moduleLabel(m)));

function joinPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** "Fontes: …" sentence, or null when every answer came from one kind of source. */
export function sourcesSentence(s: SourceFacts, score: number | null, real: number | null): string | null {
  const parts: string[] = [];
  if (s.mixed) {
    parts.push(
      `Dados fictícios (sandbox, sem valor de prova): ${joinPt(names(s.fictitious))}; não contam na recomendação` +
        (score !== null && real !== null && real !== score
          ? `, que usa a pontuação dos dados reais, ${formatInteger(real)} de 1.000 (a pontuação com eles é ${formatInteger(score)})`
          : "") +
        ".",
    );
  }
  if (s.unavailable.length > 0) parts.push(`Não consultados, sem fonte configurada: ${joinPt(names(s.unavailable))}.`);
  return parts.length ? parts.join(" ") : null;
}

/** A sentence about an invented module's data, marked as such when the dossier mixes. */
export function marked(s: SourceFacts, module: string, sentence: string | null): string | null {
  return sentence && s.fictitious.includes(module) ? `[Dados fictícios] ${sentence}` : sentence;
}
