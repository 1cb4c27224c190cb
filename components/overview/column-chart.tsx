import Link from "next/link";
import { formatInteger } from "@/lib/contract/format/number";

// Vertical bars, stacked when a column has several parts, in plain elements: the overview's two
// charts. They were Recharts charts rendered on the client only, about 130 KiB of JavaScript after
// the page's first view (issue 23's budget of 250 KiB for everything a route loads). The numbers
// are in the tables beside each chart (the screen readers' version): this is a picture of them.

export interface Column {
  key: string;
  /** Under the column; "" leaves it out where labels would crowd (a month of days on a phone). */
  label: string;
  /** The native tooltip: what the column holds. */
  title: string;
  parts: ReadonlyArray<{ value: number; colour: string }>;
  /** A column that opens a page (a score band opens its cases). */
  href?: string;
}

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least the largest column. */
export function scaleTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max) ?? 10 * power;
}

export function ColumnChart({
  columns,
  height,
  legend,
}: {
  columns: readonly Column[];
  height: number;
  legend?: ReadonlyArray<{ label: string; colour: string }>;
}) {
  const totals = columns.map((c) => c.parts.reduce((sum, p) => sum + p.value, 0));
  const top = scaleTop(Math.max(0, ...totals));
  return (
    <div className="text-[11px] text-zinc-600" data-testid="column-chart">
      <div className="flex" style={{ height }}>
        <div className="flex w-8 shrink-0 flex-col justify-between pr-1.5 text-right tabular">
          <span className="-mt-1.5">{formatInteger(top)}</span>
          <span>{Number.isInteger(top / 2) ? formatInteger(top / 2) : ""}</span>
          <span className="-mb-1.5">0</span>
        </div>
        <div className="relative flex flex-1 items-end gap-[2%] border-b border-zinc-300 px-[1%]">
          <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-zinc-200" />
          <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-zinc-200" />
          {columns.map((column, i) => {
            const bar = (
              <span
                className="flex w-full flex-col-reverse overflow-hidden rounded-t-[3px]"
                style={{ height: `${(totals[i]! / top) * 100}%` }}
              >
                {column.parts.map((part, j) =>
                  part.value > 0 ? (
                    <span
                      key={j}
                      className="block w-full shrink-0"
                      style={{ height: `${(part.value / totals[i]!) * 100}%`, backgroundColor: part.colour }}
                    />
                  ) : null,
                )}
              </span>
            );
            return column.href ? (
              <Link
                key={column.key}
                href={column.href}
                title={column.title}
                tabIndex={-1}
                className="relative flex h-full flex-1 items-end hover:bg-zinc-100"
              >
                {bar}
              </Link>
            ) : (
              <span key={column.key} title={column.title} className="relative flex h-full flex-1 items-end">
                {bar}
              </span>
            );
          })}
        </div>
      </div>
      <div className="ml-8 flex gap-[2%] px-[1%] pt-1">
        {columns.map((column) => (
          <span key={column.key} className="flex-1 truncate text-center tabular">
            {column.label}
          </span>
        ))}
      </div>
      {legend ? (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-700">
          {legend.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ backgroundColor: item.colour }} />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
