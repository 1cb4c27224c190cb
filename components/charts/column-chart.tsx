"use client";

import { useState } from "react";
import { labelEvery, niceTicks } from "@/lib/charts/ticks";
import { formatInteger } from "@/lib/contract/format/number";
import { cn } from "@/lib/utils/cn";

// A small vertical bar chart in HTML and CSS (the console's charts are decorative: each has a
// table with its values next to it, so it is hidden from assistive technology by its caller).
// Columns may be stacked; a hover shows the column's values; a column may be clickable. No chart
// library: the bars are sized by percentages, so the chart renders on the server at its final
// height and reflows with its container without measuring.

export interface ColumnSegment {
  name: string;
  value: number;
  colour: string;
}

export interface Column {
  key: string;
  /** Under the column. */
  label: string;
  /** Heading of the hover box. */
  title: string;
  /** Bottom to top. */
  segments: ColumnSegment[];
  onClick?: () => void;
}

const AXIS_WIDTH = 36;
const LABEL_HEIGHT = 20;

export function ColumnChart({
  columns,
  height,
  maxLabels = 12,
  legend,
  testId,
}: {
  columns: Column[];
  /** Of the whole chart (plot and labels; the legend is added below). */
  height: number;
  maxLabels?: number;
  legend?: Array<{ name: string; colour: string }>;
  testId?: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const totals = columns.map((column) => column.segments.reduce((sum, s) => sum + s.value, 0));
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1];
  const every = labelEvery(columns.length, maxLabels);
  const plotHeight = height - LABEL_HEIGHT - 8;
  return (
    <div data-testid={testId} className="select-none" style={{ height: legend ? undefined : height }}>
      <div className="relative" style={{ height: plotHeight, marginTop: 8, marginLeft: AXIS_WIDTH }}>
        {ticks.map((tick) => (
          <div key={tick} className="absolute right-0 left-0" style={{ bottom: `${(tick / top) * 100}%` }}>
            <div className={cn("border-t", tick === 0 ? "border-zinc-300" : "border-zinc-200")} />
            <span
              className="absolute -translate-y-1/2 pr-2 text-right text-[11px] leading-none text-zinc-600 tabular"
              style={{ right: "100%", width: AXIS_WIDTH }}
            >
              {formatInteger(tick)}
            </span>
          </div>
        ))}
        <div className="absolute inset-0 flex">
          {columns.map((column, index) => (
            <div
              key={column.key}
              data-chart-column={column.key}
              className={cn(
                "relative flex h-full flex-1 flex-col justify-end px-[12%]",
                hovered === index && "bg-zinc-100/80",
                column.onClick && "cursor-pointer",
              )}
              onMouseEnter={() => setHovered(index)}
              onMouseLeave={() => setHovered((current) => (current === index ? null : current))}
              onClick={column.onClick}
            >
              <div className="flex flex-col-reverse overflow-hidden rounded-t-[3px]" style={{ height: `${(totals[index] / top) * 100}%` }}>
                {column.segments.map((segment) =>
                  segment.value > 0 ? (
                    <div
                      key={segment.name}
                      data-chart-bar
                      style={{ height: `${(segment.value / (totals[index] || 1)) * 100}%`, background: segment.colour }}
                    />
                  ) : null,
                )}
              </div>
              {hovered === index ? (
                <div
                  className={cn(
                    "pointer-events-none absolute bottom-full z-10 mb-1 w-max rounded-md border border-zinc-200 bg-white px-2.5 py-1.5 text-xs shadow-md",
                    index < columns.length / 2 ? "left-0" : "right-0",
                  )}
                >
                  <p className="font-medium text-zinc-900">{column.title}</p>
                  {column.segments.map((segment) => (
                    <p key={segment.name} className="tabular" style={{ color: segment.colour }}>
                      {segment.name}: {formatInteger(segment.value)}
                    </p>
                  ))}
                </div>
              ) : null}
            </div>
          ))}
        </div>
      </div>
      <div className="flex" style={{ marginLeft: AXIS_WIDTH, height: LABEL_HEIGHT }}>
        {columns.map((column, index) => (
          <div key={column.key} className="flex-1 overflow-visible pt-1 text-center text-[11px] whitespace-nowrap text-zinc-600">
            {index % every === 0 ? column.label : ""}
          </div>
        ))}
      </div>
      {legend ? (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-700">
          {legend.map((item) => (
            <li key={item.name} className="flex items-center gap-1.5">
              <span className="inline-block size-2.5 rounded-sm" style={{ background: item.colour }} />
              {item.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
