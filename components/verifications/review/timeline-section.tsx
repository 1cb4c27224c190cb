"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/contract/format/date";
import { eventsQuery } from "@/lib/query/review-queries";
import { auditEventDetail, auditEventLabel } from "@/lib/review/labels";
import { PersonName, usePersonName } from "@/components/review/person-name";
import { SnapshotLink } from "@/components/investigate/snapshot-link";

// "Linha do tempo" on the case page (team review): the case's audit events, newest first,
// filterable by kind (GET /api/review/v1/cases/{id}/events through the BFF).

/** The filter's groups: each one or more event types. */
export const TIMELINE_FILTERS: Array<{ value: string; label: string }> = [
  { value: "", label: "Todos os eventos" },
  { value: "decision.created,decision.proposed,decision.confirmed,decision.overturned", label: "Decisões" },
  { value: "case.assigned,case.taken_over,case.released,case.routed", label: "Atribuições" },
  { value: "note.created,note.edited,note.hidden", label: "Notas" },
  { value: "document.revealed", label: "Documento exibido" },
  { value: "restrictive_list.added,restrictive_list.removed", label: "Lista restritiva" },
  { value: "report.downloaded", label: "Relatório PDF" },
  { value: "ai_summary.generated", label: "Resumo da IA" },
  { value: "alert.opened,alert.assigned,alert.resolved,case.monitoring_changed", label: "Monitoramento" },
  { value: "graph.snapshot_saved,graph.exported", label: "Grafo de investigação" },
];

export function TimelineSection({ id }: { id: string }) {
  const nameOf = usePersonName();
  const [types, setTypes] = useState("");
  const events = useInfiniteQuery(eventsQuery(id, types));
  const selectId = useId();
  const items = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Section
      anchor="linha-do-tempo"
      title="Linha do tempo"
      description="Quem fez o quê neste caso, do mais recente ao mais antigo."
      testId="timeline-section"
      actions={
        <div>
          <label htmlFor={selectId} className="sr-only">
            Filtrar eventos
          </label>
          <select
            id={selectId}
            data-testid="timeline-filter"
            value={types}
            onChange={(event) => setTypes(event.target.value)}
            className="h-8 rounded-md bg-white px-2 text-xs ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500"
          >
            {TIMELINE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {events.isPending ? (
        <Skeleton className="h-16" />
      ) : events.isError ? (
        <p className="text-sm text-rose-700" data-testid="timeline-error">
          Linha do tempo indisponível. {events.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-600" data-testid="timeline-empty">
          Nenhum evento{types ? " deste tipo" : ""}.
        </p>
      ) : (
        <>
          <ol className="space-y-2.5 border-l border-zinc-200 pl-4" data-testid="timeline">
            {items.map((event) => {
              const detail = auditEventDetail(event.type, event.data, (id) => nameOf({ id, email: null }));
              return (
                <li key={event.id} data-testid="timeline-event" data-type={event.type} className="text-sm">
                  <div className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-zinc-900" data-testid="timeline-event-label">
                      {auditEventLabel(event.type)}
                    </span>
                    <span className="text-xs text-zinc-600" data-testid="timeline-event-actor">
                      {event.actor ? <PersonName person={event.actor} /> : "Sistema"}
                    </span>
                    <span className="text-xs text-zinc-600" title={formatDateTime(event.createdAt)}>
                      <RelativeTime value={event.createdAt} />
                    </span>
                  </div>
                  {detail ? (
                    <p className="text-xs break-words text-zinc-700" data-testid="timeline-event-detail">
                      {detail}
                    </p>
                  ) : null}
                  {event.type === "graph.snapshot_saved" ? <SnapshotLink caseId={id} data={event.data} /> : null}
                </li>
              );
            })}
          </ol>
          {events.hasNextPage ? (
            <div className="mt-3">
              <Button
                size="sm"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
                data-testid="timeline-more"
              >
                Carregar mais
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}
