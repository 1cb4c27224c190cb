"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { useTeamReview } from "@/components/review/team-review-context";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { caseReviewQuery } from "@/lib/query/review-queries";
import { DECISION_ACTIONS, DECISIONS, type Decision, type DecisionView } from "@/lib/verifications/decisions";
import { isTyping } from "@/lib/utils/is-typing";
import { DecisionDialog, type DecisionRules } from "../decision/decision-dialog";
import { useAssign } from "../review/case-review-panel";
import { DecisionPanel } from "../decision/decision-panel";
import { useDecide } from "../decision/use-decide";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { useNextCase } from "../use-next-case";
import { useOpenCase } from "../use-open-case";
import { LAST_LIST_URL_KEY } from "../use-verification-filters";
import { useNeighbours } from "./use-neighbours";
import { decisionWording } from "@/lib/review/decision-wording";
import { PersonName, usePersonName } from "@/components/review/person-name";
import { DecisionRegistered } from "./decision-registered";
import { rememberMove, useTriageMode } from "./triage-mode";

const KEY_TO_DECISION = Object.fromEntries(DECISIONS.map((d) => [DECISION_ACTIONS[d].key, d])) as Record<string, Decision>;

/**
 * The case page's triage: the decision panel, its confirmation dialog, and the keyboard
 * (a/r/e/d decide after confirmation, n/p move through the list the analyst came from, ? lists
 * the shortcuts). After a decision the page stays on the case and says so, with "Próximo caso
 * (n)"; in the triage mode (the analyst's choice, kept in this browser) the next case of that list
 * opens, and its page names the case decided (issue 28, item 4).
 *
 * With team review the dialog takes the workspace's reasons and the case's risk flags, a case
 * assigned to someone else is taken over (asked first, recorded) before the dialog opens, and a
 * case awaiting its second review cannot be decided.
 */
