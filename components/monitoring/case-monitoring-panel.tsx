"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Section } from "@/components/ui/section";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toaster";
import type { CaseMonitoring } from "@/lib/contract/monitoring";
import { bffSend } from "@/lib/query/bff-send";
import { reviewKeys } from "@/lib/query/review-queries";
import { monitoringKeys } from "@/lib/query/monitoring-queries";
import type { CaseReviewView } from "@/lib/review/case-view";
import { cn } from "@/lib/utils/cn";

// "Monitoramento" on the case page (issue 32 item 6): whether the case is watched, since when, when
// it was last compared and against which releases. Admins switch it ("Monitorar", a switch over the
// workspace's scope); the others read its state.

export function CaseMonitoringPanel({ id, monitoring, canAdminister }: { id: string; monitoring: CaseMonitoring; canAdminister: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      bffSend<CaseReviewView>(`/bff/verifications/${encodeURIComponent(id)}/monitoring`, { method: "PUT", body: { enabled } }),
    onSuccess: (view, enabled) => {
      client.setQueryData(reviewKeys.case(id), view);
      toast.show({
        kind: "success",
        message: enabled ? "Caso monitorado: as próximas mudanças nas fontes geram alertas." : "Monitoramento do caso desligado.",
      });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
      void client.invalidateQueries({ queryKey: monitoringKeys.summary });
    },
  });
  const on = monitoring.enabled;
  const scopeNote =
    monitoring.override === null
      ? "Pela regra do workspace."
      : monitoring.override
        ? "Ligado só para este caso."
        : "Desligado só para este caso.";
  return (
    <Section title="Monitoramento" testId="case-monitoring">
      <div className="space-y-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="font-medium text-zinc-900" data-testid="case-monitoring-state" data-enabled={on}>
              {on ? "Monitorado" : "Não monitorado"}
            </p>
            <p className="text-xs text-zinc-600">{scopeNote}</p>
          </div>
          {canAdminister ? (
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-label="Monitorar"
              data-testid="case-monitoring-switch"
              disabled={change.isPending}
              onClick={() => change.mutate(!on)}
              className={cn(
                "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60",
                on ? "bg-brand-600" : "bg-zinc-300",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "inline-block size-5 rounded-full bg-white shadow transition-transform",
                  on ? "translate-x-5" : "translate-x-0.5",
                )}
              />
            </button>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-zinc-600">Desde</dt>
          <dd className="text-zinc-900">{monitoring.since ? <RelativeTime value={monitoring.since} /> : "—"}</dd>
          <dt className="text-zinc-600">Última verificação</dt>
          <dd className="text-zinc-900" data-testid="case-monitoring-checked">
            {monitoring.lastCheckedAt ? <RelativeTime value={monitoring.lastCheckedAt} /> : "Ainda não comparado"}
          </dd>
          <dt className="text-zinc-600">Comparado com</dt>
          <dd className="text-zinc-900">
            Sanções: {monitoring.checkedAgainst.sanctions ?? "—"} · Receita: {monitoring.checkedAgainst.registry ?? "—"}
          </dd>
        </dl>
      </div>
    </Section>
  );
}
