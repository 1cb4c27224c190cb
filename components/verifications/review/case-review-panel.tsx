"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Section } from "@/components/ui/section";
import { useToast } from "@/components/ui/toaster";
import { decisionKeys } from "@/lib/query/decision-queries";
import { bffSend } from "@/lib/query/bff-send";
import { reviewKeys } from "@/lib/query/review-queries";
import { verificationKeys } from "@/lib/query/verification-queries";
import type { CaseReviewView } from "@/lib/review/case-view";
import { joinFlags, riskFlagLabel } from "@/lib/review/labels";
import { DECISION_ACTIONS } from "@/lib/verifications/decisions";
import { DecisionBadge } from "../decision-badge";
import { PersonName, usePersonName, type PersonRef } from "@/components/review/person-name";
import { caseDisplayName } from "@/lib/verifications/case-name";
import type { VerificationDetail } from "@/lib/verifications/view-models";

// "Responsável" on the case page (team review): who has the case, "Atribuir a mim" / "Liberar",
// its risk flags, and a four-eyes proposal "Aguardando 2ª revisão" that another admin or analyst
// confirms or overturns with a comment (the proposer gets no button; the service refuses anyway).

/** What a toast names: the case (its display name) and the review state before the change. */
interface Done<T> {
  body: T;
  name: string;
  before: CaseReviewView | undefined;
  nameOf: (person: PersonRef) => string;
}

function useReviewMutation<T>(id: string, path: string, method: "PUT" | "POST", success: (done: Done<T>) => string) {
  const client = useQueryClient();
  const toast = useToast();
  const nameOf = usePersonName();
  return useMutation({
    mutationFn: (body: T) => bffSend<CaseReviewView>(`/bff/verifications/${encodeURIComponent(id)}/${path}`, { method, body }),
    onMutate: () => ({ before: client.getQueryData<CaseReviewView>(reviewKeys.case(id)) }),
    onSuccess: (view, body, context) => {
      client.setQueryData(reviewKeys.case(id), view);
      const name = caseDisplayName(client.getQueryData<VerificationDetail>(verificationKeys.detail(id)));
      toast.show({ kind: "success", message: success({ body, name, before: context?.before, nameOf }) });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
      void client.invalidateQueries({ queryKey: decisionKeys.history(id) });
      void client.invalidateQueries({ queryKey: verificationKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ["verifications", "list"] });
    },
  });
}

/** PUT assignee: "me" (optionally taking it over) or null (release). */
export function useAssign(id: string) {
  return useReviewMutation<{ assign: "me" | null; takeOver?: boolean }>(id, "assignee", "PUT", ({ body, name, before, nameOf }) => {
    if (body.assign === null) return `${name} liberado: o caso fica sem responsável.`;
    const previous = before?.review.assignee;
    if (body.takeOver && previous) return `Você assumiu ${name}, que estava com ${nameOf(previous)}.`;
    return `${name} atribuído a você.`;
  });
}

