// Each module's share of the score deduction, as horizontal bars (percent of the total). Plain
// HTML and CSS (no chart library): it renders with the page, at its final height. Its caller
// names it for assistive technology (role="img" with the values in its label).

const COLOURS = ["#4f46e5", "#0891b2", "#d97706", "#e11d48", "#059669", "#7c3aed", "#52525b"];

const percent = (value: number) => `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;

export function ScoreDistributionChart({ rows }: { rows: Array<{ label: string; share: number }> }) {
  return (
    <div className="grid grid-cols-[132px_minmax(0,1fr)] items-center gap-x-2 py-1" data-testid="distribution-chart">
      {rows.map((row, index) => (
        <div key={row.label} className="contents">
          <span className="truncate py-[9px] text-right text-xs text-zinc-700" title={row.label}>
            {row.label}
          </span>
          <div className="flex items-center gap-1.5">
            {/* the bar's share of the width left beside its label */}
            <div
              className="h-4 shrink-0 rounded-r-[3px]"
              style={{
                width: `calc((100% - 3.5rem) * ${Math.max(0, Math.min(100, row.share)) / 100})`,
                background: COLOURS[index % COLOURS.length],
              }}
            />
            <span className="shrink-0 text-xs text-zinc-700 tabular">{percent(row.share)}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
