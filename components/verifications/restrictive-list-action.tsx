"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { AddEntryDialog } from "@/components/restrictive-list/add-entry-dialog";
import { useAddRestrictiveEntry, useRemoveRestrictiveEntry } from "@/components/restrictive-list/use-restrictive-mutations";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShieldIcon } from "@/components/ui/icons";
import { normalizeDocument } from "@/lib/contract/documents";
import { restrictiveEntryQuery } from "@/lib/query/restrictive-list-queries";
import type { VerificationDetail } from "@/lib/verifications/view-models";

// The case page's restrictive-list action: "Adicionar à lista restritiva" for the case's document
// (reason and optional expiry; the document is fixed), or "Remover da lista restritiva" when it is
// listed already. Both change at once (optimistic) and announce the result in a toast. Hidden
// for roles without blacklist:write.

export function RestrictiveListAction({ detail }: { detail: VerificationDetail }) {
  const canWrite = useCan("blacklist:write");
  const document = detail.document ? normalizeDocument(detail.document.formatted) : null;
  if (!canWrite || !document) return null;
  return <Action nationalId={document.value} masked={detail.document?.masked ?? ""} name={detail.name} />;
}

function Action({ nationalId, masked, name }: { nationalId: string; masked: string; name: string | null }) {
  const lookup = useQuery(restrictiveEntryQuery(nationalId));
  const add = useAddRestrictiveEntry();
  const remove = useRemoveRestrictiveEntry();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const entry = lookup.data?.entry ?? null;
  const listed = entry !== null && !entry.expired;

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
          <Button size="sm" onClick={() => setConfirming(true)} disabled={entry.pending} data-testid="restrictive-action-remove">
            Remover da lista restritiva
          </Button>
        </>
      ) : (
        <Button size="sm" onClick={() => setAdding(true)} data-testid="restrictive-action-add">
          <ShieldIcon className="size-3.5" />
          Adicionar à lista restritiva
        </Button>
      )}
      <AddEntryDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={(values) => add.mutate(values)}
        fixedDocument={nationalId}
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
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)} data-autofocus data-testid="restrictive-remove-cancel">
            Cancelar
          </Button>
          <Button
            variant="primary"
            className="bg-rose-600 hover:bg-rose-700"
            data-testid="restrictive-remove-confirm"
            onClick={() => {
              if (entry) remove.mutate(entry);
              setConfirming(false);
            }}
          >
            Remover
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
