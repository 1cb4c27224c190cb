import { XIcon } from "@/components/ui/icons";

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });

/** The creation-date range the overview's links set, shown so it can be seen and removed. */
export function PeriodChip({ from, to, onClear }: { from?: string; to?: string; onClear: () => void }) {
  const text =
    from && to
      ? `de ${dateTime.format(new Date(from))} a ${dateTime.format(new Date(to))}`
      : from
        ? `desde ${dateTime.format(new Date(from))}`
        : `até ${dateTime.format(new Date(to!))}`;
  return (
    <p data-testid="period-chip" className="inline-flex items-center gap-2 rounded-md bg-zinc-100 px-2.5 py-1 text-xs text-zinc-700">
      Criadas {text}
      <button type="button" onClick={onClear} className="rounded p-0.5 hover:bg-zinc-200" aria-label="Remover o período">
        <XIcon className="size-3" />
      </button>
    </p>
  );
}
