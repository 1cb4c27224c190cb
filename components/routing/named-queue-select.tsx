"use client";

import { useQuery } from "@tanstack/react-query";
import type { RoutingSettings } from "@/lib/contract/routing";
import { reviewSettingsQuery } from "@/lib/query/review-queries";
import type { VerificationFilters } from "@/lib/verifications/filters";

// The case list's "Fila nomeada" (docs/routing.md): the named queues the workspace's routing rules
// send cases to, as a select beside the team queues. The choice lives in the URL (namedQueue), so a
// link to a queue opens it; "Limpar filtros" keeps it, as it keeps the team queue. A queue no rule
// names any more stays selectable while the URL names it (its cases are still marked).

/** The queue names of the rules, in the rules' order, each once. */
export function namedQueuesOf(routing: RoutingSettings | undefined): string[] {
  const names = (routing?.rules ?? []).flatMap((rule) => ("queue" in rule.to ? [rule.to.queue] : []));
  return [...new Set(names)];
}

export function NamedQueueSelect({
  filters,
  setFilters,
}: {
  filters: VerificationFilters;
  setFilters: (changes: Partial<VerificationFilters>) => void;
}) {
  const settings = useQuery(reviewSettingsQuery());
  const names = namedQueuesOf(settings.data?.routing);
  if (filters.namedQueue && !names.includes(filters.namedQueue)) names.push(filters.namedQueue);
  // nothing to choose: no rule sends cases to a queue (the select would only say so)
  if (names.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="filter-named-queue" className="text-xs font-medium text-zinc-600">
        Fila nomeada:
      </label>
      <select
        id="filter-named-queue"
        data-testid="filter-named-queue"
        value={filters.namedQueue ?? ""}
        onChange={(event) => setFilters({ namedQueue: event.target.value || undefined })}
        className="h-7 rounded-md border-0 bg-white pr-8 pl-2.5 text-xs text-zinc-900 shadow-xs ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset"
      >
        <option value="">Qualquer fila</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
