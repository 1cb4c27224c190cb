"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { AddEntryDialog } from "@/components/restrictive-list/add-entry-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShieldIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import { caseRestrictiveQuery, reviewKeys } from "@/lib/query/review-queries";
import { MAX_REASON, type NewRestrictiveEntry } from "@/lib/restrictive-list/entries";
import type { MaskedRestrictiveEntryView } from "@/lib/review/restrictive-view";
import type { VerificationDetail } from "@/lib/verifications/view-models";

// The case page's restrictive-list action: "Adicionar à lista restritiva" for the case's document
// (reason and optional expiry; the document is fixed), or "Remover da lista restritiva" (with a
// reason, recorded) when it is listed already. The browser never holds the full document: the
// BFF acts on the case's own (/bff/verifications/:id/restrictive-entry). Hidden for roles without
// blacklist:write.

export function RestrictiveListAction({ detail }: { detail: VerificationDetail }) {
  const canWrite = useCan("blacklist:write");
  if (!canWrite || !detail.document) return null;
  return <Action id={detail.id} masked={detail.document.masked} name={detail.name} />;
}

type EntryAnswer = { entry: MaskedRestrictiveEntryView | null };

function useCaseEntryMutation(id: string, method: "POST" | "DELETE", success: string, failure: string) {
  const client = useQueryClient();
  const toast = useToast();
  const key = reviewKeys.restrictive(id);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      bffSend<MaskedRestrictiveEntryView | EntryAnswer>(`/bff/verifications/${encodeURIComponent(id)}/restrictive-entry`, { method, body }),
    onSuccess: (answer) => {
      client.setQueryData<EntryAnswer>(key, "entry" in answer ? { entry: answer.entry } : { entry: answer as MaskedRestrictiveEntryView });
      toast.show({ kind: "success", message: success });
    },
    onError: (error) => toast.show({ kind: "error", message: `${failure} ${error.message}` }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: restrictiveKeys.all });
      void client.invalidateQueries({ queryKey: reviewKeys.case(id) });
      void client.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
    },
  });
}

function Action({ id, masked, name }: { id: string; masked: string; name: string | null }) {
  const lookup = useQuery(caseRestrictiveQuery(id));
  const add = useCaseEntryMutation(id, "POST", "Documento adicionado à lista restritiva.", "Não foi possível adicionar:");
  const remove = useCaseEntryMutation(id, "DELETE", "Documento removido da lista restritiva.", "Não foi possível remover:");
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();
  const entry = lookup.data?.entry ?? null;
  const listed = entry !== null && !entry.expired;
  const busy = add.isPending || remove.isPending;

  if (lookup.isPending)
    return (
      <Button size="sm" disabled data-testid="restrictive-action-loading" aria-busy="true">
        Lista restritiva…
      </Button>
    );
  if (lookup.isError)
    return (
      <Button size="sm" onClick={() => void lookup.refetch()} data-testid="restrictive-action-retry" title={lookup.error.message}>
        Lista restritiva indisponível. Tentar novamente
      </Button>
    );

  return (
    <div className="flex flex-col items-end gap-1.5" data-testid="restrictive-action" data-listed={listed ? "true" : "false"}>
      {listed ? (
        <>
          <Badge tone="danger" data-testid="restrictive-action-listed">
            <ShieldIcon className="mr-1 size-3" />
            Na lista restritiva
          </Badge>
          <Button
            size="sm"
            onClick={() => {
              setReason("");
              setReasonError(null);
              setConfirming(true);
            }}
            disabled={busy}
            data-testid="restrictive-action-remove"
          >
            Remover da lista restritiva
          </Button>
        </>
      ) : (
        <Button size="sm" onClick={() => setAdding(true)} disabled={busy} data-testid="restrictive-action-add">
          <ShieldIcon className="size-3.5" />
          Adicionar à lista restritiva
        </Button>
      )}
      <AddEntryDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={(values: NewRestrictiveEntry) =>
          add.mutate({ reason: values.reason, ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}), ...(name ? { name } : {}) })
        }
        fixedDocument={masked}
        fixedName={name}
        testId="restrictive-case-add-dialog"
      />
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Remover da lista restritiva?"
        description={
          <>
            <span className="tabular font-mono text-zinc-800">{masked}</span> deixa de ser indicado nas verificações concluídas a partir de
            agora. Esta verificação mantém o resultado que já tem.
          </>
        }
        testId="restrictive-case-remove-dialog"
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) {
              setReasonError("Informe o motivo da remoção.");
              return;
            }
            remove.mutate({ reason: reason.trim() });
            setConfirming(false);
          }}
        >
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-zinc-800">
              Motivo da remoção
            </label>
            <textarea
              id={reasonId}
              data-testid="restrictive-remove-reason"
              data-autofocus
              className="min-h-16 w-full rounded-md px-3 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
              value={reason}
              maxLength={MAX_REASON}
              aria-required="true"
              aria-invalid={Boolean(reasonError)}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} data-testid="restrictive-remove-reason-error" className="mt-1 text-xs text-rose-700">
                {reasonError}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setConfirming(false)} data-testid="restrictive-remove-cancel">
              Cancelar
            </Button>
            <Button type="submit" variant="primary" className="bg-rose-600 hover:bg-rose-700" data-testid="restrictive-remove-confirm">
              Remover
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
