"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { useNarrow } from "./use-narrow";

// A list of records as a table that fits its box (cells wrap, no fixed minimum width) and, at a
// phone's width, as cards: one card per row, its first column as the card's title and the others as
// labelled fields (issue 29: at 420 px the tables were cut off or scrolled sideways).

export interface DataColumn<T> {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  align?: "right";
  /** Extra classes of the column's cells in the table (widths, fonts). */
  className?: string;
}

export function DataTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  testId,
  className,
}: {
  /** The table's accessible name (and the card list's). */
  label: string;
  /** A visible caption above the table or the cards. */
  caption?: ReactNode;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  rowTestId?: string;
  testId?: string;
  className?: string;
}) {
  const narrow = useNarrow();
  const [first, ...rest] = columns;
  if (narrow)
    return (
      <div className={className} data-testid={testId} data-layout="cards">
        {caption ? <div className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase">{caption}</div> : null}
        <ul aria-label={label} className="divide-y divide-zinc-100 rounded-md border border-zinc-100">
          {rows.map((row, index) => (
            <li key={rowKey(row, index)} data-testid={rowTestId} className="min-w-0 px-3 py-2">
              {first ? <div className="text-sm font-medium break-words text-zinc-900">{first.cell(row)}</div> : null}
              {rest.length ? (
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
                  {rest.map((column) => (
                    <div key={column.key} className="min-w-0">
                      <dt className="text-[11px] text-zinc-500">{column.label}</dt>
                      <dd className="text-xs break-words text-zinc-800">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    // focusable and named: should a table still be wider than its box (a tablet's width), the
    // keyboard can scroll it (axe scrollable-region-focusable), and each region has its own name
    <div
      className={cn("relative overflow-x-auto", className)}
      data-testid={testId}
      data-layout="table"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full table-auto text-sm">
        {caption ? (
          <caption className="mb-1 text-left text-xs font-semibold tracking-wide text-zinc-600 uppercase">{caption}</caption>
        ) : null}
        <thead>
          <tr className="border-b border-zinc-200 text-left text-xs text-zinc-600">
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn("py-1.5 pr-4 font-medium", column.align === "right" && "text-right")}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    "py-1.5 pr-4 align-top break-words text-zinc-800",
                    column.align === "right" && "text-right",
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
