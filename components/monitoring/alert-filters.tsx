"use client";

import { useId } from "react";
import { ALERT_KIND_LABELS, ALERT_STATE_LABELS, MONITORING_SOURCE_LABELS } from "@/lib/contract/monitoring-labels";
import { ALERT_KINDS_LIST, ALERT_SOURCES_LIST, ALERT_STATES_LIST, type AlertFilters } from "@/lib/monitoring/filters";

// The Alertas queue's filters: state, source, kind (selects) and the assignee (Todos, Meus,
// Sem responsável). Every change goes to the URL through `onChange`.

const selectClass = "h-9 w-full rounded-md bg-white px-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500";

const STATE_FILTER_LABELS: Record<string, string> = { open: "Abertos", confirmed: "Risco confirmado", dismissed: "Descartados" };
const ASSIGNEE_OPTIONS = [
  { value: null, label: "Todos" },
  { value: "me", label: "Meus" },
  { value: "none", label: "Sem responsável" },
] as const;

export function AlertFiltersBar({ filters, onChange }: { filters: AlertFilters; onChange: (next: AlertFilters) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="alert-filters">
      <div className="w-full sm:w-44">
        <label htmlFor={`${id}-state`} className="mb-1 block text-xs font-medium text-zinc-700">
          Situação
        </label>
        <select
          id={`${id}-state`}
          data-testid="alert-filter-state"
          className={selectClass}
          value={filters.state}
          onChange={(e) => onChange({ ...filters, state: e.target.value as AlertFilters["state"] })}
        >
          {ALERT_STATES_LIST.map((s) => (
            <option key={s} value={s}>
              {STATE_FILTER_LABELS[s] ?? ALERT_STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-48">
        <label htmlFor={`${id}-source`} className="mb-1 block text-xs font-medium text-zinc-700">
          Fonte
        </label>
        <select
          id={`${id}-source`}
          data-testid="alert-filter-source"
          className={selectClass}
          value={filters.source ?? ""}
          onChange={(e) => onChange({ ...filters, source: (e.target.value || null) as AlertFilters["source"] })}
        >
          <option value="">Todas</option>
          {ALERT_SOURCES_LIST.map((s) => (
            <option key={s} value={s}>
              {MONITORING_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-56">
        <label htmlFor={`${id}-kind`} className="mb-1 block text-xs font-medium text-zinc-700">
          Tipo de mudança
        </label>
        <select
          id={`${id}-kind`}
          data-testid="alert-filter-kind"
          className={selectClass}
          value={filters.kind ?? ""}
          onChange={(e) => onChange({ ...filters, kind: (e.target.value || null) as AlertFilters["kind"] })}
        >
          <option value="">Todos</option>
          {ALERT_KINDS_LIST.map((k) => (
            <option key={k} value={k}>
              {ALERT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="w-full sm:w-auto">
        <legend className="mb-1 block text-xs font-medium text-zinc-700">Responsável</legend>
        <div className="inline-flex rounded-md ring-1 ring-zinc-300 ring-inset" data-testid="alert-filter-assignee">
          {ASSIGNEE_OPTIONS.map((option) => {
            const active = filters.assignee === option.value;
            return (
              <button
                key={option.label}
                type="button"
                aria-pressed={active}
                onClick={() => onChange({ ...filters, assignee: option.value })}
                className={
                  active
                    ? "h-9 bg-zinc-900 px-3 text-sm font-medium text-white first:rounded-l-md last:rounded-r-md"
                    : "h-9 px-3 text-sm text-zinc-700 first:rounded-l-md last:rounded-r-md hover:bg-zinc-50"
                }
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
