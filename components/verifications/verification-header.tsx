"use client";

import { useQueryClient } from "@tanstack/react-query";
import { reviewKeys } from "@/lib/query/review-queries";
import { BuildingIcon, UserIcon } from "@/components/ui/icons";
import { RevealableDocument } from "@/components/ui/revealable-document";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatDateTime } from "@/lib/contract/format/date";
import { formatInteger } from "@/lib/contract/format/number";
import type { VerificationDetail } from "@/lib/verifications/view-models";
import { isTerminalStatus, scoreBand } from "@/lib/verifications/status";
import { cn } from "@/lib/utils/cn";
import { DecisionBadge } from "./decision-badge";
import { RestrictiveListAction } from "./restrictive-list-action";
import { StatusBadge } from "./status-badge";
import { InvestigateLink } from "@/components/investigate/investigate-link";

/**
 * The holder's document, masked as the BFF sends it. "Mostrar documento completo" asks the BFF for
 * the full one (the service records who saw it, and the timeline shows it); hiding it again forgets it.
 */
function DocumentLine({ detail }: { detail: VerificationDetail }) {
  const queryClient = useQueryClient();
  const document = detail.document;
  if (!document) return <span className="text-zinc-500">Documento não informado</span>;
  return (
    <RevealableDocument
      document={document}
      revealPath={`/bff/verifications/${encodeURIComponent(detail.id)}/reveal`}
      testId="verification-document"
      onRevealed={() => void queryClient.invalidateQueries({ queryKey: reviewKeys.eventsOf(detail.id) })}
    />
  );
}

export function VerificationHeader({ detail, decision }: { detail: VerificationDetail; decision?: string | null }) {
  const EntityIcon = detail.entity === "company" ? BuildingIcon : UserIcon;
  const score = detail.result?.score ?? null;
  const band = score === null ? null : scoreBand(score);
  return (
    <div
      data-testid="verification-header"
      className="flex flex-wrap items-start justify-between gap-6 rounded-lg border border-zinc-200 bg-white p-5 shadow-xs"
    >
      <div className="flex min-w-0 items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-zinc-500">
          <EntityIcon className="size-5" />
        </div>
        <div className="min-w-0">
          <h1 data-testid="verification-name" className="text-xl font-semibold tracking-tight break-words text-zinc-900 sm:truncate">
            {detail.name ?? (
              <span className="font-normal text-zinc-500 italic">
                {isTerminalStatus(detail.status) ? "Nome não identificado" : "Nome ainda não identificado"}
              </span>
            )}
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-zinc-500">
            <DocumentLine detail={detail} />
            <span aria-hidden="true" className="text-zinc-300">
              ·
            </span>
            <StatusBadge status={detail.status} testId="verification-status" />
            <span aria-hidden="true" className="text-zinc-300">
              ·
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="sr-only">Decisão:</span>
              <DecisionBadge decision={decision ?? detail.decision} testId="verification-decision" />
            </span>
            <span aria-hidden="true" className="text-zinc-300">
              ·
            </span>
            <span>
              Criada <RelativeTime value={detail.createdAt} className="text-zinc-700" />
            </span>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <InvestigateLink node={`case:${detail.id}`} caseId={detail.id} />
        <RestrictiveListAction detail={detail} />
        <div className="text-right">
          <div className="text-xs font-medium text-zinc-500">Score</div>
          <div className="mt-0.5 flex items-center justify-end gap-2">
            <span
              data-testid="verification-score"
              className={cn(
                "tabular text-2xl font-semibold",
                band?.tone === "success" && "text-emerald-700",
                band?.tone === "warning" && "text-amber-700",
                band?.tone === "danger" && "text-rose-700",
                !band && "text-zinc-300",
              )}
            >
              {formatInteger(score)}
            </span>
            {score !== null ? <span className="text-xs text-zinc-500">/ {formatInteger(1000)}</span> : null}
          </div>
          {band ? <div className="mt-0.5 text-xs text-zinc-500">{band.label}</div> : null}
        </div>
        <div className="hidden border-l border-zinc-100 pl-5 text-xs text-zinc-500 md:block">
          <div>Atualizada</div>
          <div className="tabular text-zinc-700">{formatDateTime(detail.updatedAt)}</div>
          <div className="mt-1.5">Regras acionadas</div>
          <div data-testid="verification-rules-count" className="tabular text-zinc-700">
            {detail.result ? detail.result.rules.length : "—"}
          </div>
        </div>
      </div>
    </div>
  );
}
