"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/contract/format/date";
import { formatInteger, formatPercent } from "@/lib/contract/format/number";
import type { Backtest, BacktestRule, Recommendation } from "@/lib/contract/rules";
import { cn } from "@/lib/utils/cn";
import type { HistogramPair } from "./backtest-histogram-chart";

/** The flip matrix's order (lib/contract/rules RECOMMENDATIONS, not imported: that module brings zod to the browser). */
const RECOMMENDATIONS: readonly Recommendation[] = ["APPROVE", "REVIEW", "REPROVE"];

// A finished backtest ("Simular", issue 31 item 6): both versions' histograms, the 3×3 flip matrix
// (baseline rows × candidate columns), each AUC, the candidate's rules sortable by precision,
// recall and hits, and the flipped cases, each opening its verification.

const BacktestHistogramChart = dynamic(() => import("./backtest-histogram-chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-60 w-full" />,
});

export const RECOMMENDATION_LABEL: Record<Recommendation, string> = { APPROVE: "Aprovar", REVIEW: "Revisar", REPROVE: "Reprovar" };
const DECISION_LABEL: Record<string, string> = { APPROVED: "Aprovado", REPROVED: "Reprovado", STANDBY: "Em espera", WAIVED: "Dispensado" };

type SortKey = "precision" | "recall" | "hits";
const SORT_LABEL: Record<SortKey, string> = { precision: "Precisão", recall: "Recall", hits: "Acertos" };

