"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MAX_REASON } from "@/lib/restrictive-list/entries";

/**
 * "Remover da lista restritiva?": asks the reason, recorded with the removal. The list's row
 * action and the case page's action use it; the reason starts empty each time it opens.
 */
export function RemoveEntryDialog({
  open,
  description,
  testId,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  description: ReactNode;
  testId: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  useEffect(() => {
    if (open) {
      setReason("");
      setProblem(null);
    }
  }, [open]);
  return (
    <Dialog open={open} onClose={onCancel} title="Remover da lista restritiva?" description={description} testId={testId}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setProblem("Informe o motivo da remoção.");
            return;
          }
          onConfirm(reason.trim());
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
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${reasonId}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${reasonId}-error`} data-testid="restrictive-remove-reason-error" className="mt-1 text-xs text-rose-700">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel} data-testid="restrictive-remove-cancel">
            Cancelar
          </Button>
          <Button type="submit" variant="primary" className="bg-rose-600 hover:bg-rose-700" data-testid="restrictive-remove-confirm">
            Remover
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
