// Each module's share of the score deduction, as horizontal bars (percent of the total). Plain
// elements, not a chart library: the case page rendered it on the client only and loaded about
// 100 KiB of Recharts for a handful of bars (issue 23, the case page's JavaScript budget).

const COLOURS = ["#4f46e5", "#0891b2", "#d97706", "#e11d48", "#059669", "#7c3aed", "#52525b"];

export default function ScoreDistributionChart({ rows }: { rows: Array<{ label: string; share: number }> }) {
  return (
    <ul className="space-y-2" aria-hidden="true" data-testid="result-distribution-bars">
      {rows.map((row, index) => (
        <li key={row.label} className="grid grid-cols-[8.25rem_1fr] items-center gap-2 text-xs text-zinc-700">
          <span className="truncate text-right" title={row.label}>
            {row.label}
          </span>
          <span className="flex items-center gap-2">
            <span
              className="h-4 rounded-r-[3px]"
              style={{
                width: `calc(${Math.max(0, Math.min(100, row.share))}% - 3rem)`,
                minWidth: 2,
                backgroundColor: COLOURS[index % COLOURS.length],
              }}
            />
            <span className="tabular shrink-0">{row.share.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
