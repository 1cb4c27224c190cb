"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useSignedInUser } from "@/components/auth/role-context";
import { useTeamReview } from "@/components/review/team-review-context";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { alertFiltersFrom, alertFiltersToParams, DEFAULT_ALERT_FILTERS, type AlertFilters } from "@/lib/monitoring/filters";
import { alertsQuery } from "@/lib/query/monitoring-queries";
import { AlertFiltersBar } from "./alert-filters";
import { AlertItem } from "./alert-item";
import { ResolveAlertDialog } from "./resolve-alert-dialog";
import { useAssignAlert, useResolveAlert } from "./use-alert-actions";

// /alerts ("Alertas", issue 32 item 6): the monitoring alerts, newest first, filtered by state,
// source, kind and assignee (kept in the URL), 50 a page with "Carregar mais". Admins and analysts
// take, confirm or dismiss an alert here as on the case page; viewers read.

const EMPTY: Record<AlertFilters["state"], string> = {
  open: "Nenhum alerta aberto. Quando um caso monitorado mudar numa fonte (sanções, Receita, lista restritiva), o alerta aparece aqui.",
  confirmed: "Nenhum alerta com risco confirmado.",
  dismissed: "Nenhum alerta descartado.",
};

export function AlertsPageClient() {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = alertFiltersFrom(search);
  const list = useInfiniteQuery(alertsQuery(filters));
  const team = useTeamReview();
  const me = useSignedInUser();
  const resolve = useResolveAlert();
  const assign = useAssignAlert();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const setFilters = (next: AlertFilters) => {
    const query = alertFiltersToParams(next).toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(DEFAULT_ALERT_FILTERS);
  const alerts = list.data?.pages.flatMap((p) => p.alerts) ?? [];

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900">Alertas</h1>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600">
          Mudanças que importam nos casos monitorados: uma sanção nova, a situação cadastral ou o quadro de sócios que mudou na Receita, um
          documento incluído na lista restritiva. Confirmar o risco devolve o caso à fila; descartar faz a mesma mudança não alertar de
          novo.
        </p>
      </div>
      <AlertFiltersBar filters={filters} onChange={setFilters} />
      <div className="rounded-lg border border-zinc-200 bg-white" aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="space-y-3 p-4" role="status" aria-label="Carregando alertas" data-testid="alerts-loading">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : list.isError && alerts.length === 0 ? (
          <StateMessage
            kind="error"
            testId="alerts-error"
            title="Não foi possível carregar os alertas"
            description={list.error.message}
            action={
              <Button onClick={() => void list.refetch()}>
                <RefreshIcon className="size-3.5" />
                Tentar novamente
              </Button>
            }
          />
        ) : alerts.length === 0 ? (
          <StateMessage
            testId="alerts-empty"
            title={filtered ? "Nenhum alerta com estes filtros" : "Nenhum alerta aberto"}
            description={filtered ? "Troque ou limpe os filtros para ver outros alertas." : EMPTY[filters.state]}
            action={filtered ? <Button onClick={() => setFilters(DEFAULT_ALERT_FILTERS)}>Limpar filtros</Button> : undefined}
          />
        ) : (
          <ul data-testid="alerts-list" className="divide-y divide-zinc-200">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertItem
                  alert={alert}
                  now={now}
                  actions={{
                    canAct: team?.canAct ?? false,
                    me,
                    busy: resolve.busy || assign.isPending,
                    onResolve: resolve.start,
                    onAssign: (a, to, takeOver) => assign.mutate({ alert: a, assign: to, takeOver }),
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button data-testid="alerts-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? "Carregando…" : "Carregar mais"}
          </Button>
        </div>
      ) : null}
      <ResolveAlertDialog {...resolve.dialog} />
    </div>
  );
}
