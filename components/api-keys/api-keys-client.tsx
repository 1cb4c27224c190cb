"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toaster";
import type { ApiKey, ApiKeyList, CreatedApiKey } from "@/lib/contract/api-keys";
import { API_KEY_MAX_DAYS, API_KEY_NAME_MAX } from "@/lib/contract/api-keys-limits";
import { formatDate, formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import type { Tone } from "@/lib/verifications/status";

// /settings/api-keys (admins; issue 34, item 4): create a key with a name and an optional expiry,
// its secret shown once with a copy button and a warning, the list (prefix, creator, created,
// expiry, last use, uses, state), and revoke with a confirmation.

const KEYS = ["api-keys"] as const;
const inputClass =
  "h-9 w-full rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";

const STATE_LABELS: Record<ApiKey["state"], { label: string; tone: Tone }> = {
  active: { label: "Ativa", tone: "success" },
  expired: { label: "Expirada", tone: "warning" },
  revoked: { label: "Revogada", tone: "neutral" },
};

/** The latest day the expiry field takes (YYYY-MM-DD). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function problemOf(name: string, expiry: string): string | null {
  if (!name.trim()) return "Dê um nome à chave: para que sistema ela é.";
  if (name.trim().length > API_KEY_NAME_MAX) return `O nome tem no máximo ${API_KEY_NAME_MAX} caracteres.`;
  if (expiry && (expiry <= dayIn(0) || expiry > dayIn(API_KEY_MAX_DAYS - 1))) return "A validade deve ser uma data futura, em até 3 anos.";
  return null;
}

export function ApiKeysClient() {
  const query = useQuery({ queryKey: KEYS, queryFn: ({ signal }) => bffFetch<ApiKeyList>("/bff/api-keys", signal) });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <div className="space-y-6">
      <CreateKeyForm onCreated={setCreated} />
      {created ? <SecretOnce created={created} onDone={() => setCreated(null)} /> : null}
      <section aria-labelledby="api-keys-list-title" className="rounded-lg border border-zinc-200 bg-white">
        <div className="border-b border-zinc-200 px-4 py-3">
          <h2 id="api-keys-list-title" className="text-sm font-semibold text-zinc-900">
            Chaves do workspace
          </h2>
          {query.data ? (
            <p className="mt-0.5 text-xs text-zinc-600">
              {query.data.keys.filter((k) => k.state === "active").length} de {query.data.liveLimit} chaves ativas permitidas. O uso é
              contado com até um segundo de atraso.
            </p>
          ) : null}
        </div>
        <QueryState
          query={query}
          testId="api-keys"
          loadingLabel="Carregando as chaves"
          errorTitle="Não foi possível carregar as chaves"
          isEmpty={(data) => data.keys.length === 0}
          emptyTitle="Nenhuma chave criada"
          emptyDescription="Crie uma chave acima para que um sistema chame a API sem usar a senha de uma pessoa."
        >
          {(data) => (
            <ul data-testid="api-keys-list" className="divide-y divide-zinc-100">
              {data.keys.map((key) => (
                <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const expiryId = useId();
  const problemId = useId();
  const create = useMutation({
    mutationFn: () =>
      bffSend<CreatedApiKey>("/bff/api-keys", {
        method: "POST",
        // the end of the chosen day, in Brasília time
        body: { name: name.trim(), expiresAt: expiry ? `${expiry}T23:59:59-03:00` : undefined },
      }),
    onSuccess: (key) => {
      setName("");
      setExpiry("");
      setProblem(null);
      onCreated(key);
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (error) => {
      setProblem(error.message);
      toast.show({ kind: "error", message: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(name, expiry);
    setProblem(found);
    if (!found) create.mutate();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="api-key-form"
      aria-labelledby="api-key-form-title"
      className="rounded-lg border border-zinc-200 bg-white p-4"
    >
      <h2 id="api-key-form-title" className="text-sm font-semibold text-zinc-900">
        Nova chave
      </h2>
      <p className="mt-0.5 text-xs text-zinc-600">
        A chave age com o papel Integração: cria e lê verificações e enriquecimentos (v2 e v3), nunca a fila de revisão.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div>
          <label htmlFor={nameId} className="mb-1 block text-xs font-medium text-zinc-700">
            Nome
          </label>
          <input
            id={nameId}
            data-testid="api-key-name"
            className={inputClass}
            value={name}
            maxLength={API_KEY_NAME_MAX + 20}
            placeholder="ex.: ERP financeiro"
            aria-invalid={problem !== null && !name.trim() ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={expiryId} className="mb-1 block text-xs font-medium text-zinc-700">
            Validade (opcional)
          </label>
          <input
            id={expiryId}
            data-testid="api-key-expiry"
            type="date"
            className={inputClass}
            value={expiry}
            min={dayIn(1)}
            max={dayIn(API_KEY_MAX_DAYS - 1)}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </div>
        <Button type="submit" variant="primary" data-testid="api-key-create" disabled={create.isPending}>
          {create.isPending ? "Criando…" : "Criar chave"}
        </Button>
      </div>
      {problem ? (
        <p id={problemId} data-testid="api-key-problem" className="mt-2 text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function SecretOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied("yes");
    } catch {
      field.current?.select();
      setCopied("failed");
    }
  };
  return (
    <section
      data-testid="api-key-secret"
      aria-labelledby="api-key-secret-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      tabIndex={-1}
      ref={(el) => el?.focus()}
    >
      <h2 id="api-key-secret-title" className="text-sm font-semibold text-amber-950">
        Copie a chave “{created.name}” agora
      </h2>
      <p className="mt-0.5 text-sm text-amber-900">
        Ela não será mostrada de novo: o Lupa guarda só um resumo (hash) dela. Se perder, revogue-a e crie outra.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="api-key-secret-value" className="sr-only">
          Chave de API
        </label>
        <input
          id="api-key-secret-value"
          ref={field}
          data-testid="api-key-secret-value"
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 w-full min-w-0 shrink-0 rounded-md sm:w-auto sm:flex-1 sm:shrink border-0 bg-white px-2.5 font-mono text-xs text-zinc-900 ring-1 ring-amber-300 ring-inset"
        />
        <div className="flex gap-2">
          <Button variant="primary" data-testid="api-key-copy" onClick={() => void copy()}>
            Copiar
          </Button>
          <Button data-testid="api-key-secret-done" onClick={onDone}>
            Já copiei
          </Button>
        </div>
      </div>
      <p role="status" className="mt-2 text-xs text-amber-900">
        {copied === "yes"
          ? "Copiada para a área de transferência."
          : copied === "failed"
            ? "Não foi possível copiar: a chave está selecionada, use Ctrl+C."
            : ""}
      </p>
      <p className="mt-1 text-xs text-amber-900">
        Use no cabeçalho <code className="font-mono">Authorization: Bearer {created.prefix}…</code>
      </p>
    </section>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const state = STATE_LABELS[apiKey.state];
  return (
    <li data-testid="api-key-row" data-key-id={apiKey.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-zinc-900" data-testid="api-key-row-name">
            {apiKey.name}
          </span>
          <Badge tone={state.tone} data-testid="api-key-row-state">
            {state.label}
          </Badge>
        </div>
        <div className="mt-0.5 font-mono text-xs text-zinc-600" data-testid="api-key-row-prefix">
          {apiKey.prefix}…
        </div>
        <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs text-zinc-600 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="inline">Criada </dt>
            <dd className="inline">
              <span title={formatDateTime(apiKey.createdAt)}>{formatDate(apiKey.createdAt)}</span> por {apiKey.createdBy.email ?? "—"}
            </dd>
          </div>
          <div>
            <dt className="inline">Validade: </dt>
            <dd className="inline">{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : "sem validade"}</dd>
          </div>
          <div>
            <dt className="inline">Último uso: </dt>
            <dd className="inline" data-testid="api-key-row-last-used">
              {apiKey.lastUsedAt ? <RelativeTime value={apiKey.lastUsedAt} /> : "nunca usada"}
            </dd>
          </div>
          <div>
            <dt className="inline">Usos: </dt>
            <dd className="inline" data-testid="api-key-row-uses">
              {apiKey.useCount.toLocaleString("pt-BR")}
            </dd>
          </div>
        </dl>
        {apiKey.revokedAt ? <div className="mt-0.5 text-xs text-zinc-600">Revogada em {formatDateTime(apiKey.revokedAt)}</div> : null}
      </div>
      {apiKey.state !== "revoked" ? (
        <Button size="sm" data-testid="api-key-revoke" aria-label={`Revogar a chave ${apiKey.name}`} onClick={onRevoke}>
          Revogar
        </Button>
      ) : null}
    </li>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: (id: string) => bffSend<ApiKey>(`/bff/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: (key) => {
      toast.show({ kind: "success", message: `Chave “${key.name}” revogada. Ela deixa de funcionar em até um segundo.` });
      onClose();
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
    onError: (error) => {
      toast.show({ kind: "error", message: error.message });
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  return (
    <Dialog
      open={apiKey !== null}
      onClose={onClose}
      testId="api-key-revoke-dialog"
      title="Revogar esta chave?"
      description={
        apiKey ? (
          <>
            Os sistemas que usam “{apiKey.name}” (<span className="font-mono">{apiKey.prefix}…</span>) recebem 401 a partir de agora. Não dá
            para desfazer: para voltar, crie outra chave.
          </>
        ) : null
      }
    >
      <div className="flex justify-end gap-2">
        <Button data-autofocus onClick={onClose}>
          Cancelar
        </Button>
        <Button
          variant="primary"
          data-testid="api-key-revoke-confirm"
          disabled={revoke.isPending}
          onClick={() => apiKey && revoke.mutate(apiKey.id)}
        >
          {revoke.isPending ? "Revogando…" : "Revogar"}
        </Button>
      </div>
    </Dialog>
  );
}
