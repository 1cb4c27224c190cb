"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import type { ReviewStats } from "@/lib/contract/review";
import { formatInteger, pluralize } from "@/lib/contract/format/number";
import { listHref } from "@/lib/overview/list-links";
import type { OverviewRange } from "@/lib/overview/range";
import { reviewStatsQuery } from "@/lib/query/review-queries";
import { cn } from "@/lib/utils/cn";

// The overview's team figures (review API, GET /api/review/v1/stats): waiting cases by age band,
// SLA breached, median time to decision in the period and, for admins, decisions per analyst.

/** "2 h 15 min", "3 d 4 h", "12 min". */
export function formatSpan(seconds: number | null): string {
  if (seconds === null) return "—";
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "menos de 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

const BANDS: Array<[keyof ReviewStats["waiting"]["byAge"], string]> = [
  ["under4h", "< 4 h"],
  ["from4hTo24h", "4–24 h"],
  ["from1dTo3d", "1–3 d"],
  ["over3d", "> 3 d"],
];

/** The team's stats of the range, for the "Parados" figure too; undefined while loading or without the review API. */
export function useTeamStats(range: OverviewRange, enabled: boolean) {
  return useQuery({ ...reviewStatsQuery(range), enabled });
}

export function TeamOverview({ stats, loading }: { stats: ReviewStats | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-40 rounded-lg" />;
  if (!stats) return null;
  const max = Math.max(1, ...BANDS.map(([key]) => stats.waiting.byAge[key]));
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Section
        title="Fila da equipe"
        description={`${pluralize(stats.waiting.total, "caso aguarda", "casos aguardam")} a primeira decisão, por tempo desde que ficaram decidíveis.`}
        testId="team-waiting"
      >
        <dl className="space-y-2 px-4 py-3 text-sm">
          {BANDS.map(([key, label]) => (
            <div key={key} data-key={key} className="grid grid-cols-[4rem_1fr_3rem] items-center gap-3">
              <dt className="text-zinc-700">{label}</dt>
              <dd aria-hidden="true" className="h-2 rounded bg-zinc-100">
                <div className="h-2 rounded bg-brand-500" style={{ width: `${(stats.waiting.byAge[key] / max) * 100}%` }} />
              </dd>
              <dd data-testid={`age-${key}`} className="tabular text-right font-semibold text-zinc-900">
                {formatInteger(stats.waiting.byAge[key])}
              </dd>
            </div>
          ))}
        </dl>
        <div className="grid grid-cols-2 gap-3 border-t border-zinc-100 px-4 py-3 text-sm">
          <div>
            <span className="block text-xs text-zinc-600">SLA estourado</span>
            <span
              data-testid="team-sla-breached"
              className={cn("tabular text-xl font-semibold", stats.slaBreached > 0 ? "text-rose-700" : "text-zinc-900")}
            >
              {formatInteger(stats.slaBreached)}
            </span>
          </div>
          <div>
            <span className="block text-xs text-zinc-600">Aguardando 2ª revisão</span>
            <Link
              href={listHref({ queue: "second" })}
              data-testid="team-second-review"
              className="tabular text-xl font-semibold text-brand-700 hover:underline"
            >
              {formatInteger(stats.awaitingSecondReview)}
            </Link>
          </div>
        </div>
      </Section>
      <Section
        title="Decisões no período"
        description="Primeiras decisões, contadas do momento em que o caso ficou decidível."
        testId="team-decisions"
      >
        <div className="grid grid-cols-2 gap-3 px-4 py-3 text-sm">
          <div>
            <span className="block text-xs text-zinc-600">Primeiras decisões</span>
            <span data-testid="team-decisions-count" className="tabular text-xl font-semibold text-zinc-900">
              {formatInteger(stats.decisions)}
            </span>
          </div>
          <div>
            <span className="block text-xs text-zinc-600">Tempo mediano até a decisão</span>
            <span data-testid="team-median" className="tabular text-xl font-semibold text-zinc-900">
              {formatSpan(stats.medianDecisionSeconds)}
            </span>
          </div>
        </div>
        {stats.decisionsByAnalyst ? (
          <table data-testid="team-by-analyst" className="w-full border-t border-zinc-100 text-sm">
            <caption className="px-4 pt-3 text-left text-xs font-medium text-zinc-600">Decisões por analista</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Analista</th>
                <th scope="col">Decisões</th>
              </tr>
            </thead>
            <tbody>
              {stats.decisionsByAnalyst.length === 0 ? (
                <tr>
                  <td colSpan={2} className="px-4 py-2 text-zinc-500">
                    Nenhuma decisão no período.
                  </td>
                </tr>
              ) : (
                stats.decisionsByAnalyst.map((row) => (
                  <tr key={row.user.id} data-testid="team-analyst-row">
                    <td className="px-4 py-1.5 text-zinc-800">{row.user.email ?? row.user.id.slice(0, 8)}</td>
                    <td className="tabular px-4 py-1.5 text-right font-semibold">{formatInteger(row.decisions)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        ) : null}
      </Section>
    </div>
  );
}
