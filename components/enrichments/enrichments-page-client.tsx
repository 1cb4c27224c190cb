"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import { ENRICHMENT_STATUSES, LANE_LABELS, OUTCOME_LABELS, isTerminalEnrichment, statusOf } from "@/lib/enrichments/labels";
import { filtersToSearch, parseEnrichmentFilters, type EnrichmentFilters } from "@/lib/enrichments/filters";
import type { EnrichmentPage } from "@/lib/enrichments/view";
import type { ApiProfile } from "@/lib/enrichments/api-types";
import { useCan } from "@/components/auth/role-context";
import { Button, buttonClass } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useNarrow } from "@/components/ui/use-narrow";
import { EnrichmentStatusBadge } from "./enrichment-status-badge";
import { ModuleProgress } from "./module-progress";

// /enrichments: the v3 list with its filters in the URL, cursor pagination that keeps the way
// back, and each row's module progress. Refreshes every 5 s while a shown row is still running.

function navigate(next: EnrichmentFilters) {
  const query = filtersToSearch(next);
  window.history.pushState(null, "", `/enrichments${query ? `?${query}` : ""}`);
}

const input = "h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 placeholder:text-zinc-500";
const label = "flex flex-col gap-1 text-xs font-medium text-zinc-600";

function Filters({ filters, profiles }: { filters: EnrichmentFilters; profiles: ApiProfile[] }) {
  const [document, setDocument] = useState(filters.document ?? "");
  const [batchId, setBatchId] = useState(filters.batchId ?? "");
  const apply = (changes: Partial<EnrichmentFilters>) => navigate({ ...filters, ...changes, cursor: undefined, trail: [] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ document: document.trim() || undefined, batchId: batchId.trim() || undefined });
  };
  const active = Boolean(filters.status || filters.profileId || filters.batchId || filters.document || filters.from || filters.to);
  return (
    <form
      onSubmit={submit}
      data-testid="enrichment-filters"
      className="grid grid-cols-2 gap-3 rounded-lg border border-zinc-200 bg-white p-3 md:grid-cols-4 xl:grid-cols-7"
    >
      <label className={label}>
        Situação
        <select
          className={input}
          value={filters.status ?? ""}
          onChange={(e) => apply({ status: (e.target.value || undefined) as EnrichmentFilters["status"] })}
          data-testid="filter-status"
        >
          <option value="">Todas</option>
          {ENRICHMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusOf(s).label}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Perfil
        <select
          className={input}
          value={filters.profileId ?? ""}
          onChange={(e) => apply({ profileId: e.target.value || undefined })}
          data-testid="filter-profile"
        >
          <option value="">Todos</option>
          {profiles.map((p) => (
            <option key={p.profile.id} value={p.profile.id}>
              {p.profile.name}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Documento
        <input
          className={input}
          value={document}
          onChange={(e) => setDocument(e.target.value)}
          placeholder="CPF ou CNPJ"
          inputMode="text"
          data-testid="filter-document"
        />
      </label>
      <label className={label}>
        Lote
        <input
          className={input}
          value={batchId}
          onChange={(e) => setBatchId(e.target.value)}
          placeholder="bat_…"
          data-testid="filter-batch"
        />
      </label>
      <label className={label}>
        De
        <input
          type="date"
          className={input}
          value={filters.from ?? ""}
          onChange={(e) => apply({ from: e.target.value || undefined })}
          data-testid="filter-from"
        />
      </label>
      <label className={label}>
        Até
        <input
          type="date"
          className={input}
          value={filters.to ?? ""}
          onChange={(e) => apply({ to: e.target.value || undefined })}
          data-testid="filter-to"
        />
      </label>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="primary">
          Filtrar
        </Button>
        {active ? (
          <Button
            onClick={() => {
              setDocument("");
              setBatchId("");
              navigate({ trail: [] });
            }}
          >
            Limpar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** At a phone's width: one card per enrichment, the same facts as the table's row. */
function Cards({ page }: { page: EnrichmentPage }) {
  return (
    <ul
      aria-label="Enriquecimentos"
      data-testid="enrichments-cards"
      className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white"
    >
      {page.items.map((row) => (
        <li key={row.id} data-testid="enrichment-row" data-id={row.id} className="min-w-0 px-3 py-2.5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <Link href={`/enrichments/${row.id}`} className="font-mono text-sm font-medium break-all text-brand-700 hover:underline">
                {row.document}
              </Link>
              <span className="ml-1.5 text-xs text-zinc-500">{row.entity === "company" ? "CNPJ" : "CPF"}</span>
            </div>
            <EnrichmentStatusBadge status={row.status} />
          </div>
          <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <div className="min-w-0">
              <dt className="text-zinc-500">Resultado</dt>
              <dd className="break-words text-zinc-800">{row.outcome ? (OUTCOME_LABELS[row.outcome] ?? row.outcome) : "—"}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-zinc-500">Módulos</dt>
              <dd>
                <ModuleProgress modules={row.modules} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-zinc-500">Perfil</dt>
              <dd className="break-words text-zinc-800">{row.profileName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-zinc-500">Origem</dt>
              <dd className="break-words text-zinc-800">
                {LANE_LABELS[row.lane] ?? row.lane}
                {row.batchId ? <span className="block font-mono break-all text-zinc-500">{row.batchId}</span> : null}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-zinc-500">Criado</dt>
              <dd className="text-zinc-800">
                <RelativeTime value={row.createdAt} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Table({ page }: { page: EnrichmentPage }) {
  const narrow = useNarrow();
  if (narrow) return <Cards page={page} />;
  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-zinc-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label="Enriquecimentos"
    >
      <table data-testid="enrichments-table" className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Enriquecimentos</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Documento
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Situação
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Módulos
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Perfil
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Origem
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Criado
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {page.items.map((row) => (
            <tr key={row.id} data-testid="enrichment-row" data-id={row.id} className="hover:bg-zinc-50">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link href={`/enrichments/${row.id}`} className="font-mono text-brand-700 hover:underline">
                  {row.document}
                </Link>
                <div className="text-xs font-normal text-zinc-500">{row.entity === "company" ? "CNPJ" : "CPF"}</div>
              </th>
              <td className="px-3 py-2">
                <EnrichmentStatusBadge status={row.status} />
                {row.outcome ? <div className="mt-0.5 text-xs text-zinc-600">{OUTCOME_LABELS[row.outcome] ?? row.outcome}</div> : null}
              </td>
              <td className="px-3 py-2">
                <ModuleProgress modules={row.modules} />
              </td>
              <td className="max-w-[220px] truncate px-3 py-2 text-zinc-700" title={row.profileName}>
                {row.profileName}
              </td>
              <td className="px-3 py-2 text-zinc-700">
                {LANE_LABELS[row.lane] ?? row.lane}
                {row.batchId ? (
                  <div className="max-w-[140px] truncate font-mono text-xs text-zinc-500" title={row.batchId}>
                    {row.batchId}
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2 text-zinc-700">
                <RelativeTime value={row.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EnrichmentsPageClient({ profiles }: { profiles: ApiProfile[] }) {
  const canCreate = useCan("enrichments:write");
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseEnrichmentFilters(searchParams), [searchParams]);
  const search = filtersToSearch(filters);
  const query = useQuery({
    queryKey: ["enrichments", "list", search],
    queryFn: ({ signal }) => bffFetch<EnrichmentPage>(`/bff/enrichments${search ? `?${search}` : ""}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => !isTerminalEnrichment(r.status)) ? 5_000 : false),
  });
  const next = () =>
    query.data?.nextCursor && navigate({ ...filters, cursor: query.data.nextCursor, trail: [...filters.trail, filters.cursor ?? ""] });
  const previous = () => {
    const trail = [...filters.trail];
    const cursor = trail.pop();
    navigate({ ...filters, cursor: cursor || undefined, trail: cursor ? trail : [] });
  };
  const pageNumber = filters.cursor ? filters.trail.length + 1 : 1;

  let body;
  if (query.isPending) body = <Skeleton className="h-80 w-full rounded-lg" />;
  else if (query.isError)
    body = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          kind="error"
          testId="enrichments-error"
          title="Não foi possível carregar os enriquecimentos"
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Tentar novamente</Button>}
        />
      </div>
    );
  else if (query.data.items.length === 0)
    body = (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          testId="enrichments-empty"
          title={filters.cursor ? "Não há mais enriquecimentos" : "Nenhum enriquecimento encontrado"}
          description={
            search
              ? "Nenhum enriquecimento atende aos filtros. Ajuste ou limpe os filtros."
              : "Crie o primeiro enriquecimento de um CPF ou CNPJ, ou envie um lote em CSV."
          }
          action={
            canCreate ? (
              <Link href="/enrichments/new" className={buttonClass("primary")}>
                Novo enriquecimento
              </Link>
            ) : null
          }
        />
      </div>
    );
  else body = <Table page={query.data} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-zinc-900">Enriquecimentos</h1>
          <p className="text-sm text-zinc-600">
            Consultas de dados cadastrais, financeiros e de processos por CPF ou CNPJ, uma a uma ou em lote.
          </p>
        </div>
        {/* a viewer reads enrichments but may not create them: no form is offered */}
        {canCreate ? (
          <div className="flex gap-2">
            <Link href="/enrichments/batch" className={buttonClass("secondary")}>
              Lote (CSV)
            </Link>
            <Link href="/enrichments/new" className={buttonClass("primary")}>
              Novo enriquecimento
            </Link>
          </div>
        ) : null}
      </div>
      <Filters key={search} filters={filters} profiles={profiles} />
      {filters.status && query.data ? (
        <p className="text-xs text-zinc-600">
          A situação é filtrada pelo console: cada página lê até 4 páginas da API e mostra as que atendem.
        </p>
      ) : null}
      {body}
      <nav aria-label="Paginação" className="flex items-center justify-between gap-2">
        <span className="text-sm text-zinc-600" data-testid="page-number">
          Página {pageNumber}
        </span>
        <div className="flex gap-2">
          <Button onClick={previous} disabled={!filters.cursor} data-testid="page-previous">
            Anterior
          </Button>
          <Button onClick={next} disabled={!query.data?.nextCursor} data-testid="page-next">
            Próxima
          </Button>
        </div>
      </nav>
    </div>
  );
}
