"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { RefreshIcon } from "@/components/ui/icons";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { WhenVisible } from "@/components/ui/when-visible";
import { STATS_DECISIONS, STATS_STATUSES } from "@/lib/contract/enum-values";
import type { VerificationStats } from "@/lib/contract/verification-stats";
import { formatInteger, pluralize } from "@/lib/contract/format/number";
import { listHref } from "@/lib/overview/list-links";
import { OVERVIEW_RANGES, type OverviewRange } from "@/lib/overview/range";
import { overviewStatsQuery } from "@/lib/query/overview-queries";
import { cn } from "@/lib/utils/cn";
import { statusMeta } from "@/lib/verifications/status";
import { useTeamFeature, useTeamReview } from "@/components/review/team-review-context";
import { DECISION_COLOURS, DECISION_LABELS } from "./decision-colours";
import { MonitoringCard } from "@/components/monitoring/monitoring-card";
import { ScoreQuality } from "./score-quality";
import { TeamOverview, useTeamStats } from "./team-overview";

// The charts (Recharts) load as they come near the viewport: below the first view, their code
// (about 120 KiB compressed) is not loaded with the page; the tables beside them carry the numbers.
// One placeholder each, of the chart's height: until it is near the viewport, then until its code is in.
const histogramPlaceholder = <Skeleton className="h-[220px]" />;
const dailyPlaceholder = <Skeleton className="h-[180px]" />;
const ScoreHistogramChart = dynamic(() => import("./score-histogram-chart"), { ssr: false, loading: () => histogramPlaceholder });
const DailyDecisionsChart = dynamic(() => import("./daily-decisions-chart"), { ssr: false, loading: () => dailyPlaceholder });

const linkClass = "rounded-sm font-semibold text-brand-700 tabular underline-offset-2 hover:underline";