const auc = (value: number | null) =>
  value === null ? "—" : value.toLocaleString("pt-BR", { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const share = (value: number | null) => formatPercent(value, 1);

function sortRules(rules: BacktestRule[], key: SortKey, descending: boolean): BacktestRule[] {
  // null (nothing to divide) goes last either way; ties keep the version's order
  return rules
    .map((rule, i) => ({ rule, i }))
    .sort((a, b) => {
      const x = a.rule[key];
      const y = b.rule[key];
      if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
      return (descending ? y - x : x - y) || a.i - b.i;
    })
    .map(({ rule }) => rule);
}

export function BacktestResult({ backtest }: { backtest: Backtest }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "hits", descending: true });
  const b = backtest.baseline;
  const c = backtest.candidate;
  const baselineName = `Versão ${b.version} (comparação)`;
  const candidateName = `Versão ${c.version} (simulada)`;
  const labelled = (backtest.labels?.reproved ?? 0) + (backtest.labels?.approved ?? 0);
  const noLabels = !backtest.labels || backtest.labels.reproved === 0 || backtest.labels.approved === 0;

  const bins: HistogramPair[] = (c.histogram ?? []).map((bin, i) => ({
    from: bin.from,
    to: bin.to,
    candidate: bin.count,
    baseline: b.histogram?.[i]?.count ?? 0,
  }));
  const rules = sortRules(backtest.rules ?? [], sort.key, sort.descending);
  const flipped = backtest.flipped ?? [];
  const flips = backtest.flips;

  return (
    <div className="space-y-5" data-testid="backtest-result">
      <p className="text-sm text-zinc-700" data-testid="backtest-summary">
        {formatInteger(backtest.cases)} casos lidos, {formatInteger(backtest.decided)} com decisão (
        {formatInteger(backtest.labels?.reproved)} reprovados e {formatInteger(backtest.labels?.approved)} aprovados contam nas métricas).
        {backtest.finishedAt ? <span className="text-zinc-500"> Concluída em {formatDateTime(backtest.finishedAt)}.</span> : null}
      </p>

      {noLabels ? (
        <p role="status" data-testid="backtest-no-labels" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {labelled === 0
            ? "Sem decisões no período: as métricas pedem casos aprovados e reprovados."
            : "As métricas pedem casos aprovados e reprovados: no período só há decisões de um dos lados."}
        </p>
      ) : null}

      <div className="space-y-1">
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="backtest-auc">
          {[
            { name: baselineName, value: b.auc, testId: "auc-baseline" },
            { name: candidateName, value: c.auc, testId: "auc-candidate" },
          ].map((side) => (
            <div key={side.testId} className="rounded-md border border-zinc-200 px-3 py-2">
              <dt className="text-xs text-zinc-600">AUC · {side.name}</dt>
              <dd data-testid={side.testId} className="tabular text-lg font-semibold text-zinc-900">
                {auc(side.value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-zinc-600">
          AUC: a chance de um caso reprovado pela equipe ter score menor que um aprovado (1 separa todos; 0,5 é cara ou coroa).
        </p>
      </div>

      <div>
        <h3 className="text-sm font-semibold text-zinc-900">Distribuição dos scores</h3>
        <p className="text-xs text-zinc-600">Casos por faixa de 50 pontos, nas duas versões.</p>
        {bins.length > 0 ? (
          <div data-testid="backtest-histograms" role="img" aria-label={`Histogramas dos scores: ${baselineName} e ${candidateName}`}>
            <BacktestHistogramChart bins={bins} baselineName={baselineName} candidateName={candidateName} />
          </div>
        ) : (
          <p className="text-sm text-zinc-600">Nenhum caso no período.</p>
        )}
      </div>

      {flips ? (
        <div className="overflow-x-auto">
          <table className="min-w-[20rem] text-sm" data-testid="flip-matrix">
            <caption className="mb-2 text-left text-sm font-semibold text-zinc-900">
              Recomendações: {baselineName} (linhas) × {candidateName} (colunas)
            </caption>
            <thead>
              <tr className="text-xs text-zinc-600">
                <td className="px-2 py-1" />
                {RECOMMENDATIONS.map((to) => (
                  <th key={to} scope="col" className="px-3 py-1 text-right font-medium">
                    {RECOMMENDATION_LABEL[to]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {RECOMMENDATIONS.map((from) => (
                <tr key={from} className="border-t border-zinc-100">
                  <th scope="row" className="px-2 py-1.5 text-left text-xs font-medium text-zinc-700">
                    {RECOMMENDATION_LABEL[from]}
                  </th>
                  {RECOMMENDATIONS.map((to) => (
                    <td
                      key={to}
                      data-testid={`flip-${from}-${to}`}
                      className={cn("tabular px-3 py-1.5 text-right", from === to ? "text-zinc-500" : "font-semibold text-zinc-900")}
                    >
                      {formatInteger(flips[from][to])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-zinc-600">Na diagonal, o que não muda.</p>
        </div>
      ) : null}

      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="backtest-rules">
          <caption className="mb-2 text-left text-sm font-semibold text-zinc-900">Regras da versão simulada</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-xs text-zinc-600">
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                Regra
              </th>
              <th scope="col" className="hidden px-2 py-1.5 text-right font-medium sm:table-cell">
                Peso
              </th>
              {(["hits", "precision", "recall"] as const).map((key) => {
                const active = sort.key === key;
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
                    className="px-2 py-1.5 text-right font-medium"
                  >
                    <button
                      type="button"
                      data-testid={`sort-${key}`}
                      className="inline-flex items-center gap-0.5 rounded px-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                      onClick={() => setSort({ key, descending: active ? !sort.descending : true })}
                    >
                      {SORT_LABEL[key]}
                      <span aria-hidden="true">{active ? (sort.descending ? "↓" : "↑") : "↕"}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="hidden px-2 py-1.5 text-right font-medium sm:table-cell">
                F1
              </th>
              <th scope="col" className="hidden px-2 py-1.5 text-right font-medium sm:table-cell">
                <abbr title="verdadeiros positivos / falsos positivos / falsos negativos">VP / FP / FN</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <tr
                key={`${rule.module}.${rule.code}`}
                data-testid="backtest-rule"
                data-code={rule.code}
                className="border-b border-zinc-100"
              >
                <td className="px-2 py-1.5">
                  <span className="font-mono text-xs break-all text-zinc-800">{rule.code}</span>
                  {!rule.enabled ? <span className="ml-1 text-xs text-zinc-500">(inativa)</span> : null}
                  <span className="block text-xs text-zinc-600">{rule.title}</span>
                </td>
                <td className="tabular hidden px-2 py-1.5 text-right sm:table-cell">{formatInteger(rule.weight)}</td>
                <td className="tabular px-2 py-1.5 text-right" data-testid="rule-hits">
                  {formatInteger(rule.hits)} <span className="hidden text-xs text-zinc-500 sm:inline">({share(rule.hitRate)})</span>
                </td>
                <td className="tabular px-2 py-1.5 text-right" data-testid="rule-precision">
                  {share(rule.precision)}
                </td>
                <td className="tabular px-2 py-1.5 text-right" data-testid="rule-recall">
                  {share(rule.recall)}
                </td>
                <td className="tabular hidden px-2 py-1.5 text-right sm:table-cell">{share(rule.f1)}</td>
                <td className="tabular hidden px-2 py-1.5 text-right text-xs text-zinc-600 sm:table-cell">
                  {rule.tp} / {rule.fp} / {rule.fn}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rules.length === 0 ? <p className="px-2 py-3 text-sm text-zinc-600">A versão simulada não tem regras.</p> : null}
      </div>

      <div>
        <h3 className="text-sm font-semibold text-zinc-900">Casos que mudam de recomendação</h3>
        {flipped.length === 0 ? (
          <p data-testid="flipped-empty" className="text-sm text-zinc-600">
            Nenhum caso muda de recomendação.
          </p>
        ) : (
          <>
            <p className="text-xs text-zinc-600">
              {flipped.length === 200 ? "Os 200 primeiros, do mais antigo ao mais novo." : "Do mais antigo ao mais novo."}
            </p>
            <ul data-testid="flipped-cases" className="mt-2 divide-y divide-zinc-100 rounded-md border border-zinc-200">
              {flipped.map((item) => (
                <li key={item.verificationId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <Link
                    href={`/verifications/${item.verificationId}`}
                    className="font-medium text-brand-700 hover:underline"
                    data-testid="flipped-case"
                  >
                    Caso de {formatDateTime(item.createdAt)}
                  </Link>
                  <span className="text-xs text-zinc-700">
                    {RECOMMENDATION_LABEL[item.baseline.recommendation]} ({formatInteger(item.baseline.score)}) →{" "}
                    <strong>
                      {RECOMMENDATION_LABEL[item.candidate.recommendation]} ({formatInteger(item.candidate.score)})
                    </strong>
                    {" · "}
                    {item.decision ? `decisão: ${DECISION_LABEL[item.decision]}` : "sem decisão"}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
