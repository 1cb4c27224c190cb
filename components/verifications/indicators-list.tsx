import type { IndicatorView } from "@/lib/verifications/view-models";
import { formatInteger } from "@/lib/contract/format/number";
import { cn } from "@/lib/utils/cn";

/** Risk indicators of a profile: risky ones first, highlighted. */
export function IndicatorsList({ indicators }: { indicators: IndicatorView[] }) {
  if (indicators.length === 0) return <p className="text-sm text-zinc-500">Nenhum indicador informado.</p>;
  const sorted = [...indicators].sort((a, b) => Number(b.risky === true) - Number(a.risky === true));
  return (
    <ul data-testid="profile-indicators" className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
      {sorted.map((indicator) => (
        <li
          key={indicator.key}
          data-testid="indicator"
          data-risky={indicator.risky === true}
          className={cn(
            "flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm ring-1 ring-inset",
            indicator.risky ? "bg-rose-50 text-rose-900 ring-rose-200" : "bg-zinc-50 text-zinc-700 ring-zinc-200",
          )}
        >
          <span className="flex items-center gap-2">
            <span aria-hidden="true" className={cn("size-1.5 rounded-full", indicator.risky ? "bg-rose-500" : "bg-emerald-500")} />
            {indicator.label}
            <span className="sr-only">{indicator.risky ? "(risco)" : "(sem risco)"}</span>
          </span>
          <span className="tabular font-medium">
            {indicator.value === null ? (indicator.risky ? "Sim" : "Não") : formatInteger(indicator.value)}
          </span>
        </li>
      ))}
    </ul>
  );
}
