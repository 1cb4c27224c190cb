"use client";

import { CLEARED_FILTERS, type VerificationFilters } from "@/lib/verifications/filters";
import { LIST_PRESETS, TEAM_LIST_PRESETS, activePreset } from "@/lib/verifications/presets";
import { cn } from "@/lib/utils/cn";

type SetFilters = (changes: Partial<VerificationFilters>) => void;

/** Quick queues above the filters; the active one is pressed, pressing it again clears it. */
export function ListPresets({ filters, setFilters, team }: { filters: VerificationFilters; setFilters: SetFilters; team?: boolean }) {
  const presets = team ? TEAM_LIST_PRESETS : LIST_PRESETS;
  const active = activePreset(filters, presets);
  return (
    <div role="group" aria-label="Filas" data-testid="list-presets" className="flex flex-wrap items-center gap-2">
      <span className="text-xs font-medium text-zinc-600">Filas:</span>
      {presets.map((preset) => {
        const pressed = active?.id === preset.id;
        return (
          <button
            key={preset.id}
            type="button"
            aria-pressed={pressed}
            data-testid={`preset-${preset.id}`}
            onClick={() => setFilters(pressed ? CLEARED_FILTERS : { ...CLEARED_FILTERS, ...preset.filters })}
            className={cn(
              "rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset",
              pressed ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50",
            )}
          >
            {preset.label}
          </button>
        );
      })}
    </div>
  );
}
