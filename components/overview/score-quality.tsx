"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { PROFILES, type RulesProfile } from "@/components/rules/ruleset-labels";
import { formatInteger, formatPercent } from "@/lib/contract/format/number";
import type { ScoreQuality as Quality } from "@/lib/contract/rules";
import { rangeStart, type OverviewRange } from "@/lib/overview/range";
import { bffFetch } from "@/lib/query/bff-fetch";
import { cn } from "@/lib/utils/cn";

// "Qualidade do score" (issue 31 item 6; GET /api/review/v1/rules/quality): per scoring profile,
// the active version's AUC on the scores it gave to the period's cases the team reproved or
// approved, and the share approved per band of 100: a score that separates them well has a high
// AUC and an approval rate that climbs with the score.

export function ScoreQuality({ range }: { range: OverviewRange }) {
  const [profile, setProfile] = useState<RulesProfile>("prf_kyc_person");
  const from = rangeStart(range);
  const query = useQuery({
    queryKey: ["score-quality", profile, from ?? "all"],
    queryFn: ({ signal }) =>
      bffFetch<Quality>(`/bff/rules/quality?${new URLSearchParams({ profileId: profile, ...(from ? { from } : {}) })}`, signal),
    staleTime: 60_000,
  });
  const q = query.data;
  const labelled = q ? q.labels.approved + q.labels.reproved : 0;

  return (
    <Section
      title="Qualidade do score"
      description="Quanto o score da versão ativa separa os casos que a equipe reprovou dos que aprovou, no período."
      testId="score-quality"
      actions={
        <div role="group" aria-label="Perfil de score" className="inline-flex rounded-md bg-white p-0.5 ring-1 ring-zinc-300 ring-inset">
          {PROFILES.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={p.id === profile}
              data-testid={`quality-${p.id}`}
              onClick={() => setProfile(p.id)}
              className={cn(
                "rounded px-2.5 py-0.5 text-xs font-medium",
                p.id === profile ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100",
              )}
            >
              {p.label}
            </button>
          ))}
        </div>
      }
    >
      {query.isPending ? (
        <Skeleton className="h-40" />
      ) : query.isError ? (
        <StateMessage kind="error" testId="quality-error" title="Não foi possível medir o score" description={query.error.message} />
      ) : !q!.ruleset ? (
        <StateMessage
          testId="quality-no-version"
          title="Nenhuma versão ativa"
          description="Ative uma versão de regras para medir o score."
        />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p>
              <span className="text-xs text-zinc-600">AUC </span>
              <span data-testid="quality-auc" className="tabular text-2xl font-semibold text-zinc-900">
                {q!.auc === null ? "—" : q!.auc.toLocaleString("pt-BR", { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
              </span>
            </p>
            <p data-testid="quality-summary" className="text-xs text-zinc-600">
              <Link href={`/rules/${q!.ruleset.id}`} className="font-medium text-brand-700 hover:underline">
                Versão {q!.ruleset.version}
              </Link>{" "}
              · {formatInteger(q!.scored)} casos pontuados, {formatInteger(q!.labels.reproved)} reprovados e{" "}
              {formatInteger(q!.labels.approved)} aprovados
            </p>
          </div>
          {q!.labels.approved === 0 || q!.labels.reproved === 0 ? (
            <p role="status" data-testid="quality-no-labels" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {labelled === 0
                ? "Sem decisões no período: as métricas pedem casos aprovados e reprovados."
                : "As métricas pedem casos aprovados e reprovados: no período só há decisões de um dos lados."}
            </p>
          ) : (
            <p className="text-xs text-zinc-600">
              AUC: a chance de um caso reprovado ter score menor que um aprovado (1 separa todos; 0,5 é cara ou coroa).
            </p>
          )}
          {labelled > 0 ? (
            <table className="w-full text-sm" data-testid="quality-bands">
              <caption className="sr-only">Taxa de aprovação por faixa de score</caption>
              <thead>
                <tr className="border-b border-zinc-200 text-xs text-zinc-600">
                  <th scope="col" className="py-1 text-left font-medium">
                    Score
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Aprovados
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Reprovados
                  </th>
                  <th scope="col" className="w-2/5 py-1 pl-3 text-left font-medium">
                    Taxa de aprovação
                  </th>
                </tr>
              </thead>
              <tbody>
                {q!.bands
                  .filter((b) => b.approved + b.reproved > 0)
                  .map((b) => (
                    <tr key={b.from} data-testid="quality-band" data-from={b.from} className="border-b border-zinc-100">
                      <th scope="row" className="tabular py-1 text-left font-normal text-zinc-700">
                        {formatInteger(b.from)}–{formatInteger(b.to === 1000 ? 1000 : b.to - 1)}
                      </th>
                      <td className="tabular py-1 text-right">{formatInteger(b.approved)}</td>
                      <td className="tabular py-1 text-right">{formatInteger(b.reproved)}</td>
                      <td className="py-1 pl-3">
                        <span className="flex items-center gap-2">
                          <span aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-100">
                            <span
                              className="block h-full rounded-full bg-emerald-600"
                              style={{ width: `${(b.approvalRate ?? 0) * 100}%` }}
                            />
                          </span>
                          <span data-testid="quality-rate" className="tabular w-12 text-right text-zinc-900">
                            {formatPercent(b.approvalRate, 1)}
                          </span>
                        </span>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          ) : null}
        </div>
      )}
    </Section>
  );
}
