"use client";

import { Section } from "@/components/ui/section";
import { formatInteger } from "@/lib/contract/format/number";
import { moduleLabel } from "@/lib/verifications/rule-catalog";
import type { CaseScoring, FactValue, Recommendation } from "@/lib/contract/rules";

// "Por que este score" (issue 31): the rule set version that scored the case, each rule that fired
// with the values of the facts that fired it, and the score of each version running in shadow.

export const RECOMMENDATION_LABELS: Readonly<Record<Recommendation, string>> = {
  APPROVE: "Aprovar",
  REVIEW: "Revisar",
  REPROVE: "Reprovar",
};

/** A fact's value in words; of a list that names the rule itself (version 1's conditions), only that entry. */
function factValue(value: FactValue, rule: { code: string; module: string }): string {
  if (value === null) return "sem dado";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return value.toLocaleString("pt-BR");
  if (Array.isArray(value)) {
    const own = value.find((v) => v === `${rule.module}.${rule.code}` || v === rule.code);
    if (own) return value.length > 1 ? `inclui ${own} (e mais ${value.length - 1})` : `inclui ${own}`;
    return value.length === 0 ? "nenhuma" : value.join(", ");
  }
  return value;
}

export function WhyScore({ scoring }: { scoring: CaseScoring }) {
  return (
    <Section title="Por que este score" description={`Versão ${scoring.version} das regras do perfil`} testId="why-score">
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
                    <span className="text-sm font-medium text-zinc-900">{rule.title}</span>
                    <span className="tabular text-xs font-medium text-rose-800">−{formatInteger(rule.weight)} pontos</span>
                  </div>
                  <p className="mt-0.5 text-xs text-zinc-600">
                    <code className="text-[11px]">{rule.code}</code> · módulo {moduleLabel(rule.module)}
                  </p>
                  {facts.length > 0 ? (
                    <dl className="mt-1.5 grid grid-cols-1 gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
                      {facts.map(([name, value]) => (
                        <div key={name} className="contents">
                          <dt className="text-zinc-600">
                            <code className="text-[11px]">{name}</code>
                          </dt>
                          <dd data-fact={name} className="min-w-0 break-words text-zinc-900">
                            {factValue(value, rule)}
                          </dd>
                        </div>
                      ))}
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
