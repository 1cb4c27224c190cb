"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/contract/webhook-events";
import type { Webhook, WebhookWithSecret } from "@/lib/contract/webhooks";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { DeliveryLog } from "./delivery-log";

// /settings → "Webhooks" (admins; issue 35, docs/webhooks.md): the endpoints with the events
// chosen, a banner for a paused one, creation and rotation showing the secret once, a ping, and
// the delivery log of the endpoint chosen (delivery-log.tsx).

export const webhookKeys = {
  all: ["webhooks"] as const,
  deliveries: (id: string, state: string) => ["webhooks", id, "deliveries", state] as const,
};

const inputClass =
  "h-9 w-full rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";

const eventLabel = (name: string) => (name === "*" ? "Todos os eventos" : (WEBHOOK_EVENT_LABELS[name as WebhookEventType] ?? name));

export function WebhooksSection() {
  const query = useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => bffFetch<{ webhooks: Webhook[] }>("/bff/webhooks", signal),
    refetchInterval: 15_000,
  });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: "rotate-secret" | "test" | "resume" | "delete" }) =>
      action === "delete"
        ? bffSend<null>(`/bff/webhooks/${id}`, { method: "DELETE" })
        : action === "resume"
          ? bffSend<Webhook>(`/bff/webhooks/${id}`, { method: "PATCH", body: { state: "active" } })
          : bffSend<unknown>(`/bff/webhooks/${id}/${action}`, { method: "POST" }),
    onSuccess: (answer, { id, action }) => {
      if (action === "rotate-secret") {
        const rotated = answer as WebhookWithSecret;
        setSecret({ url: rotated.url, secret: rotated.secret, rotated: true });
      } else if (action === "test") {
        toast.show({ kind: "success", message: "Ping enviado: veja o resultado nas entregas." });
        setLogOf(id);
      } else if (action === "resume") toast.show({ kind: "success", message: "Webhook retomado: as entregas pendentes voltam a sair." });
      else {
        toast.show({ kind: "success", message: "Webhook excluído." });
        if (logOf === id) setLogOf(null);
      }
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ["webhooks", id] });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });

  if (query.isError)
    return (
      <StateMessage kind="error" testId="webhooks-error" title="Não foi possível carregar os webhooks" description={query.error.message} />
    );
  if (!query.data) return <Skeleton className="m-4 h-32 rounded-lg" />;
  const webhooks = query.data.webhooks;
  const paused = webhooks.filter((w) => w.state === "paused");
  const chosen = webhooks.find((w) => w.id === logOf) ?? null;

  return (
    <div className="space-y-4 px-4 py-3">
      {paused.map((w) => (
        <div
          key={w.id}
          role="status"
          data-testid="webhooks-paused-banner"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/25 ring-inset"
        >
          <p className="min-w-0">
            <strong className="font-semibold">Webhook pausado</strong>: <span className="break-all">{w.url}</span> falhou{" "}
            {w.consecutiveFailures} vezes seguidas. As entregas aguardam, nada foi perdido: confira o receptor e retome.
          </p>
          <Button size="sm" onClick={() => act.mutate({ id: w.id, action: "resume" })} disabled={act.isPending}>
            Retomar
          </Button>
        </div>
      ))}

      {secret ? <SecretPanel {...secret} onDone={() => setSecret(null)} /> : null}

      {webhooks.length === 0 ? (
        <p data-testid="webhooks-empty" className="text-sm text-zinc-600">
          Nenhum webhook ainda. Crie um abaixo para receber as decisões, atribuições e alertas nos seus sistemas.
        </p>
      ) : (
        <ul data-testid="webhooks-list" className="divide-y divide-zinc-100 rounded-md ring-1 ring-zinc-200">
          {webhooks.map((w) => (
            <li key={w.id} data-testid="webhook-item" className="space-y-2 px-3 py-2.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-mono text-sm break-all text-zinc-900">{w.url}</span>
                <Badge tone={w.state === "paused" ? "warning" : "success"} dot>
                  {w.state === "paused" ? "Pausado" : "Ativo"}
                </Badge>
                {w.secretRotating ? <Badge tone="info">Dois segredos assinam (24 h)</Badge> : null}
              </div>
              {w.description ? <p className="text-sm text-zinc-600">{w.description}</p> : null}
              <p className="text-xs text-zinc-600">
                <span className="font-medium">Eventos:</span> {w.events.map(eventLabel).join(", ")}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  aria-pressed={logOf === w.id}
                  data-testid="webhook-deliveries"
                  onClick={() => setLogOf(logOf === w.id ? null : w.id)}
                >
                  {logOf === w.id ? "Fechar entregas" : "Entregas"}
                </Button>
                <Button size="sm" onClick={() => act.mutate({ id: w.id, action: "test" })} disabled={act.isPending}>
                  Enviar ping
                </Button>
                <Button
                  size="sm"
                  onClick={() => {
                    if (window.confirm("Trocar o segredo? O atual continua assinando por 24 horas."))
                      act.mutate({ id: w.id, action: "rotate-secret" });
                  }}
                  disabled={act.isPending}
                >
                  Trocar segredo
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    if (window.confirm("Excluir este webhook e o histórico de entregas dele?")) act.mutate({ id: w.id, action: "delete" });
                  }}
                  disabled={act.isPending}
                >
                  Excluir
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {chosen ? <DeliveryLog webhook={chosen} /> : null}

      {webhooks.length < 10 ? (
        <CreateForm onCreated={(created) => (setSecret({ url: created.url, secret: created.secret, rotated: false }), void refresh())} />
      ) : (
        <p className="text-sm text-zinc-600">O workspace já tem 10 webhooks, o máximo: exclua um para criar outro.</p>
      )}
    </div>
  );
}

function SecretPanel({ url, secret, rotated, onDone }: { url: string; secret: string; rotated: boolean; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      data-testid="webhook-secret"
      className="space-y-2 rounded-md bg-sky-50 px-3 py-3 text-sm text-sky-950 ring-1 ring-sky-600/20 ring-inset"
    >
      <p>
        <strong className="font-semibold">{rotated ? "Novo segredo" : "Segredo do webhook"}</strong> de{" "}
        <span className="break-all">{url}</span>. Copie agora: ele não será mostrado de novo.
        {rotated ? " O segredo anterior continua assinando por 24 horas, para o receptor trocar sem perder entregas." : ""}
      </p>
      <code
        data-testid="webhook-secret-value"
        className="block rounded bg-white px-2 py-1.5 font-mono text-xs break-all ring-1 ring-sky-200"
      >
        {secret}
      </code>
      <div className="flex gap-2">
        <Button
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copiado" : "Copiar"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Já guardei, fechar
        </Button>
      </div>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [all, setAll] = useState(false);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      bffSend<WebhookWithSecret>("/bff/webhooks", {
        method: "POST",
        body: { url: url.trim(), events: all ? ["*"] : events, ...(description.trim() ? { description: description.trim() } : {}) },
      }),
    onSuccess: (created) => {
      setUrl("");
      setDescription("");
      setAll(false);
      setEvents([]);
      setProblem(null);
      onCreated(created);
    },
    onError: (error) => setProblem(error.message),
  });
  return (
    <form
      data-testid="webhook-create"
      noValidate
      className="space-y-3 rounded-md px-3 py-3 ring-1 ring-zinc-200"
      onSubmit={(event) => {
        event.preventDefault();
        if (!/^https:\/\/\S+$/.test(url.trim()))
          return setProblem("Informe uma URL https (por exemplo https://sistema.exemplo.com.br/lupa).");
        if (!all && events.length === 0) return setProblem("Escolha ao menos um evento, ou todos.");
        create.mutate();
      }}
    >
      <h3 className="text-sm font-semibold text-zinc-900">Novo webhook</h3>
      <div>
        <label htmlFor="webhook-url" className="mb-1 block text-xs font-medium text-zinc-600">
          URL (https)
        </label>
        <input
          id="webhook-url"
          data-testid="webhook-url"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://sistema.exemplo.com.br/lupa"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="webhook-description" className="mb-1 block text-xs font-medium text-zinc-600">
          Descrição (opcional)
        </label>
        <input
          id="webhook-description"
          data-testid="webhook-description"
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-xs font-medium text-zinc-600">Eventos</legend>
        <label className="flex items-center gap-2 text-sm text-zinc-800">
          <input
            type="checkbox"
            data-testid="webhook-all-events"
            checked={all}
            onChange={(e) => setAll(e.target.checked)}
            className="size-4 accent-brand-600"
          />
          Todos os eventos (inclusive os que vierem a existir)
        </label>
        <div className="grid gap-1 pl-6 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className={`flex items-center gap-2 text-sm ${all ? "text-zinc-400" : "text-zinc-700"}`}>
              <input
                type="checkbox"
                data-testid={`webhook-event-${type}`}
                disabled={all}
                checked={all || events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((x) => x !== type))}
                className="size-4 accent-brand-600"
              />
              {WEBHOOK_EVENT_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p role="alert" data-testid="webhook-problem" className="text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" data-testid="webhook-create-submit" disabled={create.isPending}>
          Criar webhook
        </Button>
      </div>
    </form>
  );
}
