"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { WEBHOOK_EVENT_LABELS, type WebhookEventType } from "@/lib/contract/webhook-events";
import type { Webhook, WebhookDelivery, WebhookDeliveryList } from "@/lib/contract/webhooks";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";

// The delivery log of one webhook endpoint: its deliveries newest first, filtered by state, each
// with its attempts (status, time, the first 1 KB of the answer) and "Reenviar".

const STATES = [
  ["", "Todas"],
  ["pending", "Pendentes"],
  ["delivered", "Entregues"],
  ["failed", "Falharam"],
] as const;

const STATE_BADGE: Record<WebhookDelivery["state"], { tone: "info" | "success" | "danger"; label: string }> = {
  pending: { tone: "info", label: "Pendente" },
  delivered: { tone: "success", label: "Entregue" },
  failed: { tone: "danger", label: "Falhou" },
};

const eventLabel = (type: string) => (type === "ping" ? "Ping (teste)" : (WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type));

export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [state, setState] = useState<string>("");
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = ["webhooks", webhook.id, "deliveries", state] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      bffFetch<WebhookDeliveryList>(`/bff/webhooks/${webhook.id}/deliveries${state ? `?state=${state}` : ""}`, signal),
    // while something is on its way, the log follows it
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.state === "pending") ? 2_000 : 10_000),
  });
  const redeliver = useMutation({
    mutationFn: (id: string) => bffSend<WebhookDelivery>(`/bff/webhooks/deliveries/${id}/redeliver`, { method: "POST" }),
    onSuccess: () => {
      toast.show({ kind: "success", message: "Reenvio agendado: a entrega sai em instantes." });
      void queryClient.invalidateQueries({ queryKey: ["webhooks", webhook.id] });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });
  const headingId = `webhook-log-${webhook.id}`;

  return (
    <section aria-labelledby={headingId} data-testid="webhook-delivery-log" className="space-y-2 rounded-md px-3 py-3 ring-1 ring-zinc-200">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-zinc-900">
            Entregas
          </h3>
          <p className="text-xs break-all text-zinc-600">{webhook.url}</p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${headingId}-state`} className="text-xs font-medium text-zinc-600">
            Situação
          </label>
          <select
            id={`${headingId}-state`}
            data-testid="webhook-log-state"
            value={state}
            onChange={(e) => setState(e.target.value)}
            className="h-8 rounded-md bg-white px-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          >
            {STATES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => void query.refetch()}>
            Atualizar
          </Button>
        </div>
      </div>
      {query.isError ? (
        <StateMessage kind="error" title="Não foi possível carregar as entregas" description={query.error.message} />
      ) : !query.data ? (
        <Skeleton className="h-24 rounded-md" />
      ) : query.data.deliveries.length === 0 ? (
        <p data-testid="webhook-log-empty" className="py-2 text-sm text-zinc-600">
          {state ? "Nenhuma entrega nesta situação." : "Nenhuma entrega ainda. Use “Enviar ping” para testar o receptor."}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {query.data.deliveries.map((d) => {
            const last = d.attempts[d.attempts.length - 1];
            const badge = STATE_BADGE[d.state];
            return (
              <li key={d.id} data-testid="webhook-delivery" data-state={d.state} className="space-y-1 py-2">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium text-zinc-900">{eventLabel(d.eventType)}</span>
                  <Badge tone={badge.tone} dot>
                    {badge.label}
                  </Badge>
                  <span className="text-xs text-zinc-600">
                    {formatDateTime(d.createdAt)} · {d.attempts.length} {d.attempts.length === 1 ? "tentativa" : "tentativas"}
                    {last ? ` · última: ${last.status ?? last.error ?? "sem resposta"}` : ""}
                    {d.state === "pending" && d.nextAttemptAt ? ` · próxima: ${formatDateTime(d.nextAttemptAt)}` : ""}
                  </span>
                  <Button
                    size="sm"
                    className="ml-auto"
                    data-testid="webhook-redeliver"
                    disabled={d.state === "pending" || redeliver.isPending}
                    title={d.state === "pending" ? "A entrega ainda está pendente" : undefined}
                    onClick={() => redeliver.mutate(d.id)}
                  >
                    Reenviar
                  </Button>
                </div>
                {d.attempts.length > 0 ? (
                  <details className="text-xs text-zinc-700">
                    <summary className="cursor-pointer text-zinc-600">Tentativas e respostas</summary>
                    <ol className="mt-1 space-y-1 pl-4">
                      {d.attempts.map((a, i) => (
                        <li key={i}>
                          <span className="tabular">{formatDateTime(a.at)}</span> —{" "}
                          {a.status !== null ? `HTTP ${a.status}` : (a.error ?? "sem resposta")} em {a.durationMs} ms
                          {a.response ? (
                            <pre className="mt-0.5 max-h-32 overflow-auto rounded bg-zinc-50 px-2 py-1 break-all whitespace-pre-wrap">
                              {a.response}
                            </pre>
                          ) : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
                <p className="font-mono text-[11px] break-all text-zinc-500">{d.eventId}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
