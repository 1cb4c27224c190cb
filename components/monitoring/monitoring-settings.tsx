"use client";

import { Section } from "@/components/ui/section";
import { MONITORING_SCOPE_LABELS, MONITORING_SOURCE_LABELS } from "@/lib/contract/monitoring-labels";
import type { MonitoringScope, MonitoringSettings, MonitoringSource } from "@/lib/contract/monitoring";

// "Monitoramento" in /settings (admins; issue 32 item 1): on or off, which cases (scope) and
// against which sources. Part of the settings form: it edits the form's draft, saved with the rest.

const SCOPES = Object.keys(MONITORING_SCOPE_LABELS) as MonitoringScope[];
const SOURCES = Object.keys(MONITORING_SOURCE_LABELS) as MonitoringSource[];

const SCOPE_HINTS: Record<MonitoringScope, string> = {
  approved: "os casos cuja decisão mais recente é Aprovado",
  decided: "os casos com qualquer decisão",
  all: "todos os casos, decididos ou não",
};

/** The setting's own check: on, it needs at least one source (the service refuses otherwise). */
export function monitoringProblem(value: MonitoringSettings): string | null {
  return value.enabled && value.sources.length === 0 ? "Monitoramento ligado pede ao menos uma fonte." : null;
}

export function MonitoringSettingsSection({
  value,
  onChange,
}: {
  value: MonitoringSettings;
  onChange: (next: MonitoringSettings) => void;
}) {
  return (
    <Section
      title="Monitoramento"
      description="Depois da decisão, os casos continuam comparados com cada nova versão das fontes; uma mudança que importa abre um alerta."
      testId="settings-monitoring"
    >
      <div className="space-y-3 px-4 py-3 text-sm">
        <label className="flex items-center gap-2 text-zinc-800">
          <input
            type="checkbox"
            data-testid="settings-monitoring-enabled"
            checked={value.enabled}
            onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
            className="size-4 accent-brand-600"
          />
          Monitorar os casos deste workspace
        </label>
        <fieldset disabled={!value.enabled} className="space-y-1 pl-6 disabled:opacity-60">
          <legend className="mb-1 text-xs font-medium text-zinc-600">Quais casos</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-zinc-700">
              <input
                type="radio"
                name="settings-monitoring-scope"
                data-testid={`settings-monitoring-scope-${scope}`}
                checked={value.scope === scope}
                onChange={() => onChange({ ...value, scope })}
                className="size-4 accent-brand-600"
              />
              {MONITORING_SCOPE_LABELS[scope]}
              <span className="text-xs text-zinc-500">({SCOPE_HINTS[scope]})</span>
            </label>
          ))}
        </fieldset>
        <fieldset disabled={!value.enabled} className="space-y-1 pl-6 disabled:opacity-60">
          <legend className="mb-1 text-xs font-medium text-zinc-600">Comparar com</legend>
          {SOURCES.map((source) => (
            <label key={source} className="flex items-center gap-2 text-zinc-700">
              <input
                type="checkbox"
                data-testid={`settings-monitoring-source-${source}`}
                checked={value.sources.includes(source)}
                onChange={(event) =>
                  onChange({
                    ...value,
                    sources: event.target.checked
                      ? SOURCES.filter((s) => s === source || value.sources.includes(s))
                      : value.sources.filter((s) => s !== source),
                  })
                }
                className="size-4 accent-brand-600"
              />
              {MONITORING_SOURCE_LABELS[source]}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-zinc-600">
          Um admin ainda pode ligar ou desligar um caso pelo interruptor “Monitorar” na página do caso.
        </p>
      </div>
    </Section>
  );
}
