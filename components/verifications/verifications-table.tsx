"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { BuildingIcon, UserIcon } from "@/components/ui/icons";
import type { ListSort } from "@/lib/verifications/filters";
import type { VerificationSummary } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";
import { DecisionBadge } from "./decision-badge";
import { Age, Assignee, FlagIcons } from "./queue-cells";
import { ScoreBadge } from "./score-badge";
import { StatusBadge } from "./status-badge";
import { isPlainClick, useOpenCase } from "./use-open-case";

const headClass = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase";
// Below sm each row is a card (name, document, status, score, decision, age; owner and flags):
// the table's boxes become blocks and a grid, so nothing scrolls sideways at 420 px.
const cellClass = "px-4 py-2.5 max-sm:p-0";

/** The team list's options: selection (acting roles) and sorting by age and score. */
export interface TeamTableOptions {
  sort: ListSort | undefined;
  onSort: (sort: ListSort | undefined) => void;
  /** Present when the role may act: checkboxes per row and for the page. */
  selection?: {
    selected: ReadonlySet<string>;
    onToggle: (index: number, range: boolean) => void;
    onTogglePage: (select: boolean) => void;
  };
}

function SortHeader({
  label,
  state,
  onClick,
  testId,
  className,
}: {
  label: string;
  state: "ascending" | "descending" | "none";
  onClick: () => void;
  testId: string;
  className?: string;
}) {
  return (
    <th scope="col" aria-sort={state} className={cn(headClass, className)}>
      <button
        type="button"
        data-testid={testId}
        onClick={onClick}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {label}
        <span aria-hidden="true" className="text-[10px]">
          {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
        </span>
        <span className="sr-only">{state === "none" ? " (ordenar)" : state === "ascending" ? " (crescente)" : " (decrescente)"}</span>
      </button>
    </th>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest("input, select, textarea, [contenteditable=true]"));
}

/**
 * The list, keyboard friendly: j/k or ↓/↑ move between rows, Enter (or o) opens the case,
 * "/" jumps to the search field.
 */
export function VerificationsTable({ items, dimmed, team }: { items: VerificationSummary[]; dimmed?: boolean; team?: TeamTableOptions }) {
  // a case opens in a transition: this page stays, its row marked, until the case arrives
  const { open, openingId } = useOpenCase();
  // The keyboard's row is kept by id: a background refetch (new array, same cases) keeps it; it
  // is gone only when its case leaves the page.
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = activeId === null ? -1 : items.findIndex((item) => item.id === activeId);
  const rows = useRef<Array<HTMLTableRowElement | null>>([]);
  // The row the keys act on, as of the last key: two keys faster than a render (a held j) would
  // otherwise both start from the row of the last render.
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  const selection = team?.selection;
  const sort = team?.sort;
  const pageSelected = selection ? items.filter((item) => selection.selected.has(item.id)).length : 0;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === "/" && !isTyping(event.target)) {
        event.preventDefault();
        document.getElementById("filter-search")?.focus();
        return;
      }
      if (isTyping(event.target) || items.length === 0) return;
      const current = activeRef.current;
      const move = (delta: number) => {
        event.preventDefault();
        const next = Math.min(items.length - 1, Math.max(0, current + delta));
        activeRef.current = next;
        rows.current[next]?.focus();
        setActiveId(items[next]?.id ?? null);
      };
      if (event.key === "j" || event.key === "ArrowDown") move(1);
      else if (event.key === "k" || event.key === "ArrowUp") move(-1);
      else if ((event.key === "Enter" || event.key === "o") && current >= 0 && items[current]) {
        event.preventDefault();
        open(items[current].id);
      } else if (event.key === "x" && current >= 0 && selection) {
        event.preventDefault();
        selection.onToggle(current, false);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [items, open, selection]);

  return (
    <div className="relative overflow-x-auto">
      <table
        data-testid="verifications-table"
        // the previous page's rows, dimmed, while the new filters' page arrives
        aria-busy={dimmed || undefined}
        className={cn("w-full border-collapse text-sm transition-opacity max-sm:block", dimmed && "opacity-60")}
      >
        <caption className="sr-only">
          Verificações. Use J e K para navegar e Enter para abrir{selection ? "; X seleciona a linha" : ""}.
        </caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/80 max-sm:sr-only">
          <tr>
            {selection ? (
              <th scope="col" className="w-8 py-2.5 pl-4">
                <input
                  type="checkbox"
                  data-testid="select-page"
                  aria-label="Selecionar todos desta página"
                  checked={items.length > 0 && pageSelected === items.length}
                  ref={(element) => {
                    if (element) element.indeterminate = pageSelected > 0 && pageSelected < items.length;
                  }}
                  onChange={(event) => selection.onTogglePage(event.target.checked)}
                  className="size-4 rounded border-zinc-300 accent-brand-600"
                />
              </th>
            ) : null}
            <th scope="col" className={headClass}>
              Nome
            </th>
            <th scope="col" className={headClass}>
              Documento
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            {team ? (
              <SortHeader
                label="Score"
                testId="sort-score"
                className="text-right"
                state={sort === "score_asc" ? "ascending" : sort === "score_desc" ? "descending" : "none"}
                onClick={() => team.onSort(sort === "score_desc" ? "score_asc" : "score_desc")}
              />
            ) : (
              <th scope="col" className={cn(headClass, "text-right")}>
                Score
              </th>
            )}
            <th scope="col" className={headClass}>
              Decisão
            </th>
            {team ? (
              <>
                <th scope="col" className={headClass}>
                  Responsável
                </th>
                <th scope="col" className={headClass}>
                  Sinais
                </th>
                <SortHeader
                  label="Idade"
                  testId="sort-age"
                  className="text-right"
                  state={sort === "oldest" ? "descending" : sort === undefined ? "ascending" : "none"}
                  onClick={() => team.onSort(sort === "oldest" ? undefined : "oldest")}
                />
              </>
            ) : (
              <th scope="col" className={cn(headClass, "text-right")}>
                Criada
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 max-sm:block">
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
                data-selected={selection?.selected.has(item.id) || undefined}
                tabIndex={-1}
                data-active={index === active || undefined}
                aria-busy={openingId === item.id || undefined}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a, input, label")) return;
                  open(item.id);
                }}
                onFocus={() => setActiveId(item.id)}
                className={cn(
                  "cursor-pointer outline-none hover:bg-zinc-50",
                  "max-sm:grid max-sm:grid-cols-[auto_1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:p-3",
                  index === active && "bg-brand-50/60 hover:bg-brand-50",
                  openingId === item.id && "bg-brand-50",
                  selection?.selected.has(item.id) && "bg-brand-50/40",
                )}
              >
                {selection ? (
                  <td className="w-8 py-2.5 pl-4 max-sm:row-span-2 max-sm:p-0">
                    <input
                      type="checkbox"
                      data-testid="row-select"
                      aria-label={`Selecionar ${item.name ?? item.document}`}
                      checked={selection.selected.has(item.id)}
                      onChange={() => undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        selection.onToggle(index, event.shiftKey);
                      }}
                      className="size-4 rounded border-zinc-300 accent-brand-600"
                    />
                  </td>
                ) : null}
                <td
                  className={cn(
                    "max-w-72 px-4 py-2.5 max-sm:col-span-2 max-sm:max-w-none max-sm:p-0",
                    !selection && "max-sm:col-span-3",
                    index === active && "shadow-[inset_2px_0_0] shadow-brand-500",
                  )}
                >
                  <div className="flex items-center gap-2">
                    <EntityIcon className="size-3.5 shrink-0 text-zinc-400" />
                    <Link
                      href={href}
                      data-testid="row-name"
                      onClick={(event) => {
                        if (!isPlainClick(event)) return;
                        event.preventDefault();
                        open(item.id);
                      }}
                      className="truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                    >
                      {item.name ?? <span className="font-normal text-zinc-500 italic">Nome não identificado</span>}
                    </Link>
                    {openingId === item.id ? <Spinner className="size-3.5 shrink-0 text-brand-600" label="Abrindo o caso…" /> : null}
                  </div>
                </td>
                <td className={cn(cellClass, "whitespace-nowrap max-sm:col-span-2", !selection && "max-sm:col-span-3")}>
                  <span data-testid="row-document" className="tabular font-mono text-[13px] text-zinc-700">
                    {item.document}
                  </span>
                  {item.documentKind ? <span className="ml-1.5 text-[10px] font-medium text-zinc-600">{item.documentKind}</span> : null}
                </td>
                <td className={cn(cellClass, "max-sm:col-start-1", selection && "max-sm:col-start-2")}>
                  <StatusBadge status={item.status} testId="row-status" />
                </td>
                <td className={cn(cellClass, "text-right")}>
                  <ScoreBadge score={item.score} testId="row-score" />
                </td>
                <td className={cn(cellClass, "max-sm:col-start-1", selection && "max-sm:col-start-2")}>
                  <DecisionBadge decision={item.decision} testId="row-decision" />
                </td>
                {team ? (
                  <>
                    <td className={cn(cellClass, "max-sm:hidden")}>
                      {item.review ? <Assignee review={item.review} /> : <span className="text-zinc-400">—</span>}
                    </td>
                    <td className={cn(cellClass, "max-sm:hidden")}>{item.review ? <FlagIcons flags={item.review.flags} /> : null}</td>
                    <td className={cn(cellClass, "text-right")}>
                      <Age createdAt={item.createdAt} review={item.review} />
                    </td>
                  </>
                ) : (
                  <td className={cn(cellClass, "text-right whitespace-nowrap text-zinc-500")}>
                    <RelativeTime value={item.createdAt} />
                  </td>
                )}
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
