"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DECISION_ACTIONS, DECISION_REASONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import type { DecideInput } from "./use-decide";

/** Confirms a decision; Enter accepts (the confirm button has focus), Escape cancels. */
export function DecisionDialog({
  initial,
  open,
  busy,
  onConfirm,
  onClose,
}: {
  initial: Decision;
  open: boolean;
  busy: boolean;
  onConfirm: (input: DecideInput) => void;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<Decision>(initial);
  const [comment, setComment] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  useEffect(() => {
    if (open) {
      setStatus(initial);
      setComment("");
      setReasons([]);
    }
  }, [open, initial]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Confirmar: ${DECISION_ACTIONS[status].verb}`}
      description="Enter confirma · Esc cancela"
      testId="decision-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm({ status, comment: comment.trim() || undefined, reasons: reasons.length ? reasons : undefined });
        }}
        className="space-y-4"
      >
        <fieldset>
          <legend className="mb-1.5 text-xs font-medium text-zinc-600">Decisão</legend>
          <div className="flex flex-wrap gap-2">
            {DECISIONS.map((decision) => (
              <label
                key={decision}
                className="flex items-center gap-1.5 rounded-md px-2.5 py-1 text-sm ring-1 ring-zinc-300 ring-inset has-checked:bg-brand-50 has-checked:ring-brand-500"
              >
                <input
                  type="radio"
                  name="decision"
                  value={decision}
                  checked={status === decision}
                  onChange={() => setStatus(decision)}
                  className="accent-brand-600"
                />
                {DECISION_ACTIONS[decision].verb}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-xs font-medium text-zinc-600">Motivos (opcional)</legend>
          <div className="flex flex-wrap gap-1.5">
            {DECISION_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs ring-1 ring-zinc-300 ring-inset has-checked:bg-zinc-900 has-checked:text-white has-checked:ring-zinc-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={reasons.includes(reason)}
                  onChange={(event) => setReasons((all) => (event.target.checked ? [...all, reason] : all.filter((r) => r !== reason)))}
                />
                {reason}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="decision-comment" className="mb-1.5 block text-xs font-medium text-zinc-600">
            Comentário (opcional)
          </label>
          <textarea
            id="decision-comment"
            data-testid="decision-comment"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            onKeyDown={(event) => {
              // Enter confirms from the comment too; Shift+Enter starts a new line.
              if (event.key === "Enter" && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className="w-full rounded-md px-2.5 py-1.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary" data-autofocus disabled={busy} data-testid="decision-confirm">
            {DECISION_ACTIONS[status].verb}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
