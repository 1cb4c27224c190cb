"use client";

import { FreshDownloadLink } from "@/components/auth/fresh-download-link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { XIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toaster";
import { pluralize } from "@/lib/contract/format/number";
import { membersQuery, reviewSettingsQuery, reviewKeys, savedViewsQuery, type BulkView } from "@/lib/query/review-queries";
import { bulkSummary, type BulkBody } from "@/lib/review/bulk-summary";
import { usePersonName } from "@/components/review/person-name";
import { bffSend } from "@/lib/query/bff-send";
import { DECISION_ACTIONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import { filtersToSearchParams, QUEUE_LABELS, type Queue, type VerificationFilters } from "@/lib/verifications/filters";
import type { VerificationSummary } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";
import type { NextCase } from "./use-next-case";

// The team queue's controls on /verifications (issue 18): the queues and saved views, "Próximo
// caso", and the bar of a selection (Atribuir, Decidir, Exportar CSV) with its per-case result.

type SetFilters = (changes: Partial<VerificationFilters>) => void;

const chipClass = (pressed: boolean) =>
  cn(
    "rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset",
    pressed ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50",
  );

/** The list's URL query without the page: what a saved view keeps and compares. */
function viewQuery(filters: VerificationFilters): string {
  const params = filtersToSearchParams({ ...filters, page: 1 });
  params.delete("limit");
  params.sort();
  return params.toString();
}

function sortedQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

export function QueueTabs({
  filters,
  setFilters,
  canAdminister,
  canShare,
}: {
  filters: VerificationFilters;
  setFilters: SetFilters;
  canAdminister: boolean;
  /** admins and analysts share views with the workspace; a viewer saves private ones only */
  canShare: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const views = useQuery(savedViewsQuery());
  const nameOf = usePersonName();
  const [saving, setSaving] = useState(false);
  const current = viewQuery(filters);
  const order: Array<Queue | undefined> = ["mine", "unassigned", undefined, "second"];

  const remove = useMutation({
    mutationFn: (view: { id: string; name: string }) =>
      bffSend<void>(`/bff/review/views/${encodeURIComponent(view.id)}`, { method: "DELETE" }),
    onSuccess: (_answer, removed) => {
      toast.show({ kind: "success", message: `Visão "${removed.name}" excluída.` });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.views });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });

  return (
    <div className="space-y-2">
      <div role="group" aria-label="Filas da equipe" data-testid="queue-tabs" className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-zinc-600">Filas da equipe:</span>
        {order.map((queue) => {
          const pressed = filters.queue === queue;
          return (
            <button
              key={queue ?? "all"}
              type="button"
              aria-pressed={pressed}
              data-testid={`queue-${queue ?? "all"}`}
              onClick={() => setFilters({ queue })}
              className={chipClass(pressed)}
            >
              {QUEUE_LABELS[queue ?? "all"]}
            </button>
          );
        })}
      </div>
      <div role="group" aria-label="Visões salvas" data-testid="saved-views" className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-zinc-600">Visões:</span>
        {(views.data?.views ?? []).map((view) => {
          const pressed = sortedQuery(view.query) === current;
          return (
            <span key={view.id} data-testid="saved-view" data-name={view.name} className="inline-flex items-center">
              <button
                type="button"
                aria-pressed={pressed}
                data-testid="saved-view-open"
                title={
                  view.shared ? `Compartilhada por ${view.mine ? "você" : nameOf({ id: view.authorId, email: view.author })}` : "Só sua"
                }
                onClick={() => {
                  const url = `${window.location.pathname}${view.query ? `?${view.query}` : ""}`;
                  window.history.pushState(null, "", url);
                }}
                className={chipClass(pressed)}
              >
                {view.name}
                {view.shared ? <span className="ml-1 opacity-75">· compartilhada</span> : null}
              </button>
              {view.mine || canAdminister ? (
                <button
                  type="button"
                  data-testid="saved-view-delete"
                  aria-label={`Excluir a visão ${view.name}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Excluir a visão "${view.name}"?`)) remove.mutate(view);
                  }}
                  className="ml-0.5 rounded-full p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
                >
                  <XIcon className="size-3" />
                </button>
              ) : null}
            </span>
          );
        })}
        {views.isError ? <span className="text-xs text-rose-700">Visões indisponíveis.</span> : null}
        <Button size="sm" variant="ghost" data-testid="save-view" onClick={() => setSaving(true)}>
          Salvar visão
        </Button>
      </div>
      <SaveViewDialog open={saving} onClose={() => setSaving(false)} query={current} canShare={canShare} />
    </div>
  );
}

