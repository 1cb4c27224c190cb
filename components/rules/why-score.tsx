"use client";

import { Section } from "@/components/ui/section";
import { formatInteger } from "@/lib/contract/format/number";
import { moduleLabel } from "@/lib/verifications/rule-catalog";
import { ruleLabel } from "@/lib/contract/labels";
import type { CaseScoring, FactValue, Recommendation } from "@/lib/contract/rules";

// "Por que este score" (issue 31): the rule set version that scored the case, each rule that fired
// with the values of the facts that fired it, and the score of each version running in shadow.

export const RECOMMENDATION_LABELS: Readonly<Record<Recommendation, string>> = {
  APPROVE: "Aprovar",
  REVIEW: "Revisar",
  REPROVE: "Reprovar",
};

/** A dataset rule's entry of a list fact ("lawsuits.has_lawsuits" or "has_lawsuits") by its title. */
const ruleEntry = (entry: string) => ruleLabel(entry.slice(entry.lastIndexOf(".") + 1));

/**
 * A fact's value in words. A list that holds the rule itself (version 1's conditions read the
 * dataset's fired rules) says so, with how many others it holds; other lists name their entries'
 * titles. No code reaches the page (issue 29): the entries' codes are in the tooltip.
 */
function factValue(value: FactValue, rule: { code: string; module: string }): { text: string; title?: string } {
  if (value === null) return { text: "sem dado" };
  if (typeof value === "boolean") return { text: value ? "sim" : "não" };
  if (typeof value === "number") return { text: value.toLocaleString("pt-BR") };
  if (Array.isArray(value)) {
    const title = value.join(", ");
    const own = value.find((v) => v === `${rule.module}.${rule.code}` || v === rule.code);
    if (own) {
      const others = value.length - 1;
      return {
        text: others > 0 ? `inclui esta regra (e mais ${others} ${others === 1 ? "regra" : "regras"})` : "inclui esta regra",
        title,
      };
    }
    return { text: value.length === 0 ? "nenhuma" : value.map(ruleEntry).join(", "), title };
  }
  return { text: value };
}

export function WhyScore({ scoring }: { scoring: CaseScoring }) {
  return (
    <Section
      title="Por que este score"
      description={`Versão ${scoring.version} das regras do perfil`}
      testId="why-score"
      anchor="por-que-este-score"
    >
      <div className="space-y-4">
        <p className="text-sm text-zinc-800">
          Score <span className="tabular font-semibold">{formatInteger(scoring.score)}</span>, recomendação{" "}
          <span data-testid="why-score-recommendation" className="font-semibold">
            {RECOMMENDATION_LABELS[scoring.recommendation]}
          </span>
          , pela versão <span data-testid="why-score-version">{scoring.version}</span>.
        </p>
        {scoring.fired.length === 0 ? (
          <p className="text-sm text-zinc-600">Nenhuma regra disparou: o score não perdeu pontos.</p>
        ) : (
          <ul data-testid="why-score-rules" className="space-y-2.5">
            {scoring.fired.map((rule) => {
              const facts = Object.entries(rule.facts);
              return (
                <li
                  key={`${rule.module}:${rule.code}`}
                  data-rule={rule.code}
                  className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="text-sm font-medium text-zinc-900" title={`Código da regra: ${rule.code}`}>
                      {rule.title}
                    </span>
                    <span className="tabular text-xs font-medium text-rose-800">−{formatInteger(rule.weight)} pontos</span>
                  </div>
                  <p className="mt-0.5 text-xs text-zinc-600">Módulo {moduleLabel(rule.module)}</p>
                  {facts.length > 0 ? (
                    <dl className="mt-1.5 grid grid-cols-1 gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
                      {facts.map(([name, value]) => {
                        const shown = factValue(value, rule);
                        return (
                          <div key={name} className="contents">
                            <dt className="text-zinc-600" title={`Fato: ${name}`}>
                              {scoring.factLabels?.[name] ?? name}
                            </dt>
                            <dd data-fact={name} className="min-w-0 break-words text-zinc-900" title={shown.title}>
                              {shown.text}
                            </dd>
                          </div>
                        );
                      })}
                    </dl>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {scoring.shadow.length > 0 ? (
          <div data-testid="why-score-shadow" className="border-t border-zinc-100 pt-3">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Em sombra</h3>
            <ul className="space-y-1 text-sm text-zinc-800">
              {scoring.shadow.map((s) => (
                <li key={s.rulesetId} data-version={s.version}>
                  Versão {s.version}: score <span className="tabular font-medium">{formatInteger(s.score)}</span>,{" "}
                  {RECOMMENDATION_LABELS[s.recommendation].toLowerCase()}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
