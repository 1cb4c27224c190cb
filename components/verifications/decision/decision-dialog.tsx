"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { RiskFlag } from "@/lib/contract/review";
import { joinFlags, riskFlagLabel } from "@/lib/review/labels";
import { DECISION_ACTIONS, DECISION_REASONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import type { DecideInput } from "./use-decide";

/** The workspace's reason catalog and rules (team review), or null for the console's own reasons. */
export interface DecisionRules {
  reasons: Record<Decision, string[]>;
  requireReason: Decision[];
  /** The case's risk flags: approving them needs an explicit acknowledgement and a comment. */
  flags: RiskFlag[];
}

/**
 * Confirms a decision. The confirm button has focus, so Enter accepts a decision taken with its
 * key (a, r, e, d); in the comment Enter makes a new line and Ctrl/Cmd+Enter sends. Escape
 * cancels. With team review the reasons are the workspace's catalog, required ones are checked
 * here (a pt-BR message names what is missing), and approving a case with risk flags names them
 * and requires a comment; the service checks both again.
 */
export function DecisionDialog({
  initial,
  open,
  busy,
  rules,
  onConfirm,
  onClose,
}: {
  initial: Decision;
  open: boolean;
  busy: boolean;
  rules?: DecisionRules | null;
  onConfirm: (input: DecideInput) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [status, setStatus] = useState<Decision>(initial);
  const [comment, setComment] = useState("");
  const [reasons, setReasons] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) {
      setStatus(initial);
      setComment("");
      setReasons([]);
      setProblem(null);
    }
  }, [open, initial]);

  const catalog: readonly string[] = rules ? rules.reasons[status] : DECISION_REASONS;
  const reasonRequired = Boolean(rules?.requireReason.includes(status));
  const flaggedApproval = status === "APPROVED" && (rules?.flags.length ?? 0) > 0;
  const commentRequired = flaggedApproval;

  function submit() {
    const chosen = reasons.filter((reason) => catalog.includes(reason));
    if (reasonRequired && chosen.length === 0) {
      setProblem(`Escolha ao menos um motivo: o workspace exige motivo para "${DECISION_ACTIONS[status].verb}".`);
      return;
    }
    if (commentRequired && !comment.trim()) {
      setProblem(`Escreva um comentário: aprovar um caso com sinais de risco (${joinFlags(rules?.flags ?? [])}) exige justificativa.`);
      commentRef.current?.focus();
      return;
    }
    setProblem(null);
    onConfirm({
      status,
      comment: comment.trim() || undefined,
      reasons: chosen.length ? chosen : undefined,
      acknowledgedFlags: flaggedApproval ? rules?.flags : undefined,
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={flaggedApproval ? "Aprovar um caso com sinais de risco?" : `Confirmar: ${DECISION_ACTIONS[status].verb}`}
      description="Enter confirma · no comentário, Enter faz nova linha e Ctrl+Enter confirma · Esc cancela"
      testId="decision-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
                  onChange={() => {
                    setStatus(decision);
                    setProblem(null);
                  }}
                  className="accent-brand-600"
                />
                {DECISION_ACTIONS[decision].verb}
              </label>
            ))}
          </div>
        </fieldset>
        {flaggedApproval ? (
          <div
            data-testid="decision-flags-warning"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            <p className="font-medium">Este caso tem sinais de risco. Ao aprovar, você declara que os analisou:</p>
            <ul className="mt-1 list-disc pl-5" data-testid="decision-flags">
              {(rules?.flags ?? []).map((flag) => (
                <li key={flag} data-flag={flag}>
                  {riskFlagLabel(flag)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {catalog.length ? (
          <fieldset>
            <legend className="mb-1.5 text-xs font-medium text-zinc-600">
              Motivos {reasonRequired ? <span className="text-rose-700">(obrigatório)</span> : "(opcional)"}
            </legend>
            <div className="flex flex-wrap gap-1.5" data-testid="decision-reasons">
              {catalog.map((reason) => (
                <label
                  key={reason}
                  className="flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs ring-1 ring-zinc-300 ring-inset has-checked:bg-zinc-900 has-checked:text-white has-checked:ring-zinc-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={reasons.includes(reason)}
                    onChange={(event) => {
                      setProblem(null);
                      setReasons((all) => (event.target.checked ? [...all, reason] : all.filter((r) => r !== reason)));
                    }}
                  />
                  {reason}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div>
          <label htmlFor={`${ids}-comment`} className="mb-1.5 block text-xs font-medium text-zinc-600">
            Comentário {commentRequired ? <span className="text-rose-700">(obrigatório)</span> : "(opcional)"}
          </label>
          <textarea
            id={`${ids}-comment`}
            ref={commentRef}
            data-testid="decision-comment"
            rows={4}
            maxLength={2000}
            value={comment}
            aria-required={commentRequired}
            aria-describedby={problem ? `${ids}-problem` : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter makes a new line (the default); Ctrl/Cmd+Enter sends.
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className="w-full rounded-md px-2.5 py-1.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
          />
        </div>
        {problem ? (
          <p id={`${ids}-problem`} role="alert" data-testid="decision-problem" className="text-sm text-rose-700">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary" data-autofocus disabled={busy} data-testid="decision-confirm">
            {flaggedApproval ? "Aprovar mesmo assim" : DECISION_ACTIONS[status].verb}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