export function CaseReviewPanel({ id, view, canAct }: { id: string; view: CaseReviewView; canAct: boolean }) {
  const { review, me } = view;
  const assign = useAssign(id);
  const mine = review.assignee !== null && review.assignee.id === me;
  const someoneElse = review.assignee !== null && !mine;

  return (
    <Section anchor="responsavel" title="Responsável" testId="case-review-panel">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-zinc-800" data-testid="case-assignee" data-assignee={review.assignee?.id ?? ""}>
            {review.assignee ? (
              <>
                <span className="font-medium">
                  <PersonName person={review.assignee} me={mine} testId="case-assignee-name" />
                </span>
                {review.assignedAt ? (
                  <span className="text-xs text-zinc-600">
                    {" "}
                    · desde <RelativeTime value={review.assignedAt} />
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-zinc-600">Ninguém</span>
            )}
          </p>
          {canAct ? (
            <div className="flex gap-2">
              {review.assignee === null ? (
                <Button size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ assign: "me" })} data-testid="assign-me">
                  Atribuir a mim
                </Button>
              ) : null}
              {mine ? (
                <Button size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ assign: null })} data-testid="assign-release">
                  Liberar
                </Button>
              ) : null}
              {someoneElse ? (
                <Button
                  size="sm"
                  disabled={assign.isPending}
                  onClick={() => assign.mutate({ assign: "me", takeOver: true })}
                  data-testid="assign-take-over"
                >
                  Assumir o caso
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        {review.namedQueue ? (
          // the named queue a routing rule sent the case to (docs/routing.md): a link to the list of that queue
          <p className="text-sm text-zinc-800" data-testid="case-named-queue">
            Fila{" "}
            <Link
              href={`/verifications?namedQueue=${encodeURIComponent(review.namedQueue.name)}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {review.namedQueue.name}
            </Link>
            <span className="text-xs text-zinc-600">
              {" "}
              · pela distribuição <RelativeTime value={review.namedQueue.routedAt} />
            </span>
          </p>
        ) : null}
        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Sinais de risco</h3>
          {review.flags.length === 0 ? (
            <p className="text-sm text-zinc-600" data-testid="case-flags-none">
              Nenhum sinal de risco.
            </p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" data-testid="case-flags">
              {review.flags.map((flag) => (
                <li key={flag} data-flag={flag}>
                  <Badge tone="danger">{riskFlagLabel(flag)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        {review.proposal ? <SecondReview id={id} view={view} canAct={canAct} /> : null}
      </div>
    </Section>
  );
}

function SecondReview({ id, view, canAct }: { id: string; view: CaseReviewView; canAct: boolean }) {
  const proposal = view.review.proposal!;
  const ids = useId();
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const second = useReviewMutation<{ confirm: boolean; comment: string; acknowledgedFlags?: string[] }>(
    id,
    "second-review",
    "POST",
    ({ body, name }) =>
      body.confirm
        ? `${name}: decisão confirmada na 2ª revisão (${DECISION_ACTIONS[proposal.status].done}).`
        : `${name}: decisão proposta recusada, o caso volta a aguardar decisão.`,
  );
  const proposer = proposal.proposedBy.id === view.me;
  const flaggedApproval = proposal.status === "APPROVED" && view.review.flags.length > 0;

  const send = (confirm: boolean) => {
    if (!comment.trim()) {
      setProblem("Escreva um comentário para confirmar ou recusar a decisão.");
      return;
    }
    setProblem(null);
    second.mutate({ confirm, comment: comment.trim(), ...(confirm && flaggedApproval ? { acknowledgedFlags: view.review.flags } : {}) });
  };

  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="second-review">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="warning" data-testid="awaiting-second-review">
          Aguardando 2ª revisão
        </Badge>
        <DecisionBadge decision={proposal.status} testId="proposal-status" />
      </div>
      <p className="mt-2 text-sm text-zinc-800">
        Proposta por{" "}
        <span className="font-medium" data-testid="proposal-author">
          {proposer ? "você" : <PersonName person={proposal.proposedBy} />}
        </span>{" "}
        <RelativeTime value={proposal.createdAt} className="text-zinc-600" />.
      </p>
      {proposal.reasons.length ? <p className="mt-1 text-xs text-zinc-700">Motivos: {proposal.reasons.join(", ")}</p> : null}
      {proposal.comment ? <p className="mt-1 text-sm whitespace-pre-wrap text-zinc-800">{proposal.comment}</p> : null}
      {proposer ? (
        <p className="mt-2 text-xs text-zinc-700" data-testid="second-review-own">
          Outra pessoa (administrador ou analista) precisa confirmar ou recusar esta decisão.
        </p>
      ) : canAct ? (
        <form
          noValidate
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            send(true);
          }}
        >
          {flaggedApproval ? (
            <p className="text-xs text-amber-950" data-testid="second-review-flags">
              Ao confirmar, você também reconhece os sinais de risco: {joinFlags(view.review.flags)}.
            </p>
          ) : null}
          <label htmlFor={`${ids}-comment`} className="block text-xs font-medium text-zinc-700">
            Comentário da 2ª revisão (obrigatório)
          </label>
          <textarea
            id={`${ids}-comment`}
            data-testid="second-review-comment"
            rows={3}
            maxLength={2000}
            value={comment}
            aria-required="true"
            aria-describedby={problem ? `${ids}-problem` : undefined}
            onChange={(event) => {
              setComment(event.target.value);
              setProblem(null);
            }}
            className="w-full rounded-md bg-white px-2.5 py-1.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
          />
          {problem ? (
            <p id={`${ids}-problem`} role="alert" className="text-xs text-rose-700" data-testid="second-review-problem">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" disabled={second.isPending} onClick={() => send(false)} data-testid="second-review-overturn">
              Recusar decisão
            </Button>
            <Button size="sm" type="submit" variant="primary" disabled={second.isPending} data-testid="second-review-confirm">
              Confirmar: {DECISION_ACTIONS[proposal.status].verb}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
