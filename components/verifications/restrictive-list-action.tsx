"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { AddEntryDialog } from "@/components/restrictive-list/add-entry-dialog";
import { RemoveEntryDialog } from "@/components/restrictive-list/remove-entry-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ShieldIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import { caseRestrictiveQuery, reviewKeys } from "@/lib/query/review-queries";
import type { NewRestrictiveEntry } from "@/lib/restrictive-list/entries";
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
  const shownAs = name ?? masked;
  const add = useCaseEntryMutation(id, "POST", `${shownAs} adicionado à lista restritiva.`, "Não foi possível adicionar:");
  const remove = useCaseEntryMutation(id, "DELETE", `${shownAs} removido da lista restritiva.`, "Não foi possível remover:");
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
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
          <Button size="sm" onClick={() => setConfirming(true)} disabled={busy} data-testid="restrictive-action-remove">
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
      <RemoveEntryDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={(reason) => {
          remove.mutate({ reason });
          setConfirming(false);
        }}
        testId="restrictive-case-remove-dialog"
        description={
          <>
            <span className="tabular font-mono text-zinc-800">{masked}</span> deixa de ser indicado nas verificações concluídas a partir de
            agora. Esta verificação mantém o resultado que já tem.
          </>
        }
      />
    </div>
  );
}
