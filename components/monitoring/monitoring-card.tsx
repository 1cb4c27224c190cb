"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { formatDateTime } from "@/lib/contract/format/date";
import { formatInteger, formatPercent } from "@/lib/contract/format/number";
import type { MonitoringRun, MonitoringStatus } from "@/lib/contract/monitoring";
import { MONITORING_SOURCE_LABELS } from "@/lib/contract/monitoring-labels";
import { RUN_STATE_LABELS, uncheckedReasonLabel } from "@/lib/monitoring/status-labels";
import { monitoringSummaryQuery } from "@/lib/query/monitoring-queries";

// "Monitoramento" on the overview (issue 32 item 6): documents watched, coverage against the latest
// releases, open alerts (to /alerts), the last runs and why some documents were not compared. The
// overview shows it only when the API offers `monitoring`; against a service without the status
// route it keeps the open alerts' count and says the rest is unavailable.

const RUN_TONES = { queued: "neutral", running: "progress", done: "success", failed: "danger" } as const;

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-md bg-zinc-50 px-3 py-2">
      <div className="text-xs text-zinc-600">{label}</div>
      <div className="text-lg font-semibold text-zinc-900 tabular-nums" data-testid={testId}>
        {value}
      </div>
      {hint ? <div className="text-xs text-zinc-600">{hint}</div> : null}
    </div>
  );
}

function RunRow({ run }: { run: MonitoringRun }) {
  return (
    <li data-testid="monitoring-run" data-state={run.state} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span className="min-w-36 font-medium text-zinc-900">{MONITORING_SOURCE_LABELS[run.source]}</span>
      <span className="text-zinc-700">release {run.release}</span>
      <span className="text-zinc-700 tabular-nums">
        {formatInteger(run.checked)} de {formatInteger(run.watched)} comparados
      </span>
      <span className="text-zinc-700 tabular-nums">{run.alerts === 1 ? "1 alerta" : `${formatInteger(run.alerts)} alertas`}</span>
      <Badge tone={RUN_TONES[run.state]} dot>
        {RUN_STATE_LABELS[run.state]}
      </Badge>
      <span className="text-xs text-zinc-600 sm:ml-auto">{formatDateTime(run.endedAt ?? run.startedAt)}</span>
    </li>
  );
}

function StatusBody({ status }: { status: MonitoringStatus }) {
  const reasons = Object.entries(status.unchecked.reasons).filter(([, n]) => n > 0);
  const latest = [
    `Sanções: ${status.latest.sanctions ?? "nenhuma importada"}`,
    `Receita: ${status.latest.registry ?? "nenhuma importada"}`,
  ].join(" · ");
  return (
    <div className="space-y-4">
      {!status.enabled ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="monitoring-off">
          O monitoramento está desligado neste workspace: nenhum caso é comparado.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label="Documentos monitorados" value={formatInteger(status.watched)} testId="monitoring-watched" />
        <Figure
          label="Cobertura"
          value={status.coverage === null ? "—" : formatPercent(status.coverage, 1)}
          hint={`${formatInteger(status.checkedAgainstLatest)} comparados com as versões mais recentes`}
          testId="monitoring-coverage"
        />
        <Figure label="Alertas abertos" value={formatInteger(status.openAlerts)} testId="monitoring-open-alerts" />
      </div>
      <p className="text-xs text-zinc-600" data-testid="monitoring-latest">
        Versões mais recentes: {latest}
      </p>
      {reasons.length > 0 ? (
        <div data-testid="monitoring-unchecked">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">
            Não comparados ({formatInteger(status.unchecked.count)})
          </h3>
          <ul className="space-y-0.5 text-sm text-zinc-700">
            {reasons.map(([code, count]) => (
              <li key={code}>
                {uncheckedReasonLabel(code)}: <span className="tabular-nums">{formatInteger(count)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Últimas comparações</h3>
        {status.runs.length === 0 ? (
          <p className="text-sm text-zinc-600" data-testid="monitoring-runs-empty">
            Nenhuma comparação ainda: ela começa ao fim de cada importação de sanções ou da Receita.
          </p>
        ) : (
          <ul className="divide-y divide-zinc-100" data-testid="monitoring-runs">
            {status.runs.slice(0, 5).map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function MonitoringCard() {
  const query = useQuery(monitoringSummaryQuery());
  const summary = query.data;
  return (
    <Section
      title="Monitoramento"
      description="Os casos que o workspace acompanha depois da decisão, comparados com cada nova versão das fontes."
      testId="monitoring-card"
      actions={
        <Link
          href="/alerts"
          className="text-sm font-medium whitespace-nowrap text-brand-700 hover:underline"
          data-testid="monitoring-alerts-link"
        >
          {summary && summary.openAlerts > 0
            ? `Ver ${formatInteger(summary.openAlerts)}${summary.more ? "+" : ""} em Alertas`
            : "Ver Alertas"}
        </Link>
      }
    >
      {query.isPending ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="status" aria-busy="true" aria-label="Carregando o monitoramento">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : query.isError ? (
        <StateMessage
          kind="error"
          testId="monitoring-error"
          title="Não foi possível carregar o monitoramento"
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Tentar novamente</Button>}
        />
      ) : summary?.status ? (
        <StatusBody status={summary.status} />
      ) : (
        <p className="text-sm text-zinc-600" data-testid="monitoring-no-status">
          Este serviço ainda não informa a cobertura nem as comparações; os alertas abertos estão em Alertas.
        </p>
      )}
    </Section>
  );
}
