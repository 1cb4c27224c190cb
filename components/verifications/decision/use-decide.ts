"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toaster";
import { decisionKeys } from "@/lib/query/decision-queries";
import { bffSend } from "@/lib/query/bff-send";
import { verificationKeys } from "@/lib/query/verification-queries";
import { DECISION_ACTIONS, type Decision, type DecisionView } from "@/lib/verifications/decisions";
import type { VerificationDetail } from "@/lib/verifications/view-models";
import type { RiskFlag } from "@/lib/contract/review";
import { reviewKeys } from "@/lib/query/review-queries";
import { caseDisplayName } from "@/lib/verifications/case-name";

export interface DecideInput {
  status: Decision;
  comment?: string;
  reasons?: string[];
  /** The case's risk flags, acknowledged by approving it anyway (the service requires exactly them). */
  acknowledgedFlags?: RiskFlag[];
}

/**
 * Records a decision: the history and the header change at once (optimistic), and go back to
 * what they were if the service refuses; a toast says which.
 */
export function useDecide(id: string, options: { onDecided?: (decision: DecisionView) => void } = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: DecideInput) =>
      bffSend<DecisionView>(`/bff/verifications/${encodeURIComponent(id)}/feedbacks`, { method: "POST", body: input }),
    onMutate: async (input) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: decisionKeys.history(id) }),
        queryClient.cancelQueries({ queryKey: verificationKeys.detail(id) }),
      ]);
      const history = queryClient.getQueryData<{ items: DecisionView[] }>(decisionKeys.history(id));
      const detail = queryClient.getQueryData<VerificationDetail>(verificationKeys.detail(id));
      const optimistic: DecisionView = {
        id: `pending-${Date.now()}`,
        status: input.status,
        comment: input.comment ?? null,
        reasons: input.reasons ?? [],
        author: "Você",
        authorId: null,
        authorEmail: null,
        mine: true,
        createdAt: new Date().toISOString(),
        pending: true,
      };
      queryClient.setQueryData(decisionKeys.history(id), { items: [optimistic, ...(history?.items ?? [])] });
      if (detail) queryClient.setQueryData(verificationKeys.detail(id), { ...detail, decision: input.status });
      return { history, detail };
    },
    onError: (error, _input, context) => {
      if (context?.history) queryClient.setQueryData(decisionKeys.history(id), context.history);
      else queryClient.removeQueries({ queryKey: decisionKeys.history(id) });
      if (context?.detail) queryClient.setQueryData(verificationKeys.detail(id), context.detail);
      toast.show({ kind: "error", message: `Decisão não registrada. ${error.message}` });
    },
    onSuccess: (decision, _input, context) => {
      if (decision.proposed) {
        // four-eyes: a proposal is not a decision; the history and the header keep the last effective one
        if (context?.history) queryClient.setQueryData(decisionKeys.history(id), context.history);
        else queryClient.setQueryData(decisionKeys.history(id), { items: [] });
        if (context?.detail) queryClient.setQueryData(verificationKeys.detail(id), context.detail);
        toast.show({
          kind: "success",
          message: `${caseDisplayName(context?.detail)}: decisão proposta (${DECISION_ACTIONS[decision.status].done}), aguardando 2ª revisão.`,
        });
      } else {
        queryClient.setQueryData<{ items: DecisionView[] }>(decisionKeys.history(id), (current) => ({
          items: [decision, ...(current?.items ?? []).filter((item) => !item.pending)],
        }));
        toast.show({
          kind: "success",
          message: `${caseDisplayName(context?.detail)}: decisão registrada (${DECISION_ACTIONS[decision.status].done}).`,
        });
      }
      options.onDecided?.(decision);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: decisionKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.case(id) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
      void queryClient.invalidateQueries({ queryKey: ["verifications", "list"] });
      void queryClient.invalidateQueries({ queryKey: ["overview"] });
    },
  });
}