function RangePicker({ range }: { range: OverviewRange }) {
  return (
    <nav aria-label="Período" className="inline-flex rounded-md bg-white p-0.5 shadow-xs ring-1 ring-zinc-300 ring-inset">
      {OVERVIEW_RANGES.map((option) => (
        <Link
          key={option.value}
          href={`/overview?range=${option.value}`}
          aria-current={option.value === range ? "page" : undefined}
          data-testid={`range-${option.value}`}
          className={cn(
            "rounded px-3 py-1 text-sm font-medium",
            option.value === range ? "bg-brand-600 text-white" : "text-zinc-700 hover:bg-zinc-100",
          )}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

function Figure({
  label,
  value,
  href,
  hint,
  testId,
  tone,
}: {
  label: string;
  value: number;
  href: string;
  hint: string;
  testId: string;
  tone?: "danger" | "warning";
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      className="group block rounded-lg border border-zinc-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-500"
    >
      <span className="block text-xs font-medium text-zinc-600">{label}</span>
      <span
        className={cn(
          "tabular mt-1 block text-2xl font-semibold",
          tone === "danger" && value > 0 ? "text-rose-700" : tone === "warning" && value > 0 ? "text-amber-800" : "text-zinc-900",
        )}
      >
        {formatInteger(value)}
      </span>
      <span className="mt-1 block text-xs text-zinc-600 group-hover:text-brand-700">{hint}</span>
    </Link>
  );
}

function CountList({
  title,
  testId,
  rows,
}: {
  title: string;
  testId: string;
  rows: Array<{ key: string; label: string; count: number; href: string; colour?: string }>;
}) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Section title={title} testId={testId}>
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.key} data-key={row.key} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
            <span className="flex items-center gap-2 text-zinc-700">
              {row.colour ? <span aria-hidden="true" className="size-2 rounded-full" style={{ background: row.colour }} /> : null}
              {row.label}
            </span>
            <span aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-zinc-100">
              <span className="block h-full rounded-full bg-brand-500" style={{ width: `${(row.count / max) * 100}%` }} />
            </span>
            <Link href={row.href} className={linkClass} aria-label={`${row.label}: ${pluralize(row.count, "verificação", "verificações")}`}>
              {formatInteger(row.count)}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Overview({ stats, range }: { stats: VerificationStats; range: OverviewRange }) {
  const from = stats.from ?? undefined;
  // With the review API, "Parados" is every case CREATED or PROCESSING sent to be collected more
  // than 15 minutes ago, whatever its age (its `stuck`: a demo case still being collected is not
  // stuck, though the seed dated it days ago); the v2 figure counts 15 minutes to 12 hours only.
  const team = useTeamReview();
  const rules = useTeamFeature("rules");
  const monitoring = useTeamFeature("monitoring");
  const teamStats = useTeamStats(range, Boolean(team));
  const highRisk = stats.scoreHistogram.filter((bin) => bin.to < 400).reduce((n, bin) => n + bin.count, 0);
  const scored = stats.scoreHistogram.reduce((n, bin) => n + bin.count, 0);
  const decisions = stats.daily.reduce((n, day) => n + day.total, 0);
  const binHref = (bin: { from: number; to: number }) => listHref({ from, scoreMin: bin.from, scoreMax: bin.to });

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure testId="figure-total" label="Verificações no período" value={stats.total} href={listHref({ from })} hint="Ver todas" />
        <Figure
          testId="figure-waiting"
          label="Sem decisão"
          value={stats.byDecision.NOTSTARTED}
          href={listHref({ from, feedback: "NOTSTARTED" })}
          hint="Abrir a fila"
          tone="warning"
        />
        <Figure
          testId="figure-high-risk"
          label="Risco alto (score < 400)"
          value={highRisk}
          href={listHref({ from, scoreMax: 399 })}
          hint="Ver casos de risco"
          tone="danger"
        />
        {team && teamStats.isPending ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : team && teamStats.data ? (
          <Figure
            testId="figure-stuck"
            label="Casos parados"
            value={teamStats.data.stuck}
            href={listHref({ stuck: true })}
            hint="Em coleta há mais de 15 min, de qualquer idade"
            tone="danger"
          />
        ) : (
          <Figure
            testId="figure-stuck"
            label="Casos parados"
            value={stats.incomplete}
            href={listHref({ incomplete: true })}
            hint="Criados ou processando há mais de 15 min (até 12 h)"
            tone="danger"
          />
        )}
      </div>

      {team ? <TeamOverview stats={teamStats.data} loading={teamStats.isPending} /> : null}

      {rules ? <ScoreQuality range={range} /> : null}

      {monitoring ? <MonitoringCard /> : null}

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <CountList
          title="Por status"
          testId="overview-by-status"
          rows={STATS_STATUSES.map((status) => ({
            key: status,
            label: statusMeta(status).label,
            count: stats.byStatus[status],
            href: listHref({ from, status }),
          }))}
        />
        <CountList
          title="Por decisão"
          testId="overview-by-decision"
          rows={STATS_DECISIONS.map((decision) => ({
            key: decision,
            label: DECISION_LABELS[decision],
            count: stats.byDecision[decision],
            href: listHref({ from, feedback: decision }),
            colour: DECISION_COLOURS[decision],
          }))}
        />
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Section
          title="Distribuição de scores"
          description={`${pluralize(scored, "verificação com score", "verificações com score")}, em faixas de 100 pontos`}
          testId="overview-histogram"
        >
          <figure aria-labelledby="histogram-caption">
            <div aria-hidden="true">
              <WhenVisible placeholder={histogramPlaceholder}>
                <ScoreHistogramChart bins={stats.scoreHistogram} hrefOf={binHref} />
              </WhenVisible>
            </div>
            <figcaption id="histogram-caption" className="sr-only">
              Histograma de scores em faixas de 100 pontos. Os valores estão na tabela a seguir.
            </figcaption>
          </figure>
          <table className="mt-3 w-full text-xs" data-testid="histogram-table">
            <caption className="sr-only">Verificações por faixa de score</caption>
            <thead>
              <tr className="text-left text-zinc-600">
                <th scope="col" className="py-1 font-medium">
                  Faixa
                </th>
                {stats.scoreHistogram.map((bin) => (
                  <th key={bin.from} scope="col" className="py-1 text-center font-medium tabular">
                    {bin.from}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="py-1 text-left font-medium text-zinc-600">
                  Casos
                </th>
                {stats.scoreHistogram.map((bin) => (
                  <td key={bin.from} className="py-1 text-center">
                    <Link
                      href={binHref(bin)}
                      className={linkClass}
                      aria-label={`Score de ${bin.from} a ${bin.to}: ${pluralize(bin.count, "verificação", "verificações")}`}
                    >
                      {formatInteger(bin.count)}
                    </Link>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </Section>

        <Section
          title="Decisões por dia"
          description={`${pluralize(decisions, "decisão registrada", "decisões registradas")} no período`}
          testId="overview-daily"
        >
          {stats.daily.length === 0 ? (
            <p className="py-10 text-center text-sm text-zinc-600">Nenhuma decisão registrada neste período.</p>
          ) : (
            <>
              <figure aria-labelledby="daily-caption">
                <div aria-hidden="true">
                  <WhenVisible placeholder={dailyPlaceholder}>
                    <DailyDecisionsChart days={stats.daily} />
                  </WhenVisible>
                </div>
                <figcaption id="daily-caption" className="sr-only">
                  Decisões por dia, empilhadas por tipo de decisão. Os valores estão na tabela a seguir.
                </figcaption>
              </figure>
              <details className="mt-2 text-xs">
                <summary className="cursor-pointer text-zinc-700">Ver os valores por dia</summary>
                <table className="mt-2 w-full" data-testid="daily-table">
                  <caption className="sr-only">Decisões por dia</caption>
                  <thead>
                    <tr className="text-left text-zinc-600">
                      <th scope="col" className="py-1 font-medium">
                        Dia
                      </th>
                      {(["APPROVED", "REPROVED", "STANDBY", "WAIVED"] as const).map((status) => (
                        <th key={status} scope="col" className="py-1 text-right font-medium">
                          {DECISION_LABELS[status]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {stats.daily.map((day) => (
                      <tr key={day.date} className="border-t border-zinc-100 tabular">
                        <th
                          scope="row"
                          className="py-1 text-left font-normal"
                        >{`${day.date.slice(8, 10)}/${day.date.slice(5, 7)}/${day.date.slice(0, 4)}`}</th>
                        <td className="py-1 text-right">{day.APPROVED}</td>
                        <td className="py-1 text-right">{day.REPROVED}</td>
                        <td className="py-1 text-right">{day.STANDBY}</td>
                        <td className="py-1 text-right">{day.WAIVED}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </>
          )}
        </Section>
      </div>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div data-testid="overview-loading" role="status" aria-busy="true" aria-label="Carregando a visão geral" className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-64 rounded-lg" />
    </div>
  );
}

function OverviewRegion({ range }: { range: OverviewRange }) {
  const query = useQuery(overviewStatsQuery(range));
  let content: ReactNode;
  if (query.isPending) content = <OverviewSkeleton />;
  else if (query.isError)
    content = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          kind="error"
          testId="overview-error"
          title="Não foi possível carregar a visão geral"
          description={query.error.message}
          action={
            <Button onClick={() => void query.refetch()}>
              <RefreshIcon className="size-3.5" />
              Tentar novamente
            </Button>
          }
        />
      </div>
    );
  else if (query.data.total === 0 && query.data.incomplete === 0)
    content = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          testId="overview-empty"
          title={range === "all" ? "Nenhuma verificação ainda" : "Nenhuma verificação neste período"}
          description={
            range === "all"
              ? "As verificações criadas pela integração aparecem aqui, com seus scores e decisões."
              : "Escolha um período maior para ver as verificações mais antigas."
          }
          action={
            range === "all" ? null : (
              <Link href="/overview?range=all" className="text-sm font-medium text-brand-700 underline">
                Ver todo o período
              </Link>
            )
          }
        />
      </div>
    );
  else content = <Overview stats={query.data} range={range} />;
  return <div data-testid="overview">{content}</div>;
}

export function OverviewPageClient({ range }: { range: OverviewRange }) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Visão geral</h1>
          <p className="mt-0.5 text-sm text-zinc-600">Cada número abre a lista com os filtros correspondentes.</p>
        </div>
        <RangePicker range={range} />
      </div>
      <ErrorBoundary
        fallback={(reset) => (
          <StateMessage
            kind="error"
            testId="overview-crash"
            title="Algo deu errado ao exibir a visão geral"
            action={<Button onClick={reset}>Tentar novamente</Button>}
          />
        )}
      >
        <OverviewRegion range={range} />
      </ErrorBoundary>
    </>
  );
}
