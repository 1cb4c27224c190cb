"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useCan } from "@/components/auth/role-context";
import { useToast } from "@/components/ui/toaster";
import { DECISION_ACTIONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import { isTyping } from "@/lib/utils/is-typing";
import { DecisionDialog } from "../decision/decision-dialog";
import { DecisionPanel } from "../decision/decision-panel";
import { useDecide } from "../decision/use-decide";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { useNeighbours } from "./use-neighbours";

const KEY_TO_DECISION = Object.fromEntries(DECISIONS.map((d) => [DECISION_ACTIONS[d].key, d])) as Record<string, Decision>;

/**
 * The case page's triage: the decision panel, its confirmation dialog, and the keyboard
 * (a/r/e/d decide after confirmation, n/p move through the list the analyst came from, ? lists
 * the shortcuts). After a decision the next case of that list opens.
 */
export function CaseTriage({ id, decidable }: { id: string; decidable: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const canDecide = useCan("decide");
  const neighbours = useNeighbours(id);
  const [dialog, setDialog] = useState<Decision | null>(null);
  const [help, setHelp] = useState(false);
  const nextAfterDecision = useRef<Promise<string | null> | null>(null);

  const decide = useDecide(id, {
    onDecided: async () => {
      setDialog(null);
      const next = await (nextAfterDecision.current ?? neighbours.resolve(1));
      if (next) router.push(`/verifications/${next}`);
      else
        toast.show({
          kind: "success",
          message: neighbours.inList
            ? "Fim da lista: não há próximo caso."
            : "Decisão registrada. Abra a lista para escolher o próximo caso.",
        });
    },
  });

  // Warm the neighbours so moving (or deciding) paints the next case at once.
  useEffect(() => {
    for (const other of [neighbours.nextId, neighbours.previousId]) if (other) router.prefetch(`/verifications/${other}`);
  }, [neighbours.nextId, neighbours.previousId, router]);

  const move = async (delta: 1 | -1) => {
    const target = await neighbours.resolve(delta);
    if (target) router.push(`/verifications/${target}`);
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
      if (event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target) || dialog || help) return;
      if (document.querySelector("dialog[open]")) return;
      if (event.key === "?") {
        event.preventDefault();
        setHelp(true);
      } else if (event.key === "n" || event.key === "p") {
        event.preventDefault();
        void move(event.key === "n" ? 1 : -1);
      } else if (KEY_TO_DECISION[event.key] && canDecide && decidable && !decide.isPending) {
        event.preventDefault();
        setDialog(KEY_TO_DECISION[event.key]);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  });

  // Says when the shortcuts listen: the case page hydrates in its own Suspense boundary (loading.tsx),
  // after the layout, so the server-rendered buttons show before their keys work. Tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.triage = id;
    return () => {
      if (document.documentElement.dataset.triage === id) delete document.documentElement.dataset.triage;
    };
  }, [id]);

  return (
    <>
      <DecisionPanel id={id} canDecide={canDecide && decidable} busy={decide.isPending} onDecide={setDialog} />
      {neighbours.position && neighbours.total ? (
        <p className="mt-2 text-right text-xs text-zinc-600" data-testid="triage-position">
          Caso {neighbours.position} de {neighbours.total} da lista · <kbd className="rounded border border-zinc-300 px-1">p</kbd> anterior
          · <kbd className="rounded border border-zinc-300 px-1">n</kbd> próximo
        </p>
      ) : null}
      <DecisionDialog
        open={dialog !== null}
        initial={dialog ?? "APPROVED"}
        busy={decide.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(input) => {
          // Decide where to go before the list changes under the decision (a queue filtered by
          // "Sem decisão" loses this case once decided).
          nextAfterDecision.current = neighbours.resolve(1);
          decide.mutate(input);
        }}
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </>
  );
}