function SaveViewDialog({ open, onClose, query, canShare }: { open: boolean; onClose: () => void; query: string; canShare: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const save = useMutation({
    mutationFn: () => bffSend<{ id: string }>("/bff/review/views", { method: "POST", body: { name, query, shared: canShare && shared } }),
    onSuccess: () => {
      toast.show({ kind: "success", message: `Visão "${name.trim()}" salva.` });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.views });
      setName("");
      setShared(false);
      onClose();
    },
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Salvar visão"
      description="Guarda a fila, os filtros e a ordem atuais."
      testId="save-view-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) save.mutate();
        }}
        className="space-y-3"
      >
        <div>
          <label htmlFor="view-name" className="mb-1 block text-xs font-medium text-zinc-600">
            Nome
          </label>
          <input
            id="view-name"
            data-testid="view-name"
            data-autofocus
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="h-9 w-full rounded-md px-2.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
        </div>
        {canShare ? (
          <label className="flex items-center gap-2 text-sm text-zinc-700">
            <input
              type="checkbox"
              data-testid="view-shared"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
              className="size-4 accent-brand-600"
            />
            Compartilhar com o workspace
          </label>
        ) : null}
        {save.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {save.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary" data-testid="view-save" disabled={save.isPending || !name.trim()}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function NextCaseButton({ next }: { next: NextCase }) {
  return (
    <Button
      variant="primary"
      data-testid="next-case"
      aria-keyshortcuts="t"
      disabled={next.isPending}
      onClick={() => next.mutate()}
      title="Pega o próximo caso desta fila (atalho: t)"
    >
      Próximo caso
      <kbd className="rounded bg-white/20 px-1 text-[10px]">t</kbd>
    </Button>
  );
}

export function exportHref(filters: VerificationFilters, ids: string[] = []): string {
  const params = filtersToSearchParams({ ...filters, page: 1 });
  params.delete("limit");
  params.delete("page");
  if (ids.length) params.set("ids", ids.join(","));
  const query = params.toString();
  return `/bff/review/cases/export${query ? `?${query}` : ""}`;
}

export function ExportLink({ filters, ids, testId }: { filters: VerificationFilters; ids?: string[]; testId: string }) {
  return (
    <FreshDownloadLink href={exportHref(filters, ids)} download data-testid={testId} className={buttonClass("secondary", "sm")}>
      Exportar CSV
      {ids?.length ? <span className="sr-only"> dos casos selecionados</span> : <span className="sr-only"> da lista filtrada</span>}
    </FreshDownloadLink>
  );
}

/** The outcome of the last bulk action: what was done ("3 casos atribuídos a Daniela Analista"), every failed case named, with why. */
export interface BulkOutcome {
  summary: string;
  failures: Array<{ id: string; name: string; message: string }>;
}

export function BulkBar({
  filters,
  selected,
  items,
  onClear,
  onDone,
}: {
  filters: VerificationFilters;
  selected: string[];
  items: VerificationSummary[];
  onClear: () => void;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const names = new Map(items.map((item) => [item.id, item.name ?? item.document]));

  const bulk = useMutation({
    mutationFn: (body: BulkBody) => {
      // `to` is for the result's words only
      const sent = body.action === "assign" ? { action: body.action, userId: body.userId } : body;
      return bffSend<BulkView>("/bff/review/cases/bulk", { method: "POST", body: { ...sent, ids: selected } });
    },
    onSuccess: (result, body) => {
      onDone({
        summary: bulkSummary(body, result),
        failures: result.results
          .filter((r) => !r.ok)
          .map((r) => ({ id: r.id, name: names.get(r.id) ?? r.id, message: r.error?.message ?? "não foi possível concluir" })),
      });
      setDeciding(false);
      setAssigning(false);
      void queryClient.invalidateQueries({ queryKey: ["verifications"] });
    },
  });

  return (
    <div
      role="region"
      aria-label="Ações da seleção"
      data-testid="bulk-bar"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 ring-1 ring-brand-200 ring-inset"
    >
      <span data-testid="bulk-count" className="text-sm font-medium text-zinc-900">
        {pluralize(selected.length, "caso selecionado", "casos selecionados")}
      </span>
      <Button size="sm" data-testid="bulk-assign" onClick={() => setAssigning(true)} disabled={bulk.isPending}>
        Atribuir
      </Button>
      <Button size="sm" data-testid="bulk-decide" onClick={() => setDeciding(true)} disabled={bulk.isPending}>
        Decidir
      </Button>
      <ExportLink filters={filters} ids={selected} testId="bulk-export" />
      <Button size="sm" variant="ghost" data-testid="bulk-clear" onClick={onClear}>
        Limpar seleção
      </Button>
      {bulk.isError ? (
        <p role="alert" className="w-full text-sm text-rose-700">
          {bulk.error.message}
        </p>
      ) : null}
      <BulkAssignDialog
        open={assigning}
        count={selected.length}
        pending={bulk.isPending}
        onClose={() => setAssigning(false)}
        onAssign={(userId, to) => bulk.mutate({ action: "assign", userId, to })}
      />
      <BulkDecideDialog
        open={deciding}
        count={selected.length}
        pending={bulk.isPending}
        error={bulk.isError ? bulk.error.message : null}
        onClose={() => setDeciding(false)}
        onSubmit={(decision) => bulk.mutate({ action: "decide", ...decision })}
      />
    </div>
  );
}

function BulkAssignDialog({
  open,
  count,
  pending,
  onClose,
  onAssign,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  /** `to`: who, as the result names them ("a Daniela Analista", "a você"). */
  onAssign: (userId: string | null, to: string) => void;
}) {
  const members = useQuery({ ...membersQuery(), enabled: open });
  const [target, setTarget] = useState("");
  const nameOf = (value: string) =>
    value === "me" ? "você" : (members.data?.members.find((m) => m.id === value)?.name ?? "o colega escolhido");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Atribuir ${pluralize(count, "caso", "casos")}`}
      description="Casos de outra pessoa só um admin reatribui; esses aparecem como falha no resultado."
      testId="bulk-assign-dialog"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (target) onAssign(target, nameOf(target));
        }}
      >
        <div>
          <label htmlFor="bulk-assignee" className="mb-1 block text-xs font-medium text-zinc-600">
            Responsável
          </label>
          <select
            id="bulk-assignee"
            data-testid="bulk-assignee"
            data-autofocus
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            className="h-9 w-full rounded-md px-2.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          >
            <option value="">{members.isPending ? "Carregando a equipe…" : "Escolha um colega"}</option>
            {(members.data?.members ?? []).map((member) => (
              <option key={member.id} value={member.me ? "me" : member.id} data-email={member.email} title={member.email}>
                {member.me ? `Você (${member.name})` : member.name}
              </option>
            ))}
          </select>
          {members.isError ? <p className="mt-1 text-xs text-rose-700">Equipe indisponível: use “Atribuir a mim”.</p> : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button data-testid="bulk-release" disabled={pending} onClick={() => onAssign(null, "")}>
            Liberar (sem responsável)
          </Button>
          <Button data-testid="bulk-assign-me" disabled={pending} onClick={() => onAssign("me", "você")}>
            Atribuir a mim
          </Button>
          <Button type="submit" variant="primary" data-testid="bulk-assign-submit" disabled={pending || !target}>
            Atribuir
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function BulkDecideDialog({
  open,
  count,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (decision: { status: Decision; reasons: string[]; comment: string }) => void;
}) {
  const settings = useQuery({ ...reviewSettingsQuery(), enabled: open });
  const [status, setStatus] = useState<Decision>("REPROVED");
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState("");
  useEffect(() => setReasons([]), [status]);
  const catalog = settings.data?.reasons[status] ?? [];
  const required = settings.data?.requireReason.includes(status) ?? false;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Decidir ${pluralize(count, "caso", "casos")}`}
      description="Cada caso é decidido por si, como se fosse um a um. Aprovar um caso com sinais de risco pede a página do caso."
      testId="bulk-decide-dialog"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ status, reasons, comment });
        }}
      >
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-zinc-600">Decisão</legend>
          <div className="flex flex-wrap gap-3">
            {DECISIONS.map((decision) => (
              <label key={decision} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="bulk-status"
                  value={decision}
                  data-testid={`bulk-status-${decision}`}
                  checked={status === decision}
                  onChange={() => setStatus(decision)}
                  className="accent-brand-600"
                  {...(decision === "REPROVED" ? { "data-autofocus": true } : {})}
                />
                {DECISION_ACTIONS[decision].verb}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-zinc-600">Motivos{required ? " (obrigatório)" : ""}</legend>
          {settings.isPending ? <p className="text-xs text-zinc-500">Carregando o catálogo…</p> : null}
          {settings.isError ? <p className="text-xs text-rose-700">Catálogo de motivos indisponível.</p> : null}
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {catalog.map((reason) => (
              <label key={reason} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  data-testid="bulk-reason"
                  value={reason}
                  checked={reasons.includes(reason)}
                  onChange={(event) => setReasons((all) => (event.target.checked ? [...all, reason] : all.filter((r) => r !== reason)))}
                  className="size-4 accent-brand-600"
                />
                {reason}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="bulk-comment" className="mb-1 block text-xs font-medium text-zinc-600">
            Comentário
          </label>
          <textarea
            id="bulk-comment"
            data-testid="bulk-comment"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className="w-full rounded-md px-2.5 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          <p className="mt-1 text-xs text-zinc-500">Ctrl+Enter envia.</p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-rose-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary" data-testid="bulk-decide-submit" disabled={pending || (required && reasons.length === 0)}>
            {DECISION_ACTIONS[status].verb} {pluralize(count, "caso", "casos")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function BulkResult({ outcome, onDismiss }: { outcome: BulkOutcome; onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="bulk-result"
      className={cn(
        "mb-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset",
        outcome.failures.length ? "bg-amber-50 ring-amber-300" : "bg-emerald-50 ring-emerald-300",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <p data-testid="bulk-result-summary" className="font-medium text-zinc-900">
          {outcome.summary}
        </p>
        <button type="button" onClick={onDismiss} aria-label="Fechar o resultado" className="rounded p-1 text-zinc-500 hover:bg-white/60">
          <XIcon className="size-3.5" />
        </button>
      </div>
      {outcome.failures.length ? (
        <ul className="mt-1 list-disc pl-5 text-zinc-800">
          {outcome.failures.map((failure) => (
            <li key={failure.id} data-testid="bulk-failure" data-id={failure.id}>
              <strong>{failure.name}</strong>: {failure.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
