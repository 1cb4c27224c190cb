"use client";

import { DECISION_ACTIONS, type DecisionView } from "@/lib/verifications/decisions";
import { Button } from "@/components/ui/button";

/**
 * After a decision, outside the triage mode: the page stays on the decided case and says so, with
 * the way on ("Próximo caso (n)": the case after this one in the list it was opened from, chosen
 * before the decision changed that list). Issue 28, item 4.
 */
export function DecisionRegistered({
  decision,
  name,
  hasNext,
  busy,
  onNext,
}: {
  decision: DecisionView;
  name: string;
  hasNext: boolean;
  busy: boolean;
  onNext: () => void;
}) {
  const done = DECISION_ACTIONS[decision.status].done;
  return (
    <div
      role="status"
      data-testid="decision-registered"
      data-status={decision.status}
      className="mt-3 space-y-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
    >
      <p>
        {decision.proposed ? (
          <>
            <strong>Decisão proposta</strong> para {name} ({done}): aguarda a 2ª revisão de outra pessoa.
          </>
        ) : (
          <>
            <strong>Decisão registrada</strong> para {name}: {done}.
          </>
        )}
      </p>
      {hasNext ? (
        <Button size="sm" variant="primary" onClick={onNext} disabled={busy} aria-keyshortcuts="n" data-testid="next-case">
          Próximo caso (<kbd className="font-sans">n</kbd>)
        </Button>
      ) : (
        <p className="text-xs text-emerald-900" data-testid="decision-registered-last">
          Não há próximo caso na lista de origem.
        </p>
      )}
    </div>
  );
}
