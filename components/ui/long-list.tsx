"use client";

import { useId, useState } from "react";
import { fold } from "@/lib/network/filter";
import { formatInteger } from "@/lib/contract/format/number";

// Long lists of the case page (related parties, lawsuits, contacts): the first 10 rows, a count,
// a filter (from 11 rows up) and "Ver todos". A company with 362 related parties was a
// 21,000-px page.

export const FIRST_ROWS = 10;

export interface LongList<T> {
  /** The rows the filter keeps. */
  matched: T[];
  /** The rows on screen: the first ten of `matched` until "Ver todos". */
  shown: T[];
  total: number;
  all: boolean;
  setAll: (all: boolean) => void;
}

/** The rows of one list: `query` keeps those whose `text` holds it (accents and case ignored). */
export function useLongList<T>(items: T[], text: (item: T) => string, query = ""): LongList<T> {
  const [all, setAll] = useState(false);
  const q = fold(query);
  const matched = q ? items.filter((item) => fold(text(item)).includes(q)) : items;
  return { matched, shown: all ? matched : matched.slice(0, FIRST_ROWS), total: items.length, all, setAll };
}

/** The filter box of a long section (shown only when one of its lists has more than 10 rows). */
export function ListFilter({
  value,
  onChange,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3 max-w-sm">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600">
        {label}
      </label>
      <input
        id={id}
        type="search"
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500"
      />
    </div>
  );
}

/** "Mostrando 10 de 362 pessoas" and "Ver todos (362)" / "Mostrar menos", under a long list. */
export function ListFooter<T>({ list, noun, testId }: { list: LongList<T>; noun: string; testId?: string }) {
  const filtered = list.matched.length !== list.total;
  const count =
    list.shown.length === list.matched.length
      ? filtered
        ? `${formatInteger(list.matched.length)} de ${formatInteger(list.total)} ${noun}`
        : null
      : `Mostrando ${formatInteger(list.shown.length)} de ${formatInteger(list.matched.length)} ${noun}${filtered ? ` (filtrados de ${formatInteger(list.total)})` : ""}`;
  const canToggle = list.matched.length > FIRST_ROWS;
  if (!count && !canToggle) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid={testId}>
      {count ? (
        <p className="text-xs text-zinc-600" aria-live="polite" data-testid="list-count">
          {count}
        </p>
      ) : null}
      {canToggle ? (
        <button
          type="button"
          data-testid="list-show-all"
          aria-expanded={list.all}
          onClick={() => list.setAll(!list.all)}
          className="rounded text-xs font-medium text-brand-700 hover:underline"
        >
          {list.all ? "Mostrar menos" : `Ver todos (${formatInteger(list.matched.length)})`}
        </button>
      ) : null}
    </div>
  );
}
