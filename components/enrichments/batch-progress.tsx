"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import { pluralize } from "@/lib/contract/format/number";
import { readSentBatch, type SentBatch } from "@/lib/enrichments/batch-session";
import { batchResultsCsv, type BatchItemView } from "@/lib/enrichments/batch-results-csv";
import { OUTCOME_LABELS } from "@/lib/enrichments/labels";
import { download } from "@/lib/network/export";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { StateMessage } from "@/components/ui/state-message";
import { EnrichmentStatusBadge } from "./enrichment-status-badge";

// A sent batch (?batchId=): its enrichments as they progress, and every line the API refused
// (issue 28, item 2: a CNPJ sent with a person's profile was counted nowhere), so each line sent
// ends as a result or a named refusal. Lines left out before sending are listed too when this tab
// sent the batch.

interface Progress {
  batchId: string;
  /** Items in the request (null without the review API: then only the created ones are known). */
  sent: number | null;
  refused: { index: number; document: string | null; message: string }[];
  total: number;
  terminal: number;
  completed: number;
  failed: number;
  items: BatchItemView[];
}

/** "Linha 5" when this tab sent the batch (it knows each item's line), else "Item 5" (its position). */
const placeOf = (index: number, sent: SentBatch | null) => (sent?.lines[index] ? `Linha ${sent.lines[index]}` : `Item ${index + 1}`);

function Counts({ p }: { p: Progress }) {
  const parts = [
    p.sent !== null ? pluralize(p.sent, "item enviado", "itens enviados") : null,
    p.refused.length ? pluralize(p.refused.length, "recusado", "recusados") : null,
    `${p.terminal} de ${p.total} terminados`,
    pluralize(p.completed, "concluído", "concluídos"),
    `${p.failed} com falha`,
  ].filter(Boolean);
  return (
    <p data-testid="batch-counts" className="text-sm text-zinc-600" aria-live="polite">
      {parts.join(" · ")}
    </p>
  );
}

export function BatchProgress({ batchId }: { batchId: string }) {
  const query = useQuery({
    queryKey: ["batch", batchId],
    queryFn: ({ signal }) => bffFetch<Progress>(`/bff/enrichments/batch/${encodeURIComponent(batchId)}`, signal),
    refetchInterval: (q) => (q.state.data && q.state.data.total > 0 && q.state.data.terminal >= q.state.data.total ? false : 2_000),
  });
  const [sent, setSent] = useState<SentBatch | null>(null);
  useEffect(() => setSent(readSentBatch(batchId)), [batchId]);
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
  if (p.total === 0 && p.refused.length === 0)
    return (
      <StateMessage
        testId="batch-empty"
        title="Lote sem itens"
        description="Nenhum enriquecimento deste lote foi encontrado neste workspace."
      />
    );
  const percent = p.total ? Math.round((p.terminal / p.total) * 100) : 100;
  const done = p.terminal >= p.total;
  const exportCsv = () =>
    download(
      `lote-${p.batchId}.csv`,
      URL.createObjectURL(new Blob([batchResultsCsv(p.items, p.refused)], { type: "text/csv;charset=utf-8" })),
    );
  return (
    <section
      data-testid="batch-progress"
      data-done={done ? "true" : "false"}
      aria-labelledby="batch-title"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="batch-title" className="text-sm font-semibold break-all text-zinc-900">
            Lote <span className="font-mono">{p.batchId}</span>
          </h2>
          <Counts p={p} />
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
      {p.refused.length ? (
        <div data-testid="batch-refused" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <p className="font-medium">
            {p.refused.length === 1
              ? "1 item recusado pela API (não criado, não cobrado):"
              : `${pluralize(p.refused.length, "item recusado", "itens recusados")} pela API (não criados, não cobrados):`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {p.refused.map((r) => (
              <li key={r.index} data-testid="batch-refused-item" data-index={r.index}>
                {placeOf(r.index, sent)}
                {r.document ? (
                  <>
                    {" "}
                    (<span className="font-mono">{r.document}</span>)
                  </>
                ) : null}
                : {r.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sent?.skipped.length ? (
        <details data-testid="batch-skipped" className="text-sm text-zinc-700">
          <summary className="cursor-pointer">
            {pluralize(sent.skipped.length, "linha não enviada", "linhas não enviadas")} (com erro no arquivo)
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {sent.skipped.map((e) => (
              <li key={e.line}>
                Linha {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
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
            {p.refused.map((r) => (
              <tr key={`refused-${r.index}`} data-testid="batch-item-refused">
                <th scope="row" className="px-3 py-1.5 font-mono font-normal text-zinc-700">
                  {r.document ?? placeOf(r.index, sent)}
                </th>
                <td className="px-3 py-1.5 text-zinc-500">—</td>
                <td className="px-3 py-1.5">
                  <Badge tone="danger">Recusado</Badge>
                </td>
                <td className="px-3 py-1.5 text-zinc-700" data-testid="batch-item-result">
                  {r.message}
                </td>
                <td className="px-3 py-1.5 text-xs text-zinc-600">—</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
