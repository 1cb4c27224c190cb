"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PersonName } from "@/components/review/person-name";
import type { Alert } from "@/lib/contract/monitoring";
import { alertKindLabel, alertStateLabel, MONITORING_SOURCE_LABELS } from "@/lib/contract/monitoring-labels";
import { formatDateTime } from "@/lib/contract/format/date";
import { describeChange } from "@/lib/monitoring/change";
import { shortAge } from "@/lib/review/age";

// One alert: what changed (before → after), where it was seen (source and release), its
// confidence and age, who has it; for an open alert the actions the caller may take. The queue
// lists them (a row from md up, a card below: the grid folds), the case page shows its open ones.

const STATE_TONES = { open: "warning", confirmed: "danger", dismissed: "neutral" } as const;

export interface AlertActions {
  canAct: boolean;
  /** The signed-in user's e-mail (tells "mine" apart). */
  me: string | null;
  onResolve: (alert: Alert, resolution: "confirmed" | "dismissed") => void;
  onAssign?: (alert: Alert, assign: "me" | null, takeOver?: boolean) => void;
  busy?: boolean;
}

export function AlertItem({
  alert,
  actions,
  showCase = true,
  now,
}: {
  alert: Alert;
  actions: AlertActions;
  showCase?: boolean;
  now: number;
}) {
  const change = describeChange(alert.change);
  const mine = alert.assignee !== null && actions.me !== null && alert.assignee.email === actions.me;
  const open = alert.state === "open";
  return (
    <article
      data-testid="alert-item"
      data-alert={alert.id}
      data-case={alert.caseId}
      data-state={alert.state}
      data-kind={alert.kind}
      aria-label={`${alertKindLabel(alert.kind)}, ${alert.document}`}
      className="grid grid-cols-1 gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.2fr)_auto] md:items-center"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium text-zinc-900">{alertKindLabel(alert.kind)}</span>
          {alert.state !== "open" ? (
            <Badge tone={STATE_TONES[alert.state]} data-testid="alert-state">
              {alertStateLabel(alert.state)}
            </Badge>
          ) : null}
          {alert.confidence === "probable" ? (
            <Badge tone="info" title="O CPF foi publicado mascarado: a coincidência vem do nome e dos dígitos visíveis">
              provável
            </Badge>
          ) : null}
        </div>
        {showCase ? (
          <Link href={`/verifications/${alert.caseId}`} data-testid="alert-case-link" className="text-sm text-brand-700 hover:underline">
            Caso {alert.document}
          </Link>
        ) : (
          <div className="text-sm text-zinc-600">{alert.document}</div>
        )}
      </div>
      <p className="min-w-0 text-sm text-zinc-800" data-testid="alert-change">
        {change.field ? <span className="text-zinc-600">{change.field}: </span> : null}
        <span className="text-zinc-600">{change.before}</span>
        <span aria-hidden="true" className="mx-1.5 text-zinc-400">
          →
        </span>
        <span className="sr-only"> passou a </span>
        <span className="font-medium">{change.after}</span>
      </p>
      <div className="min-w-0 text-xs text-zinc-600">
        <div data-testid="alert-source">
          {MONITORING_SOURCE_LABELS[alert.source] ?? alert.source}
          {alert.release ? (
            <>
              {" · "}
              <span className="break-all sm:whitespace-nowrap">release {alert.release}</span>
            </>
          ) : null}
        </div>
        <div>
          <time dateTime={alert.detectedAt} title={formatDateTime(alert.detectedAt)} suppressHydrationWarning>
            {shortAge(alert.detectedAt, now)}
          </time>
          {" · "}
          {alert.assignee ? (
            <PersonName person={alert.assignee} me={mine} testId="alert-assignee" />
          ) : (
            <span data-testid="alert-assignee" className="italic">
              Sem responsável
            </span>
          )}
        </div>
        {!open && alert.resolvedBy ? (
          <div data-testid="alert-resolution">
            {alertStateLabel(alert.state)} por{" "}
            {actions.me !== null && alert.resolvedBy.email === actions.me ? "você" : <PersonName person={alert.resolvedBy} />}
            {alert.resolvedAt ? ` em ${formatDateTime(alert.resolvedAt)}` : ""}
            {alert.comment ? `: “${alert.comment}”` : ""}
          </div>
        ) : null}
      </div>
      {open && actions.canAct ? (
        <div className="flex flex-wrap gap-2 md:justify-end">
          {actions.onAssign && !mine ? (
            <Button
              size="sm"
              variant="ghost"
              data-testid="alert-assign-me"
              disabled={actions.busy}
              onClick={() => actions.onAssign?.(alert, "me", alert.assignee !== null)}
            >
              {alert.assignee ? "Assumir" : "Atribuir a mim"}
            </Button>
          ) : null}
          <Button size="sm" data-testid="alert-dismiss" disabled={actions.busy} onClick={() => actions.onResolve(alert, "dismissed")}>
            Descartar
          </Button>
          <Button
            size="sm"
            variant="primary"
            data-testid="alert-confirm"
            disabled={actions.busy}
            className="bg-rose-600 hover:bg-rose-700"
            onClick={() => actions.onResolve(alert, "confirmed")}
          >
            Confirmar risco
          </Button>
        </div>
      ) : null}
    </article>
  );
}
