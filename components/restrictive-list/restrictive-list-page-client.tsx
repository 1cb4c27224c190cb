"use client";

import { FreshDownloadLink } from "@/components/auth/fresh-download-link";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { RefreshIcon, SearchIcon } from "@/components/ui/icons";
import { RemoveEntryDialog } from "@/components/restrictive-list/remove-entry-dialog";
import { Spinner } from "@/components/ui/spinner";
import { StateMessage } from "@/components/ui/state-message";
import { VerificationsPagination } from "@/components/verifications/verifications-pagination";
import { pluralize } from "@/lib/contract/format/number";
import { restrictiveListQuery } from "@/lib/query/restrictive-list-queries";
import { listParamsToSearch, parseListParams, type RestrictiveEntry, type RestrictiveListParams } from "@/lib/restrictive-list/entries";
import { AddEntryDialog } from "./add-entry-dialog";
import { ImportCsvDialog } from "./import-csv-dialog";
import { RestrictiveTable, RestrictiveTableSkeleton } from "./restrictive-table";
import { useAddRestrictiveEntry, useRemoveRestrictiveEntry } from "./use-restrictive-mutations";

// /restrictive-list: the workspace's own restrictive list. Search and page live in the URL
// (History API, like the verifications list); analysts and admins add, remove (with undo) and
// import; every role reads and exports.

const ENTRY = ["entrada", "entradas"] as const;

function useListParams() {
  const searchParams = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  const setParams = useCallback(
    (changes: Partial<RestrictiveListParams>, options: { replace?: boolean } = {}) => {
      const next: RestrictiveListParams = { ...params, ...changes, page: changes.page ?? 1 };
      const query = listParamsToSearch(next).toString();
      const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
      if (options.replace) window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
    },
    [params],
  );
  return { params, setParams };
}

/** Debounced: the URL (and the query) change 350 ms after typing stops. */
function SearchField({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text.trim();
      commitRef.current(text.trim());
    }, 350);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div role="search" aria-label="Buscar na lista restritiva" className="min-w-56 flex-1 sm:max-w-sm">
      <label htmlFor="restrictive-search" className="sr-only">
        Buscar por documento, nome ou motivo
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-zinc-400" />
        <input
          id="restrictive-search"
          type="search"
          data-testid="restrictive-search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          placeholder="Documento, nome ou motivo"
          className="h-9 w-full rounded-md border-0 bg-white pr-2.5 pl-8 text-sm text-zinc-900 shadow-xs ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-500 focus:ring-2 focus:ring-brand-500 focus:ring-inset focus:outline-none"
        />
      </div>
    </div>
  );
}

/** "Remover da lista restritiva?" for a row of the list (components/restrictive-list/remove-entry-dialog.tsx). */
function RemoveDialog({
  entry,
  onCancel,
  onConfirm,
}: {
  entry: RestrictiveEntry | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  return (
    <RemoveEntryDialog
      open={entry !== null}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="restrictive-remove-dialog"
      description={
        entry ? (
          <>
            <span className="tabular font-mono text-zinc-800">{entry.document}</span>
            {entry.name ? ` (${entry.name})` : ""} deixa de ser indicado nas verificações concluídas a partir de agora. Você poderá desfazer
            logo em seguida.
          </>
        ) : null
      }
    />
  );
}

function ListRegion() {
  const canWrite = useCan("blacklist:write");
  const { params, setParams } = useListParams();
  const query = useQuery(restrictiveListQuery(params));
  const data = query.data;
  const add = useAddRestrictiveEntry();
  const remove = useRemoveRestrictiveEntry();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<RestrictiveEntry | null>(null);

  let body;
  if (query.isPending) body = <RestrictiveTableSkeleton rows={Math.min(params.limit, 10)} />;
  else if (query.isError && !data)
    body = (
      <StateMessage
        kind="error"
        testId="restrictive-error"
        title="Não foi possível carregar a lista restritiva"
        description={query.error.message}
        action={
          <Button onClick={() => void query.refetch()} data-testid="restrictive-retry">
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
          testId="restrictive-empty"
          title="Esta página não existe"
          description={`Há ${pluralize(data.total, ...ENTRY)}, mas não nesta página.`}
          action={<Button onClick={() => setParams({ page: 1 })}>Ir para a primeira página</Button>}
        />
      ) : params.search ? (
        <StateMessage
          testId="restrictive-empty"
          title="Nenhuma entrada encontrada"
          description={`Nenhum documento, nome ou motivo corresponde a “${params.search}”.`}
          action={<Button onClick={() => setParams({ search: "" })}>Limpar busca</Button>}
        />
      ) : (
        <StateMessage
          testId="restrictive-empty"
          title="A lista restritiva está vazia"
          description={
            canWrite
              ? "Adicione um CPF ou CNPJ, ou importe um CSV. As verificações concluídas depois indicam os documentos listados."
              : "Nenhum documento foi listado pelo workspace."
          }
        />
      );
  else if (data)
    body = (
      <RestrictiveTable items={data.items} dimmed={query.isPlaceholderData} onRemove={canWrite ? setRemoving : undefined} shown={params} />
    );

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Lista restritiva</h1>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-zinc-500">
            <span data-testid="restrictive-count" aria-live="polite">
              {data ? pluralize(data.total, ...ENTRY) : query.isError ? "Lista indisponível" : "Carregando…"}
            </span>
            {query.isFetching && data ? <Spinner className="size-3.5 text-zinc-400" label="Atualizando" /> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite ? (
            <>
              <Button variant="primary" onClick={() => setAdding(true)} data-testid="restrictive-add">
                Adicionar
              </Button>
              <Button onClick={() => setImporting(true)} data-testid="restrictive-import">
                Importar CSV
              </Button>
            </>
          ) : null}
          <FreshDownloadLink
            href="/bff/restrictive-list/export"
            download
            className={buttonClass("secondary")}
            data-testid="restrictive-export"
          >
            Exportar CSV
          </FreshDownloadLink>
        </div>
      </div>
      <div className="mb-3">
        <SearchField value={params.search} onCommit={(search) => setParams({ search }, { replace: true })} />
      </div>
      {query.isError && data ? (
        <p data-testid="restrictive-stale" className="mb-2 text-xs text-rose-700">
          {query.error.message} Mostrando os últimos dados carregados.
        </p>
      ) : null}
      <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs">
        {body}
        {data && data.total > 0 ? (
          <VerificationsPagination
            page={params.page}
            limit={params.limit}
            total={data.total}
            onPage={(page) => setParams({ page })}
            onLimit={(limit) => setParams({ limit })}
          />
        ) : null}
      </div>
      {canWrite ? (
        <>
          <AddEntryDialog open={adding} onClose={() => setAdding(false)} onSubmit={(entry) => add.mutate(entry)} />
          <ImportCsvDialog open={importing} onClose={() => setImporting(false)} />
          <RemoveDialog
            entry={removing}
            onCancel={() => setRemoving(null)}
            onConfirm={(reason) => {
              if (removing) remove.mutate({ entry: removing, reason, shown: params });
              setRemoving(null);
            }}
          />
        </>
      ) : null}
    </>
  );
}

export function RestrictiveListPageClient() {
  return (
    <ErrorBoundary
      fallback={(reset) => (
        <StateMessage
          kind="error"
          testId="restrictive-crash"
          title="Algo deu errado ao exibir a lista restritiva"
          action={<Button onClick={reset}>Tentar novamente</Button>}
        />
      )}
    >
      <ListRegion />
    </ErrorBoundary>
  );
}
