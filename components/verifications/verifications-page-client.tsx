"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTeamReview } from "@/components/review/team-review-context";
import { NamedQueueSelect } from "@/components/routing/named-queue-select";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { RefreshIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { StateMessage } from "@/components/ui/state-message";
import { pluralize } from "@/lib/contract/format/number";
import { queueListQuery } from "@/lib/query/review-queries";
import { verificationListQuery } from "@/lib/query/verification-queries";
import { CLEARED_FILTERS, hasActiveFilters, reviewListable } from "@/lib/verifications/filters";
import { ListPresets } from "./list-presets";
import { ListShortcutsDialog } from "./list-shortcuts-dialog";
import { BulkBar, BulkResult, ExportLink, NextCaseButton, QueueTabs, type BulkOutcome } from "./queue-bar";
import { useNextCase } from "./use-next-case";
import { PeriodChip } from "./period-chip";
import { LAST_LIST_URL_KEY, useVerificationFilters } from "./use-verification-filters";
import { VerificationsFilters } from "./verifications-filters";
import { VerificationsPagination } from "./verifications-pagination";
import { VerificationsTable, VerificationsTableSkeleton } from "./verifications-table";

function isTyping(target: EventTarget | null): boolean {
  return Boolean((target as HTMLElement | null)?.closest("input, select, textarea, [contenteditable=true]"));
}

function ListRegion() {
  const { filters, setFilters } = useVerificationFilters();
  const team = useTeamReview();
  // The team queue list (review API) when the deployment has it and the filters are its own; the
  // v2 list as before otherwise.
  const teamList = Boolean(team) && reviewListable(filters);
  // (both answer a VerificationPage; only their keys differ)
  const query = useQuery(
    teamList ? (queueListQuery(filters) as unknown as ReturnType<typeof verificationListQuery>) : verificationListQuery(filters),
  );
  const data = query.data;
  const filtered = hasActiveFilters(filters);
  const canAct = Boolean(team?.canAct);
  const next = useNextCase();
  const [help, setHelp] = useState(false);

  // Selection (acting roles on the team list): kept by id, emptied when the list's filters change.
  const [selected, setSelected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const anchor = useRef<number | null>(null);
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    setSelected([]);
    anchor.current = null;
  }, [filtersKey]);
  const items = useMemo(() => data?.items ?? [], [data]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const selectable = canAct && teamList && data?.team === true;

  const onToggle = (index: number, range: boolean) => {
    const item = items[index];
    if (!item) return;
    if (range && anchor.current !== null && items[anchor.current]) {
      const [from, to] = anchor.current < index ? [anchor.current, index] : [index, anchor.current];
      const ids = items.slice(from, to + 1).map((i) => i.id);
      const select = !selectedSet.has(item.id);
      setSelected((all) => (select ? [...new Set([...all, ...ids])] : all.filter((id) => !ids.includes(id))));
    } else setSelected((all) => (all.includes(item.id) ? all.filter((id) => id !== item.id) : [...all, item.id]));
    anchor.current = index;
  };
  const onTogglePage = (select: boolean) => {
    const ids = items.map((item) => item.id);
    setSelected((all) => (select ? [...new Set([...all, ...ids])] : all.filter((id) => !ids.includes(id))));
  };

  // t: Próximo caso; ?: the shortcuts.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      if (event.key === "?") {
        event.preventDefault();
        setHelp(true);
      } else if (event.key === "t" && canAct && team && !next.isPending) {
        event.preventDefault();
        next.mutate();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    // says the list's keys listen (its effects run after the layout's data-hydrated is set): the
    // tests wait for it, as for the case page's data-triage
    document.documentElement.dataset.listKeys = "true";
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      delete document.documentElement.dataset.listKeys;
    };
  }, [canAct, team, next]);

  // The case page's "back to list" link returns to these exact filters.
  useEffect(() => {
    sessionStorage.setItem(LAST_LIST_URL_KEY, `${window.location.pathname}${window.location.search}`);
  }, [filters]);

  let body;
  if (query.isPending) body = <VerificationsTableSkeleton rows={Math.min(filters.limit, 10)} />;
  else if (query.isError && !data)
    body = (
      <StateMessage
        kind="error"
        testId="verifications-error"
        title="Não foi possível carregar as verificações"
        description={query.error.message}
        action={
          <Button onClick={() => void query.refetch()} data-testid="verifications-retry">
            <RefreshIcon className="size-3.5" />
            Tentar novamente
          </Button>
        }
      />
    );
  else if (data && data.items.length === 0)
    body =
      data.total > 0 ? (
        <StateMessage
          testId="verifications-empty"
          title="Esta página não existe"
          description={`Há ${pluralize(data.total, "verificação", "verificações")} com estes filtros, mas não nesta página.`}
          action={<Button onClick={() => setFilters({ page: 1 })}>Ir para a primeira página</Button>}
        />
      ) : filtered || (teamList && filters.namedQueue) ? (
        <StateMessage
          testId="verifications-empty"
          title={filtered ? "Nenhuma verificação encontrada" : `Nenhum caso na fila “${filters.namedQueue}”`}
          description={
            filtered
              ? "Nenhuma verificação corresponde a estes filtros. Ajuste a busca, o status ou a faixa de score."
              : "A distribuição põe nesta fila os casos que uma regra envia a ela. Escolha outra fila ou veja todas."
          }
          action={
            filtered ? (
              <Button data-testid="empty-clear-filters" onClick={() => setFilters(CLEARED_FILTERS)}>
                Limpar filtros
              </Button>
            ) : (
              <Button data-testid="empty-clear-named-queue" onClick={() => setFilters({ namedQueue: undefined })}>
                Ver todas as filas
              </Button>
            )
          }
        />
      ) : (
        <StateMessage
          testId="verifications-empty"
          title="Nenhuma verificação ainda"
          description={
            <>
              As verificações criadas pela integração aparecem aqui. Envie um documento com{" "}
              <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs text-zinc-700">POST /api/v2/verifications</code> e acompanhe o
              resultado nesta lista.
            </>
          }
        />
      );
  else if (data)
    body = (
      <VerificationsTable
        items={data.items}
        dimmed={query.isPlaceholderData}
        team={
          data.team
            ? {
                sort: filters.sort,
                onSort: (sort) => setFilters({ sort }),
                selection: selectable ? { selected: selectedSet, onToggle, onTogglePage } : undefined,
              }
            : undefined
        }
      />
    );

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Verificações</h1>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-zinc-500">
            <span data-testid="verifications-count" aria-live="polite">
              {data ? pluralize(data.total, "verificação", "verificações") : query.isError ? "Lista indisponível" : "Carregando…"}
            </span>
            {query.isFetching && data ? <Spinner className="size-3.5 text-zinc-400" label="Atualizando" /> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="hidden text-xs text-zinc-600 lg:block">
            <kbd className="rounded border border-zinc-200 bg-white px-1">j</kbd>{" "}
            <kbd className="rounded border border-zinc-200 bg-white px-1">k</kbd> navegar ·{" "}
            <kbd className="rounded border border-zinc-200 bg-white px-1">Enter</kbd> abrir ·{" "}
            <kbd className="rounded border border-zinc-200 bg-white px-1">/</kbd> buscar ·{" "}
            <button
              type="button"
              data-testid="shortcuts-open"
              onClick={() => setHelp(true)}
              className="rounded underline-offset-2 hover:underline"
            >
              <kbd className="rounded border border-zinc-200 bg-white px-1">?</kbd> atalhos
            </button>
          </p>
          {team && teamList ? <ExportLink filters={filters} testId="export-list" /> : null}
          {team && canAct ? <NextCaseButton next={next} /> : null}
        </div>
      </div>
      <div className="mb-3 space-y-3">
        {team ? <QueueTabs filters={filters} setFilters={setFilters} canAdminister={team.canAdminister} canShare={team.canAct} /> : null}
        {team ? <NamedQueueSelect filters={filters} setFilters={setFilters} /> : null}
        <ListPresets filters={filters} setFilters={setFilters} team={Boolean(team)} />
        <VerificationsFilters filters={filters} setFilters={setFilters} />
        {filters.from || filters.to ? (
          <PeriodChip from={filters.from} to={filters.to} onClear={() => setFilters({ from: undefined, to: undefined })} />
        ) : null}
      </div>
      {outcome ? <BulkResult outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}
      {selectable && selected.length > 0 ? (
        <BulkBar
          filters={filters}
          selected={selected}
          items={items}
          onClear={() => setSelected([])}
          onDone={(result) => {
            setOutcome(result);
            setSelected([]);
          }}
        />
      ) : null}
      {query.isError && data ? (
        <p data-testid="verifications-stale" className="mb-2 text-xs text-rose-700">
          {query.error.message} Mostrando os últimos dados carregados.
        </p>
      ) : null}
      <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs">
        {body}
        {data && data.total > 0 ? (
          <VerificationsPagination
            page={filters.page}
            limit={filters.limit}
            total={data.total}
            onPage={(page) => setFilters({ page })}
            onLimit={(limit) => setFilters({ limit })}
          />
        ) : null}
      </div>
      <ListShortcutsDialog open={help} onClose={() => setHelp(false)} canAct={canAct && Boolean(team)} />
    </>
  );
}

export function VerificationsPageClient() {
  return (
    <ErrorBoundary
      fallback={(reset) => (
        <StateMessage
          kind="error"
          testId="verifications-crash"
          title="Algo deu errado ao exibir a lista"
          action={<Button onClick={reset}>Tentar novamente</Button>}
        />
      )}
    >
      <ListRegion />
    </ErrorBoundary>
  );
}
