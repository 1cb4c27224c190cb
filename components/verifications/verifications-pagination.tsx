"use client";

import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { formatInteger } from "@/lib/contract/format/number";
import { PAGE_SIZES } from "@/lib/verifications/filters";

export function VerificationsPagination({
  page,
  limit,
  total,
  onPage,
  onLimit,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  const sizes: number[] = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, limit].sort((a, b) => a - b);

  return (
    <nav
      aria-label="Paginação"
      data-testid="pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 px-4 py-2.5 text-sm text-zinc-600"
    >
      <div className="flex items-center gap-2">
        <label htmlFor="page-size" className="text-xs text-zinc-500">
          Por página
        </label>
        <select
          id="page-size"
          data-testid="page-size"
          value={limit}
          onChange={(event) => onLimit(Number(event.target.value))}
          className="h-7 rounded-md border-0 bg-white px-2 pr-7 text-sm shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-brand-500 focus:outline-none"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span data-testid="pagination-range" className="tabular ml-2 text-xs text-zinc-500">
          {total === 0 ? "Nenhum resultado" : `${formatInteger(from)}–${formatInteger(to)} de ${formatInteger(total)}`}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <span data-testid="pagination-current" className="tabular text-xs text-zinc-500" aria-live="polite">
          Página {formatInteger(page)} de {formatInteger(pages)}
        </span>
        <Button size="sm" data-testid="pagination-prev" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Página anterior">
          <ChevronLeftIcon className="size-3.5" />
          Anterior
        </Button>
        <Button
          size="sm"
          data-testid="pagination-next"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label="Próxima página"
        >
          Próxima
          <ChevronRightIcon className="size-3.5" />
        </Button>
      </div>
    </nav>
  );
}
