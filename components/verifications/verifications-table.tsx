"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { BuildingIcon, UserIcon } from "@/components/ui/icons";
import type { VerificationSummary } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";
import { DecisionBadge } from "./decision-badge";
import { ScoreBadge } from "./score-badge";
import { StatusBadge } from "./status-badge";

const headClass = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase";

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest("input, select, textarea, [contenteditable=true]"));
}

/**
 * The list, keyboard friendly: j/k or ↓/↑ move between rows, Enter (or o) opens the case,
 * "/" jumps to the search field.
 */
export function VerificationsTable({ items, dimmed }: { items: VerificationSummary[]; dimmed?: boolean }) {
  const router = useRouter();
  // The keyboard's row is kept by id: a background refetch (new array, same cases) keeps it; it
  // is gone only when its case leaves the page.
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = activeId === null ? -1 : items.findIndex((item) => item.id === activeId);
  const rows = useRef<Array<HTMLTableRowElement | null>>([]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === "/" && !isTyping(event.target)) {
        event.preventDefault();
        document.getElementById("filter-search")?.focus();
        return;
      }
      if (isTyping(event.target) || items.length === 0) return;
      const move = (delta: number) => {
        event.preventDefault();
        const next = Math.min(items.length - 1, Math.max(0, active + delta));
        rows.current[next]?.focus();
        setActiveId(items[next]?.id ?? null);
      };
      if (event.key === "j" || event.key === "ArrowDown") move(1);
      else if (event.key === "k" || event.key === "ArrowUp") move(-1);
      else if ((event.key === "Enter" || event.key === "o") && active >= 0 && items[active]) {
        event.preventDefault();
        router.push(`/verifications/${items[active].id}`);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [items, active, router]);

  return (
    <div className="relative overflow-x-auto">
      <table data-testid="verifications-table" className={cn("w-full border-collapse text-sm transition-opacity", dimmed && "opacity-60")}>
        <caption className="sr-only">Verificações. Use J e K para navegar e Enter para abrir.</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80">
          <tr>
            <th scope="col" className={headClass}>
              Nome
            </th>
            <th scope="col" className={headClass}>
              Documento
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            <th scope="col" className={cn(headClass, "text-right")}>
              Score
            </th>
            <th scope="col" className={headClass}>
              Decisão
            </th>
            <th scope="col" className={cn(headClass, "text-right")}>
              Criada
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {items.map((item, index) => {
            const href = `/verifications/${item.id}`;
            const EntityIcon = item.documentKind === "CNPJ" ? BuildingIcon : UserIcon;
            return (
              <tr
                key={item.id}
                ref={(element) => {
                  rows.current[index] = element;
                }}
                data-testid="verification-row"
                data-id={item.id}
                data-status={item.status}
                tabIndex={-1}
                data-active={index === active || undefined}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) return;
                  router.push(href);
                }}
                onFocus={() => setActiveId(item.id)}
                className={cn("cursor-pointer outline-none hover:bg-zinc-50", index === active && "bg-brand-50/60 hover:bg-brand-50")}
              >
                <td className={cn("max-w-72 px-4 py-2.5", index === active && "shadow-[inset_2px_0_0] shadow-brand-500")}>
                  <div className="flex items-center gap-2">
                    <EntityIcon className="size-3.5 shrink-0 text-zinc-400" />
                    <Link
                      href={href}
                      data-testid="row-name"
                      className="truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                    >
                      {item.name ?? <span className="font-normal text-zinc-500 italic">Nome não identificado</span>}
                    </Link>
                  </div>
                </td>
                <td className="px-4 py-2.5 whitespace-nowrap">
                  <span data-testid="row-document" className="tabular font-mono text-[13px] text-zinc-700">
                    {item.document}
                  </span>
                  {item.documentKind ? <span className="ml-1.5 text-[10px] font-medium text-zinc-600">{item.documentKind}</span> : null}
                </td>
                <td className="px-4 py-2.5">
                  <StatusBadge status={item.status} testId="row-status" />
                </td>
                <td className="px-4 py-2.5 text-right">
                  <ScoreBadge score={item.score} testId="row-score" />
                </td>
                <td className="px-4 py-2.5">
                  <DecisionBadge decision={item.decision} testId="row-decision" />
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap text-zinc-500">
                  <RelativeTime value={item.createdAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function VerificationsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div
      data-testid="verifications-loading"
      role="status"
      aria-busy="true"
      aria-label="Carregando verificações"
      className="divide-y divide-zinc-100"
    >
      <div className="h-9 bg-zinc-50/80" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-6 px-4 py-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-5 w-20 rounded-md" />
          <Skeleton className="ml-auto h-5 w-12 rounded-md" />
          <Skeleton className="h-5 w-20 rounded-md" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
