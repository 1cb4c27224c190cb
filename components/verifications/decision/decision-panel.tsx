"use client";

import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/contract/format/date";
import { decisionHistoryQuery } from "@/lib/query/decision-queries";
import { DECISION_ACTIONS, DECISIONS, type Decision } from "@/lib/verifications/decisions";
import { DecisionBadge } from "../decision-badge";
import { PersonName } from "@/components/review/person-name";

/** "Decisão": the four actions (roles that may decide) and the history (everyone). */
export function DecisionPanel({
  id,
  canDecide,
  onDecide,
  busy,
  flagged = false,
  notice = null,
  description,
}: {
  id: string;
  canDecide: boolean;
  /** Under the title: what this person may do with the case now (lib/review/decision-wording.ts). */
  description: string;
  onDecide: (decision: Decision) => void;
  busy: boolean;
  /** The case has risk flags: "Aprovar" is not the primary action (approving asks for a confirmation). */
  flagged?: boolean;
  /** Why deciding is held or asks more (a pending second review, a case someone else holds). */
  notice?: string | null;
}) {
  const history = useQuery(decisionHistoryQuery(id));
  return (
    <Section anchor="decisao" title="Decisão" description={description} testId="decision-panel">
      {notice ? (
        <p className="mb-3 rounded-md bg-zinc-50 px-3 py-2 text-xs text-zinc-700" data-testid="decision-notice">
          {notice}
        </p>
      ) : null}
      {canDecide ? (
        <div className="grid grid-cols-2 gap-2" data-testid="decision-actions" data-flagged={flagged ? "true" : undefined}>
          {DECISIONS.map((decision) => (
            <Button
              key={decision}
              variant={decision === "APPROVED" && !flagged ? "primary" : "secondary"}
              disabled={busy}
              onClick={() => onDecide(decision)}
              aria-keyshortcuts={DECISION_ACTIONS[decision].key}
              data-testid={`decide-${decision}`}
            >
              {DECISION_ACTIONS[decision].verb}
              <kbd className="ml-1 rounded bg-black/10 px-1 text-[10px] font-normal">{DECISION_ACTIONS[decision].key}</kbd>
            </Button>
          ))}
        </div>
      ) : null}
      <h3 className={`${canDecide ? "mt-5" : ""} mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase`}>Histórico</h3>
      {history.isPending ? (
        <Skeleton className="h-12" />
      ) : history.isError ? (
        <p className="text-sm text-rose-700" data-testid="decision-history-error">
          Histórico indisponível. {history.error.message}
        </p>
      ) : history.data.items.length === 0 ? (
        <p className="text-sm text-zinc-600" data-testid="decision-history-empty">
          Nenhuma decisão registrada.
        </p>
      ) : (
        <ol className="space-y-3" data-testid="decision-history">
          {history.data.items.map((item) => (
            <li
              key={item.id}
              data-testid="decision-entry"
              data-status={item.status}
              data-pending={item.pending || undefined}
              className={item.pending ? "opacity-60" : undefined}
            >
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <DecisionBadge decision={item.status} testId="decision-entry-status" />
                <span className="font-medium text-zinc-900" data-testid="decision-entry-author">
                  <PersonName person={{ id: item.authorId, email: item.authorEmail }} me={item.mine} />
                </span>
                <span className="text-xs text-zinc-600" title={formatDateTime(item.createdAt)}>
                  {item.pending ? "registrando…" : <RelativeTime value={item.createdAt} />}
                </span>
              </div>
              {item.reasons.length ? <p className="mt-1 text-xs text-zinc-700">Motivos: {item.reasons.join(", ")}</p> : null}
              {item.comment ? (
                <p className="mt-1 text-sm whitespace-pre-wrap text-zinc-800" data-testid="decision-entry-comment">
                  {item.comment}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
