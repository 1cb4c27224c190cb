"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/contract/format/date";
import type { RestrictiveEntry } from "@/lib/restrictive-list/entries";
import { cn } from "@/lib/utils/cn";
import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { entryDisplayName, listParamsToSearch, type RestrictiveListParams } from "@/lib/restrictive-list/entries";
import { PersonName } from "@/components/review/person-name";

const headClass = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase";
const cellClass = "px-4 py-2.5 align-top";

const HEADINGS = ["Documento", "Nome", "Motivo", "Adicionado", "Expira em"];

/**
 * The entry's document, masked as the BFF sends it; "Mostrar documento completo" asks the BFF for
 * the full one (with the review API the service records who saw it).
 */
function DocumentCell({ entry, shown }: { entry: RestrictiveEntry; shown?: RestrictiveListParams }) {
  const [full, setFull] = useState<string | null>(null);
  const toast = useToast();
  const reveal = useMutation({
    mutationFn: () => {
      const search = shown ? listParamsToSearch(shown) : new URLSearchParams();
      if (shown) search.set("page", String(shown.page));
      const query = search.toString();
      return bffSend<{ formatted: string }>(
        `/bff/restrictive-list/entries/${encodeURIComponent(entry.id)}/reveal${query ? `?${query}` : ""}`,
        {
          method: "POST",
        },
      );
    },
    onSuccess: (answer) => setFull(answer.formatted),
    onError: (error) => toast.show({ kind: "error", message: `Não foi possível mostrar o documento. ${error.message}` }),
  });
  const revealed = full !== null;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      {entry.kind ? (
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-zinc-600">{entry.kind}</span>
      ) : null}
      <span data-testid="restrictive-row-document" className="tabular font-mono text-[13px] text-zinc-800">
        {full ?? entry.document}
      </span>
      {entry.pending ? null : (
        <button
          type="button"
          data-testid="restrictive-row-reveal"
          aria-pressed={revealed}
          aria-label={revealed ? "Ocultar documento" : "Mostrar documento completo"}
          title={revealed ? "Ocultar documento" : "Mostrar documento completo"}
          disabled={reveal.isPending}
          onClick={() => (revealed ? setFull(null) : reveal.mutate())}
          className="rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
        >
          {revealed ? <EyeOffIcon className="size-3.5" /> : <EyeIcon className="size-3.5" />}
        </button>
      )}
    </span>
  );
}

export function RestrictiveTable({
  items,
  dimmed,
  onRemove,
  shown,
}: {
  items: RestrictiveEntry[];
  dimmed?: boolean;
  /** The list page shown (where the BFF finds an entry's document to reveal it). */
  shown?: RestrictiveListParams;
  /** Absent for roles that may not change the list: no "Remover" column. */
  onRemove?: (entry: RestrictiveEntry) => void;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table data-testid="restrictive-table" className={cn("w-full border-collapse text-sm transition-opacity", dimmed && "opacity-60")}>
        <caption className="sr-only">Documentos na lista restritiva do workspace</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className={headClass}>
                {heading}
              </th>
            ))}
            {onRemove ? (
              <th scope="col" className={cn(headClass, "text-right")}>
                <span className="sr-only">Ações</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {items.map((entry) => (
            <tr
              key={entry.id}
              data-testid="restrictive-row"
              data-entry={entry.id}
              data-document={entry.document}
              data-pending={entry.pending ? "true" : undefined}
              className={cn("hover:bg-zinc-50/60", entry.pending && "opacity-70")}
            >
              <td className={cellClass}>
                <DocumentCell entry={entry} shown={shown} />
              </td>
              <td className={cn(cellClass, "text-zinc-800")} data-testid="restrictive-row-name" title={entry.document}>
                {entryDisplayName(entry)}
              </td>
              <td className={cn(cellClass, "max-w-xs text-zinc-700")} data-testid="restrictive-row-reason">
                <span className="line-clamp-2 break-words" title={entry.reason}>
                  {entry.reason}
                </span>
              </td>
              <td className={cn(cellClass, "text-zinc-600")} data-testid="restrictive-row-added">
                <div className="truncate text-zinc-800">
                  {entry.pending ? "Você" : <PersonName person={{ id: entry.createdBy, email: entry.createdByEmail }} />}
                </div>
                <div className="text-xs">{entry.pending ? "Salvando…" : <RelativeTime value={entry.createdAt} />}</div>
              </td>
              <td className={cn(cellClass, "whitespace-nowrap")} data-testid="restrictive-row-expiry">
                {entry.expiresAt ? (
                  <span className="inline-flex items-center gap-1.5">
                    <span className="tabular text-zinc-800">{formatDate(entry.expiresAt)}</span>
                    {entry.expired ? <Badge tone="neutral">Expirada</Badge> : null}
                  </span>
                ) : (
                  <span className="text-zinc-500">Sem expiração</span>
                )}
              </td>
              {onRemove ? (
                <td className={cn(cellClass, "text-right")}>
                  <Button
                    size="sm"
                    variant="ghost"
                    data-testid="restrictive-row-remove"
                    disabled={entry.pending}
                    onClick={() => onRemove(entry)}
                    aria-label={`Remover ${entry.document} da lista restritiva`}
                  >
                    Remover
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RestrictiveTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div
      data-testid="restrictive-skeleton"
      aria-busy="true"
      aria-label="Carregando a lista restritiva"
      role="status"
      className="divide-y divide-zinc-100"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-6 px-4 py-3.5">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