export function CaseTriage({ id, name, decidable }: { id: string; name: string; decidable: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const canDecide = useCan("decide");
  const neighbours = useNeighbours(id);
  // the next case opens in a transition: this one stays until it arrives (no loading state)
  const { open, pending: opening } = useOpenCase();
  const [dialog, setDialog] = useState<Decision | null>(null);
  const [takeOver, setTakeOver] = useState<Decision | null>(null);
  const team = useTeamReview();
  const review = useQuery({ ...caseReviewQuery(id), enabled: team !== null });
  const assign = useAssign(id);
  const view = review.data ?? null;
  // with team review the dialog needs the workspace's catalog and the case's flags: wait for them
  const reviewPending = team !== null && review.isPending;
  const rules: DecisionRules | null = view ? { reasons: view.reasons, requireReason: view.requireReason, flags: view.review.flags } : null;
  const awaitingSecondReview = Boolean(view?.review.awaitingSecondReview);
  const heldBy = view?.review.assignee && view.review.assignee.id !== view.me ? view.review.assignee : null;
  const personName = usePersonName();
  // a decision asked for a case someone else holds: take it over first (recorded), then decide
  const askDecision = (decision: Decision) => {
    if (heldBy) setTakeOver(decision);
    else setDialog(decision);
  };
  const [help, setHelp] = useState(false);
  // "Próximo caso" from a case: the next case of the queue it was opened from (t)
  const canTake = Boolean(team?.canAct);
  const takeNext = useNextCase(originQuery);
  const nextAfterDecision = useRef<Promise<string | null> | null>(null);
  const [triageMode, setTriageMode] = useTriageMode();
  // the decision just recorded and the case after this one (outside the triage mode the page stays)
  const [after, setAfter] = useState<{ decision: DecisionView; next: string | null } | null>(null);

  const decide = useDecide(id, {
    onDecided: async (decision) => {
      setDialog(null);
      const next = await (nextAfterDecision.current ?? neighbours.resolve(1));
      if (triageMode && next) {
        rememberMove({ from: { id, name, decision: DECISION_ACTIONS[decision.status].done }, to: next });
        open(next);
        return;
      }
      setAfter({ decision, next });
      if (triageMode && !next)
        toast.show({
          kind: "success",
          message: neighbours.inList
            ? "Modo triagem: fim da lista, não há próximo caso."
            : "Modo triagem: este caso não está mais na lista de origem; abra a lista para continuar.",
        });
    },
  });

  // Warm the neighbours so moving (or deciding) paints the next case at once.
  useEffect(() => {
    // both in full (their server-rendered pages with the cases' data), so the decision's
    // navigation, n and p paint them without a round trip: the case page has no loading state
    if (neighbours.nextId) router.prefetch(`/verifications/${neighbours.nextId}`, { kind: FULL_PREFETCH });
    if (neighbours.previousId) router.prefetch(`/verifications/${neighbours.previousId}`, { kind: FULL_PREFETCH });
  }, [neighbours.nextId, neighbours.previousId, router]);

  const move = async (delta: 1 | -1) => {
    // after a decision, the next case chosen before it (a "Sem decisão" list has lost this one)
    const target = delta === 1 && after?.next ? after.next : await neighbours.resolve(delta);
    if (target) open(target);
    else
      toast.show({
        kind: "success",
        message: !neighbours.inList
          ? "Este caso não está na lista de origem."
          : delta === 1
            ? "Este é o último caso da lista."
            : "Este é o primeiro caso da lista.",
      });
  };

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || dialog || help || takeOver) return;
      if (document.querySelector("dialog[open]")) return;
      if (event.key === "?") {
        event.preventDefault();
        setHelp(true);
      } else if (event.key === "n" || event.key === "p") {
        event.preventDefault();
        void move(event.key === "n" ? 1 : -1);
      } else if (event.key === "t" && canTake && !takeNext.isPending) {
        event.preventDefault();
        takeNext.mutate();
      } else if (KEY_TO_DECISION[event.key] && canDecide && decidable && !awaitingSecondReview && !reviewPending && !decide.isPending) {
        event.preventDefault();
        askDecision(KEY_TO_DECISION[event.key]);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  });

  // Says when the shortcuts listen: the server-rendered buttons show before hydration, and so
  // before their keys work. Tests wait for it.
  // With team review they listen once the case's review state (catalog, flags, assignee) is in.
  useEffect(() => {
    if (reviewPending) return;
    document.documentElement.dataset.triage = id;
    return () => {
      if (document.documentElement.dataset.triage === id) delete document.documentElement.dataset.triage;
    };
  }, [id, reviewPending]);

  return (
    <>
      <DecisionPanel
        id={id}
        canDecide={canDecide && decidable && !awaitingSecondReview}
        busy={decide.isPending || assign.isPending || reviewPending}
        flagged={(view?.review.flags.length ?? 0) > 0}
        {...decisionWording({
          canDecide,
          admin: Boolean(team?.canAdminister),
          decidable,
          awaitingSecondReview,
          proposer: Boolean(view?.review.proposal && view.review.proposal.proposedBy.id === view.me),
          heldBy: heldBy ? personName(heldBy) : null,
        })}
        onDecide={askDecision}
      />
      {after ? (
        <DecisionRegistered
          decision={after.decision}
          name={name}
          hasNext={after.next !== null}
          busy={opening}
          onNext={() => void move(1)}
        />
      ) : null}
      {canDecide && decidable ? (
        <label className="mt-2 flex items-start gap-2 text-xs text-zinc-700">
          <input
            type="checkbox"
            data-testid="triage-mode"
            checked={triageMode}
            onChange={(event) => setTriageMode(event.target.checked)}
            className="size-4 shrink-0 accent-brand-600"
          />
          <span>Modo triagem: abrir o próximo caso da lista após decidir</span>
        </label>
      ) : null}
      {neighbours.position && neighbours.total ? (
        <p className="mt-2 text-right text-xs text-zinc-600" data-testid="triage-position">
          Caso {neighbours.position} de {neighbours.total} da lista · <kbd className="rounded border border-zinc-300 px-1">p</kbd> anterior
          · <kbd className="rounded border border-zinc-300 px-1">n</kbd> próximo
          {opening ? <Spinner className="ml-1.5 inline size-3 align-[-2px] text-brand-600" label="Abrindo o caso…" /> : null}
        </p>
      ) : null}
      <DecisionDialog
        open={dialog !== null}
        initial={dialog ?? "APPROVED"}
        busy={decide.isPending}
        rules={rules}
        onClose={() => setDialog(null)}
        onConfirm={(input) => {
          // Decide where to go before the list changes under the decision (a queue filtered by
          // "Sem decisão" loses this case once decided).
          nextAfterDecision.current = neighbours.resolve(1);
          decide.mutate(input);
        }}
      />
      <Dialog
        open={takeOver !== null}
        onClose={() => setTakeOver(null)}
        title="Assumir este caso?"
        description={
          <>
            Este caso está atribuído a{" "}
            <span className="font-medium text-zinc-800">{heldBy ? <PersonName person={heldBy} /> : "outra pessoa"}</span>. Para decidir,
            você assume o caso; a troca fica registrada na linha do tempo.
          </>
        }
        testId="take-over-dialog"
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setTakeOver(null)}>Cancelar</Button>
          <Button
            variant="primary"
            data-autofocus
            data-testid="take-over-confirm"
            disabled={assign.isPending}
            onClick={() => {
              const decision = takeOver;
              assign.mutate(
                { assign: "me", takeOver: true },
                {
                  onSuccess: () => {
                    setTakeOver(null);
                    setDialog(decision);
                  },
                },
              );
            }}
          >
            Assumir e decidir
          </Button>
        </div>
      </Dialog>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} canTake={canTake} />
    </>
  );
}

// Next's PrefetchKind.FULL ("full"), whose enum lives in an internal module
const FULL_PREFETCH = "full" as Parameters<ReturnType<typeof useRouter>["prefetch"]>[1] extends infer O
  ? O extends { kind: infer K }
    ? K
    : never
  : never;

/** The query of the list the case was opened from (kept by the list page), or none: the default queue. */
function originQuery(): string {
  const url = sessionStorage.getItem(LAST_LIST_URL_KEY);
  return url?.startsWith("/verifications") ? new URL(url, window.location.origin).search.replace(/^\?/, "") : "";
}
