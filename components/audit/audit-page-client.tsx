"use client";

import { FreshDownloadLink } from "@/components/auth/fresh-download-link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { AUDIT_EVENT_TYPES } from "@/lib/contract/enum-values";
import type { AuditEventList } from "@/lib/contract/review";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { auditFiltersProblem, auditFiltersToSearch, parseAuditFilters, type AuditFilters } from "@/lib/review/audit-filters";
import { auditEventDetail, auditEventLabel } from "@/lib/review/labels";
import { PersonName, usePersonName } from "@/components/review/person-name";
import { peopleQuery } from "@/lib/query/review-queries";
import { CasePicker } from "./case-picker";

// /audit "Auditoria" (admins): the workspace's append-only audit trail, newest first, filtered by
// type, actor, case and period (in the URL), paged by cursor, exported as CSV (streamed).

const control =
  "h-9 w-full rounded-md bg-white px-2.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:ring-rose-500";
const label = "mb-1 block text-xs font-medium text-zinc-600";

export function AuditPageClient() {
  const nameOf = usePersonName();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const applied = parseAuditFilters(new URLSearchParams(searchParams.toString()));
  const appliedKey = auditFiltersToSearch(applied).toString();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const [caseUnchosen, setCaseUnchosen] = useState(false);
  // the actor filter picks a person of the workspace by name (issue 29, item 5), not a typed UUID
  const people = useQuery(peopleQuery());
  const members = [...(people.data?.people ?? [])].sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
  // cursors of the pages before this one; the current page's cursor is the last
  const [cursors, setCursors] = useState<string[]>([]);
  const ids = useId();

  useEffect(() => {
    setDraft(parseAuditFilters(new URLSearchParams(appliedKey)));
    setCursors([]);
  }, [appliedKey]);

  const cursor = cursors[cursors.length - 1] ?? "";
  const events = useQuery({
    queryKey: ["audit", appliedKey, cursor],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams(appliedKey);
      if (cursor) search.set("cursor", cursor);
      const query = search.toString();
      return bffFetch<AuditEventList>(`/bff/audit/events${query ? `?${query}` : ""}`, signal);
    },
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = caseUnchosen ? "Escolha o caso na lista: busque pelo nome ou pelo documento." : auditFiltersProblem(draft);
    setProblem(found);
    if (found) return;
    const search = auditFiltersToSearch(draft).toString();
    router.replace(search ? `${pathname}?${search}` : pathname);
  }

  const set = (key: keyof AuditFilters) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblem(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-zinc-900">Auditoria</h1>
          <p className="mt-1 text-sm text-zinc-600">
            Quem decidiu, confirmou, atribuiu, anotou, exibiu documentos e exportou dados neste workspace. Os eventos não podem ser
            alterados nem apagados.
          </p>
        </div>
        <FreshDownloadLink
          href={`/bff/audit/export${appliedKey ? `?${appliedKey}` : ""}`}
          className={buttonClass("secondary")}
          data-testid="audit-export"
          download
        >
          Exportar CSV
        </FreshDownloadLink>
      </div>
      <form
        noValidate
        onSubmit={apply}
        className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        data-testid="audit-filters"
      >
        <div className="lg:col-span-2">
          <label htmlFor={`${ids}-type`} className={label}>
            Tipo
          </label>
          <select
            id={`${ids}-type`}
            data-testid="audit-filter-type"
            className={control}
            value={draft.type}
            onChange={(e) => set("type")(e.target.value)}
          >
            <option value="">Todos</option>
            {AUDIT_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {auditEventLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-actor`} className={label}>
            Ator
          </label>
          <select
            id={`${ids}-actor`}
            data-testid="audit-filter-actor"
            className={control}
            value={draft.actorId}
            onChange={(e) => set("actorId")(e.target.value)}
          >
            <option value="">Todos</option>
            {/* an actor of a link (actorId in the URL) who is no longer in the directory */}
            {draft.actorId && !members.some((m) => m.id === draft.actorId) ? (
              <option value={draft.actorId}>{nameOf({ id: draft.actorId, email: null })}</option>
            ) : null}
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-case`} className={label}>
            Caso
          </label>
          <CasePicker
            inputId={`${ids}-case`}
            className={control}
            caseId={draft.caseId}
            onChange={(caseId, unchosen) => {
              set("caseId")(caseId);
              setCaseUnchosen(unchosen);
            }}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-from`} className={label}>
            De
          </label>
          <input
            id={`${ids}-from`}
            type="date"
            data-testid="audit-filter-from"
            className={control}
            value={draft.from}
            onChange={(e) => set("from")(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={label}>
            Até
          </label>
          <input
            id={`${ids}-to`}
            type="date"
            data-testid="audit-filter-to"
            className={control}
            value={draft.to}
            onChange={(e) => set("to")(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit" variant="primary" data-testid="audit-apply">
            Filtrar
          </Button>
          <Button
            onClick={() => {
              setCaseUnchosen(false);
              router.replace(pathname);
            }}
            data-testid="audit-clear"
          >
            Limpar filtros
          </Button>
          {problem ? (
            <p role="alert" className="text-sm text-rose-700" data-testid="audit-filter-problem">
              {problem}
            </p>
          ) : null}
        </div>
      </form>
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        {events.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : events.isError ? (
          <StateMessage
            kind="error"
            testId="audit-error"
            title="Não foi possível carregar a auditoria"
            description={events.error.message}
          />
        ) : events.data.events.length === 0 ? (
          <StateMessage testId="audit-empty" title="Nenhum evento" description="Nenhum evento corresponde a estes filtros." />
        ) : (
          <table className="w-full border-collapse text-sm" data-testid="audit-table">
            <caption className="sr-only">Eventos de auditoria do workspace, do mais recente ao mais antigo</caption>
            <thead className="border-b border-zinc-200 bg-zinc-50/80">
              <tr>
                {["Quando", "Evento", "Ator", "Caso", "Detalhes"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2.5 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {events.data.events.map((event) => (
                <tr key={event.id} data-testid="audit-row" data-type={event.type} data-case={event.caseId ?? ""}>
                  <td className="px-4 py-2.5 whitespace-nowrap text-zinc-700 tabular">{formatDateTime(event.createdAt)}</td>
                  <td className="px-4 py-2.5 text-zinc-900" data-testid="audit-row-type">
                    {auditEventLabel(event.type)}
                  </td>
                  <td className="px-4 py-2.5 text-zinc-700" data-testid="audit-row-actor">
                    {event.actor ? <PersonName person={event.actor} /> : "Sistema"}
                  </td>
                  <td className="px-4 py-2.5">
                    {event.caseId ? (
                      <Link href={`/verifications/${event.caseId}`} className="font-mono text-xs text-brand-700 hover:underline">
                        {event.caseId.slice(0, 8)}
                      </Link>
                    ) : (
                      <span className="text-zinc-500">—</span>
                    )}
                  </td>
                  <td className="px-4 py-2.5 text-xs break-words text-zinc-700">
                    {auditEventDetail(event.type, event.data, (id) => nameOf({ id, email: null })) || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <nav aria-label="Páginas da auditoria" className="flex justify-end gap-2">
        <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="audit-newer">
          Mais recentes
        </Button>
        <Button
          disabled={!events.data?.nextCursor}
          onClick={() => {
            const next = events.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
          data-testid="audit-older"
        >
          Mais antigos
        </Button>
      </nav>
    </div>
  );
}
