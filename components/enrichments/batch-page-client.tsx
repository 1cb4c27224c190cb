"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { ApiProfile } from "@/lib/enrichments/api-types";
import { batchResultsCsv, type BatchItemView } from "@/lib/enrichments/batch-results-csv";
import { OUTCOME_LABELS } from "@/lib/enrichments/labels";
import { download } from "@/lib/network/export";
import { Button, buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { StateMessage } from "@/components/ui/state-message";
import { EnrichmentStatusBadge } from "./enrichment-status-badge";

// /enrichments/batch: a CSV of up to 500 documents (optional metadata columns) is checked line by
// line by the BFF before sending; then ?batchId= shows the progress (terminal items), every item,
// and "Exportar resultados" (a pt-BR spreadsheet CSV of the items, lib/enrichments/batch-results-csv.ts).

interface Checked {
  total: number;
  columns: string[];
  errors: { line: number; message: string }[];
  errorCount: number;
  /** A problem of the whole file (no lines, too many, its header): nothing can be sent. */
  fileWide?: boolean;
  batch?: { batchId: string; total: number; created: number; failed: number; refused: { line: number; message: string }[] };
}

interface Progress {
  batchId: string;
  total: number;
  terminal: number;
  completed: number;
  failed: number;
  items: BatchItemView[];
}

function BatchProgress({ batchId }: { batchId: string }) {
  const query = useQuery({
    queryKey: ["batch", batchId],
    queryFn: ({ signal }) => bffFetch<Progress>(`/bff/enrichments/batch/${encodeURIComponent(batchId)}`, signal),
    refetchInterval: (q) => (q.state.data && q.state.data.total > 0 && q.state.data.terminal >= q.state.data.total ? false : 2_000),
  });
  if (query.isPending) return <p className="text-sm text-zinc-600">Carregando o lote…</p>;
  if (query.isError)
    return (
      <StateMessage
        kind="error"
        title="Não foi possível ler o lote"
        description={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Tentar novamente</Button>}
      />
    );
  const p = query.data;
  if (p.total === 0)
    return (
      <StateMessage
        testId="batch-empty"
        title="Lote sem itens"
        description="Nenhum enriquecimento deste lote foi encontrado neste workspace."
      />
    );
  const percent = Math.round((p.terminal / p.total) * 100);
  const done = p.terminal >= p.total;
  const exportCsv = () =>
    download(`lote-${p.batchId}.csv`, URL.createObjectURL(new Blob([batchResultsCsv(p.items)], { type: "text/csv;charset=utf-8" })));
  return (
    <section
      data-testid="batch-progress"
      data-done={done ? "true" : "false"}
      aria-labelledby="batch-title"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="batch-title" className="text-sm font-semibold text-zinc-900">
            Lote <span className="font-mono">{p.batchId}</span>
          </h2>
          <p data-testid="batch-counts" className="text-sm text-zinc-600" aria-live="polite">
            {p.terminal} de {p.total} terminados · {p.completed} concluídos · {p.failed} com falha
          </p>
        </div>
        <div className="flex gap-2">
          <Link href={`/enrichments?batchId=${encodeURIComponent(p.batchId)}`} className={buttonClass("secondary", "sm")}>
            Ver na lista
          </Link>
          <Button size="sm" variant="primary" onClick={exportCsv} data-testid="export-results">
            Exportar resultados
          </Button>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label="Progresso do lote"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.terminal}
        aria-valuetext={`${percent}%`}
        className="h-3 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className={`h-full transition-[width] ${done ? "bg-emerald-500" : "bg-brand-600"}`} style={{ width: `${percent}%` }} />
      </div>
      <div className="max-h-[480px] overflow-auto">
        <table data-testid="batch-items" className="w-full text-left text-sm">
          <caption className="sr-only">Itens do lote</caption>
          <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Documento
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Titular
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Situação
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Resultado
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Metadados
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {p.items.map((i) => (
              <tr key={i.id} data-testid="batch-item">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  <Link href={`/enrichments/${i.id}`} className="font-mono text-brand-700 hover:underline">
                    {i.document}
                  </Link>
                </th>
                <td className="px-3 py-1.5 text-zinc-800" data-testid="batch-item-name">
                  {i.name ?? (
                    <span className="text-zinc-500">{i.status === "COMPLETED" || i.status === "FAILED" ? "—" : "Aguardando"}</span>
                  )}
                </td>
                <td className="px-3 py-1.5">
                  <EnrichmentStatusBadge status={i.status} />
                </td>
                <td className="px-3 py-1.5 text-zinc-700" data-testid="batch-item-result">
                  {i.failure ?? (i.outcome ? (OUTCOME_LABELS[i.outcome] ?? i.outcome) : "—")}
                </td>
                <td className="px-3 py-1.5 text-xs text-zinc-600" data-testid="batch-item-metadata">
                  {Object.keys(i.metadata).length
                    ? Object.entries(i.metadata)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(" · ")
                    : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function BatchPageClient({ profiles, submissionKey }: { profiles: ApiProfile[]; submissionKey: string }) {
  const router = useRouter();
  const batchId = useSearchParams().get("batchId");
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [profileId, setProfileId] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const call = async (send: boolean, skipInvalid = false) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/bff/enrichments/batch", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csv, profileId, submissionKey, send, skipInvalid }),
      });
      const json = await res.json();
      if (!res.ok) {
        setError(json.error?.message ?? "Não foi possível enviar o lote.");
        return;
      }
      setChecked(json);
      if (json.batch) router.push(`/enrichments/batch?batchId=${encodeURIComponent(json.batch.batchId)}`);
    } catch {
      setError("Sem conexão com o console. Tente novamente.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <Link href="/enrichments" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-700 hover:text-zinc-900">
        <ChevronLeftIcon className="size-4" />
        Enriquecimentos
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-zinc-900">Lote de enriquecimentos</h1>
        {batchId ? (
          <Link href="/enrichments/batch" className={buttonClass("secondary")}>
            Novo lote
          </Link>
        ) : null}
      </div>
      {batchId ? (
        <BatchProgress batchId={batchId} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void call(true);
          }}
          className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5"
          data-testid="batch-form"
        >
          <div>
            <label htmlFor="batch-file" className="mb-1 block text-sm font-medium text-zinc-800">
              Arquivo CSV (até 500 documentos)
            </label>
            <input
              id="batch-file"
              type="file"
              accept=".csv,text/csv"
              data-testid="batch-file"
              aria-describedby="batch-file-help"
              className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-zinc-800"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setChecked(null);
                if (!file) return;
                setFileName(file.name);
                setCsv(await file.text());
              }}
            />
            <p id="batch-file-help" className="mt-1 text-xs text-zinc-600">
              Uma linha por documento. Com cabeçalho, a coluna <code>documento</code> (ou cpf, cnpj) traz o CPF/CNPJ e as outras colunas
              viram metadados de cada item. Separador vírgula ou ponto e vírgula.
            </p>
            {fileName ? <p className="mt-1 text-xs text-zinc-700">Arquivo: {fileName}</p> : null}
          </div>
          <div>
            <label htmlFor="batch-profile" className="mb-1 block text-sm font-medium text-zinc-800">
              Perfil
            </label>
            <select
              id="batch-profile"
              className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm"
              value={profileId}
              onChange={(e) => setProfileId(e.target.value)}
              data-testid="batch-profile"
            >
              <option value="">Escolha um perfil</option>
              {profiles.map((p) => (
                <option key={p.profile.id} value={p.profile.id}>
                  {p.profile.name} ({p.entity === "company" ? "CNPJ" : "CPF"})
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-zinc-600">
              Um perfil para todo o lote: documentos do outro tipo (CPF x CNPJ) são recusados pela API, item a item.
            </p>
          </div>
          {checked ? (
            <div
              data-testid="batch-check"
              className={`rounded-md px-3 py-2 text-sm ${checked.errorCount ? "bg-rose-50 text-rose-900" : "bg-emerald-50 text-emerald-900"}`}
            >
              <p data-testid="batch-check-summary">
                {checked.total} {checked.total === 1 ? "documento válido" : "documentos válidos"}
                {checked.columns.length ? `, metadados: ${checked.columns.join(", ")}` : ""}.{" "}
                {!checked.errorCount
                  ? "Pronto para enviar."
                  : checked.fileWide || checked.total === 0
                    ? `${checked.errorCount} ${checked.errorCount === 1 ? "problema" : "problemas"}: corrija o arquivo antes de enviar.`
                    : `${checked.errorCount} ${checked.errorCount === 1 ? "linha com erro será ignorada" : "linhas com erro serão ignoradas"} se você enviar as válidas:`}
              </p>
              {checked.errors.length ? (
                <ul data-testid="batch-errors" className="mt-2 max-h-56 list-disc overflow-auto pl-5">
                  {checked.errors.map((e, i) => (
                    <li key={i}>
                      {e.line ? `Linha ${e.line}: ` : ""}
                      {e.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button onClick={() => void call(false)} disabled={!csv || busy} data-testid="batch-validate">
              Validar
            </Button>
            {checked?.errorCount && !checked.fileWide && checked.total > 0 ? (
              <Button variant="primary" disabled={!profileId || busy} onClick={() => void call(true, true)} data-testid="batch-send-valid">
                {busy ? "Enviando…" : `Enviar as válidas (${checked.total})`}
              </Button>
            ) : (
              <Button
                type="submit"
                variant="primary"
                disabled={!csv || !profileId || busy || Boolean(checked?.errorCount)}
                data-testid="batch-send"
              >
                {busy ? "Enviando…" : "Enviar lote"}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
