"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { MonitoringSettingsSection, monitoringProblem } from "@/components/monitoring/monitoring-settings";
import type { MonitoringSettings } from "@/lib/contract/monitoring";
import type { FourEyesTrigger, ReviewSettings, SettingsUpdate } from "@/lib/contract/review";
import { bffSend } from "@/lib/query/bff-send";
import { reviewKeys, reviewSettingsQuery } from "@/lib/query/review-queries";
import { DECISION_ACTIONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import { FEEDBACK_LABELS } from "@/lib/verifications/status";

// /settings (admins): SLA hours, the reasons catalog per decision, which decisions require a
// reason, and four-eyes. Saved with PUT /api/review/v1/settings through the BFF.

const inputClass =
  "h-9 rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";

const FOUR_EYES_LABELS: Record<FourEyesTrigger, string> = {
  APPROVED: "Aprovações",
  REPROVED: "Reprovações",
  STANDBY: "Em espera",
  WAIVED: "Dispensas",
  flagged_approval: "Aprovações de casos com sinais de risco",
};

interface Draft {
  slaHours: string;
  reasons: Record<Decision, string>;
  requireReason: Decision[];
  fourEyesEnabled: boolean;
  fourEyesOn: FourEyesTrigger[];
  /** Absent when the service has no monitoring (its settings lack the key). */
  monitoring?: MonitoringSettings;
}

function toDraft(s: ReviewSettings): Draft {
  return {
    slaHours: String(s.slaHours),
    reasons: Object.fromEntries(DECISIONS.map((d) => [d, s.reasons[d].join("\n")])) as Record<Decision, string>,
    requireReason: [...s.requireReason],
    fourEyesEnabled: s.fourEyes.enabled,
    fourEyesOn: [...s.fourEyes.on],
    ...(s.monitoring ? { monitoring: { ...s.monitoring, sources: [...s.monitoring.sources] } } : {}),
  };
}

const lines = (text: string) => [
  ...new Set(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

function validate(draft: Draft): string | null {
  if (!/^\d+$/.test(draft.slaHours.trim()) || Number(draft.slaHours) < 1 || Number(draft.slaHours) > 720)
    return "O SLA deve ser um número inteiro de horas, de 1 a 720.";
  for (const d of DECISIONS) {
    const list = lines(draft.reasons[d]);
    if (list.length > 50) return `No máximo 50 motivos por decisão (${FEEDBACK_LABELS[d]}).`;
    if (list.some((r) => r.length > 100)) return `Cada motivo tem no máximo 100 caracteres (${FEEDBACK_LABELS[d]}).`;
    if (draft.requireReason.includes(d) && list.length === 0)
      return `${FEEDBACK_LABELS[d]}: exigir motivo pede ao menos um motivo no catálogo.`;
  }
  return draft.monitoring ? monitoringProblem(draft.monitoring) : null;
}

export function SettingsPageClient() {
  const query = useQuery(reviewSettingsQuery());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !draft) setDraft(toDraft(query.data));
  }, [query.data, draft]);

  const save = useMutation({
    mutationFn: (body: SettingsUpdate) => bffSend<ReviewSettings>("/bff/review/settings", { method: "PUT", body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(reviewKeys.settings, settings);
      setDraft(toDraft(settings));
      toast.show({ kind: "success", message: "Configurações salvas." });
    },
    onError: (error) => setProblem(error.message),
  });

  if (query.isError)
    return (
      <div className="rounded-lg border border-zinc-200 bg-white">
        <StateMessage
          kind="error"
          testId="settings-error"
          title="Não foi possível carregar as configurações"
          description={query.error.message}
        />
      </div>
    );
  if (!draft) return <Skeleton className="h-96 rounded-lg" />;

  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });
  return (
    <form
      data-testid="settings-form"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = validate(draft);
        setProblem(invalid);
        if (invalid) return;
        save.mutate({
          slaHours: Number(draft.slaHours),
          reasons: Object.fromEntries(DECISIONS.map((d) => [d, lines(draft.reasons[d])])) as Record<Decision, string[]>,
          requireReason: draft.requireReason,
          fourEyes: { enabled: draft.fourEyesEnabled, on: draft.fourEyesOn },
          ...(draft.monitoring ? { monitoring: draft.monitoring } : {}),
        });
      }}
    >
      <Section title="Prazo (SLA)" description="Conta da conclusão do caso até a primeira decisão.">
        <div className="px-4 py-3">
          <label htmlFor="settings-sla" className="mb-1 block text-xs font-medium text-zinc-600">
            Horas para decidir (1 a 720)
          </label>
          <input
            id="settings-sla"
            data-testid="settings-sla"
            type="number"
            inputMode="numeric"
            min={1}
            max={720}
            value={draft.slaHours}
            onChange={(event) => set({ slaHours: event.target.value })}
            className={`${inputClass} tabular w-28`}
          />
        </div>
      </Section>

      <Section
        title="Motivos"
        description="O catálogo de cada decisão, um motivo por linha. Um motivo removido continua nas decisões antigas."
      >
        <div className="grid gap-4 px-4 py-3 md:grid-cols-2">
          {DECISIONS.map((d) => (
            <div key={d}>
              <label htmlFor={`settings-reasons-${d}`} className="mb-1 block text-xs font-medium text-zinc-600">
                {FEEDBACK_LABELS[d]} ({DECISION_ACTIONS[d].verb})
              </label>
              <textarea
                id={`settings-reasons-${d}`}
                data-testid={`settings-reasons-${d}`}
                rows={5}
                value={draft.reasons[d]}
                onChange={(event) => set({ reasons: { ...draft.reasons, [d]: event.target.value } })}
                className="w-full rounded-md px-2.5 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
              />
              <label className="mt-1 flex items-center gap-2 text-sm text-zinc-700">
                <input
                  type="checkbox"
                  data-testid={`settings-require-${d}`}
                  checked={draft.requireReason.includes(d)}
                  onChange={(event) =>
                    set({ requireReason: event.target.checked ? [...draft.requireReason, d] : draft.requireReason.filter((x) => x !== d) })
                  }
                  className="size-4 accent-brand-600"
                />
                Exigir motivo
              </label>
            </div>
          ))}
        </div>
      </Section>

      <Section
        title="Revisão em dupla"
        description="A decisão fica proposta até que outra pessoa (admin ou analista) a confirme ou reverta."
      >
        <div className="space-y-2 px-4 py-3 text-sm">
          <label className="flex items-center gap-2 text-zinc-800">
            <input
              type="checkbox"
              data-testid="settings-four-eyes"
              checked={draft.fourEyesEnabled}
              onChange={(event) => set({ fourEyesEnabled: event.target.checked })}
              className="size-4 accent-brand-600"
            />
            Ativar a revisão em dupla
          </label>
          <fieldset disabled={!draft.fourEyesEnabled} className="space-y-1 pl-6 disabled:opacity-60">
            <legend className="mb-1 text-xs font-medium text-zinc-600">Aplica-se a</legend>
            {(Object.keys(FOUR_EYES_LABELS) as FourEyesTrigger[]).map((trigger) => (
              <label key={trigger} className="flex items-center gap-2 text-zinc-700">
                <input
                  type="checkbox"
                  data-testid={`settings-four-eyes-${trigger}`}
                  checked={draft.fourEyesOn.includes(trigger)}
                  onChange={(event) =>
                    set({
                      fourEyesOn: event.target.checked ? [...draft.fourEyesOn, trigger] : draft.fourEyesOn.filter((x) => x !== trigger),
                    })
                  }
                  className="size-4 accent-brand-600"
                />
                {FOUR_EYES_LABELS[trigger]}
              </label>
            ))}
          </fieldset>
        </div>
      </Section>

      {draft.monitoring ? <MonitoringSettingsSection value={draft.monitoring} onChange={(monitoring) => set({ monitoring })} /> : null}

      {problem ? (
        <p role="alert" data-testid="settings-problem" className="text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={() => query.data && (setDraft(toDraft(query.data)), setProblem(null))}>Descartar alterações</Button>
        <Button type="submit" variant="primary" data-testid="settings-save" disabled={save.isPending}>
          Salvar configurações
        </Button>
      </div>
    </form>
  );
}
