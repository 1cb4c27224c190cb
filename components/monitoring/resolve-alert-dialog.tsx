"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MAX_ALERT_COMMENT, RESOLUTION_WORDING } from "@/lib/monitoring/wording";

/**
 * "Confirmar risco" / "Descartar": asks the comment the service records with the resolution (it
 * is required). The native dialog keeps the focus inside; the comment gets it on open, and the
 * browser gives it back to the button that opened the dialog when it closes.
 */
export function ResolveAlertDialog({
  resolution,
  busy,
  onCancel,
  onConfirm,
}: {
  resolution: "confirmed" | "dismissed" | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (resolution) {
      setComment("");
      setProblem(null);
    }
  }, [resolution]);
  const wording = RESOLUTION_WORDING[resolution ?? "dismissed"];
  return (
    <Dialog
      open={resolution !== null}
      onClose={onCancel}
      title={wording.title}
      description={wording.description}
      testId="alert-resolve-dialog"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!comment.trim()) {
            setProblem("Escreva um comentário: ele fica registrado com a resolução.");
            return;
          }
          onConfirm(comment.trim());
        }}
      >
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-800">
            Comentário
          </label>
          <textarea
            id={id}
            data-testid="alert-resolve-comment"
            data-autofocus
            className="min-h-20 w-full rounded-md px-3 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
            value={comment}
            maxLength={MAX_ALERT_COMMENT}
            aria-required="true"
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${id}-error`} data-testid="alert-resolve-comment-error" className="mt-1 text-xs text-rose-700">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel} data-testid="alert-resolve-cancel">
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={busy}
            data-testid="alert-resolve-confirm"
            className={resolution === "confirmed" ? "bg-rose-600 hover:bg-rose-700" : undefined}
          >
            {busy ? "Enviando…" : wording.action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
