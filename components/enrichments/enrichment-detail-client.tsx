"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { bffFetch, isBffError } from "@/lib/query/bff-fetch";
import { enrichmentKeys } from "@/lib/query/enrichment-queries";
import type { EnrichmentDetail } from "@/lib/enrichments/view";
import { ENTITY_LABEL, LANE_LABELS, OUTCOME_LABELS, failureLabel, isTerminalEnrichment } from "@/lib/enrichments/labels";
import { formatDateTime } from "@/lib/contract/format/date";
import { Button, buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { RevealableDocument } from "@/components/ui/revealable-document";
import { InvestigateLink } from "@/components/investigate/investigate-link";
import { StateMessage } from "@/components/ui/state-message";
import { EnrichmentStatusBadge } from "./enrichment-status-badge";
import { moduleLabel } from "@/lib/contract/labels";
import { ModuleSourcesProvider, SourceLine, useUnavailableModules } from "@/components/ui/module-source";
import { ModuleStates } from "./module-states";
import { EnrichmentSectionsView } from "./enrichment-sections";

// /enrichments/[id]: status, outcome, profile, lane, rounds, deadline, failure, each module's
// state, then its data as the case page's sections (enrichment-sections.tsx), the raw JSON behind
// "Ver dados brutos". While not terminal it reads again at the pace the API's Retry-After asks. The
// subject's document and every document in the data come masked from the BFF; "Mostrar documento
// completo" reveals the subject's (recorded by the review API).

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd data-testid={testId} className="text-sm break-words text-zinc-900">
        {children}
      </dd>
    </div>
  );
}

export function EnrichmentDetailClient({ id }: { id: string }) {
  const query = useQuery({
    queryKey: enrichmentKeys.detail(id),
    queryFn: ({ signal }) => bffFetch<EnrichmentDetail>(`/bff/enrichments/${encodeURIComponent(id)}`, signal),
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d || isTerminalEnrichment(d.status) || q.state.status === "error") return false;
      return Math.max(1, d.retryAfter ?? 5) * 1000;
    },
  });
  const back = (
    <Link href="/enrichments" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-700 hover:text-zinc-900">
      <ChevronLeftIcon className="size-4" />
      Enriquecimentos
    </Link>
  );
  if (query.isPending)
    return (
      <div className="space-y-3">
        {back}
        <Skeleton className="h-40 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  if (query.isError) {
    const missing = isBffError(query.error, 404);
    return (
      <div className="space-y-3">
        {back}
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            kind={missing ? "empty" : "error"}
            testId={missing ? "enrichment-not-found" : "enrichment-error"}
            title={missing ? "Enriquecimento não encontrado" : "Não foi possível carregar o enriquecimento"}
            description={missing ? "Ele não existe ou pertence a outro workspace." : query.error.message}
            action={
              missing ? (
                <Link href="/enrichments" className={buttonClass("secondary")}>
                  Ir para enriquecimentos
                </Link>
              ) : (
                <Button onClick={() => void query.refetch()}>Tentar novamente</Button>
              )
            }
          />
        </div>
      </div>
    );
  }
  const d = query.data;
  const live = !isTerminalEnrichment(d.status);
  const hasNetwork = d.modules.some((m) => m.name === "related") && d.modules.some((m) => m.name === "lawsuits");
  return (
    <ModuleSourcesProvider sources={d.sources ?? null}>
      <div className="space-y-4" data-testid="enrichment-detail" data-status={d.status}>
        {back}
        <section className="rounded-lg border border-zinc-200 bg-white p-5" aria-labelledby="enrichment-title">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <RevealableDocument
                as="h1"
                id="enrichment-title"
                testId="enrichment-document"
                document={d.document}
                revealPath={`/bff/enrichments/${encodeURIComponent(d.id)}/reveal`}
                className="text-xl font-semibold break-all text-zinc-900"
              />
              <p className="text-sm text-zinc-600">
                {ENTITY_LABEL[d.entity] ?? d.entity} · <span className="font-mono">{d.id}</span>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {d.entity === "company" ? <InvestigateLink node={`enrichment:${d.id}`} /> : null}
              <EnrichmentStatusBadge status={d.status} />
              {hasNetwork && isTerminalEnrichment(d.status) ? (
                <Link href={`/enrichments/${d.id}/network`} className={buttonClass("primary")} data-testid="open-network">
                  Rede de processos
                </Link>
              ) : null}
            </div>
          </div>
          {live ? (
            <p data-testid="live-refresh" className="mt-3 rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900" aria-live="polite">
              Coleta em andamento. A página se atualiza a cada {d.retryAfter ?? 5} s.
            </p>
          ) : null}
          {d.status === "FAILED" ? (
            <p data-testid="failure-reason" className="mt-3 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-900">
              Falhou: {failureLabel(d.failureReason) ?? "motivo não informado."}
            </p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
            <Item label="Resultado" testId="enrichment-outcome">
              {d.outcome ? (OUTCOME_LABELS[d.outcome] ?? d.outcome) : "—"}
            </Item>
            <Item label="Perfil">{d.profileName}</Item>
            <Item label="Origem">
              {LANE_LABELS[d.lane] ?? d.lane}
              {d.batchId ? (
                <Link href={`/enrichments/batch?batchId=${d.batchId}`} className="block font-mono text-xs text-brand-700 hover:underline">
                  {d.batchId}
                </Link>
              ) : null}
            </Item>
            <Item label="Rodada de recuperação">{d.recoveryRound === 0 ? "Nenhuma" : `${d.recoveryRound} de 3`}</Item>
            <Item label="Criado em">{formatDateTime(d.createdAt)}</Item>
            <Item label="Concluído em">{d.completedAt ? formatDateTime(d.completedAt) : "—"}</Item>
            <Item label="Próxima rodada" testId="next-retry">
              {d.nextRetryAt ? formatDateTime(d.nextRetryAt) : "—"}
            </Item>
            <Item label="Prazo">{d.deadline ? formatDateTime(d.deadline) : "Sem prazo"}</Item>
          </dl>
          {Object.keys(d.metadata).length ? (
            <div className="mt-4">
              <p className="mb-1 text-xs font-semibold text-zinc-700">Metadados</p>
              <ul className="flex flex-wrap gap-1.5">
                {Object.entries(d.metadata).map(([k, v]) => (
                  <li key={k} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-800">
                    <span className="font-medium">{k}</span>: {typeof v === "string" ? v : JSON.stringify(v)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <section className="rounded-lg border border-zinc-200 bg-white px-5 py-3" aria-labelledby="modules-title">
          <h2 id="modules-title" className="text-sm font-semibold text-zinc-900">
            Módulos
          </h2>
          <ModuleStates modules={d.modules} />
          <UnavailableModules />
        </section>
        <EnrichmentSectionsView data={d.data} document={d.document} />
      </div>
    </ModuleSourcesProvider>
  );
}

/** The profile's modules left without a source: not run (LUPA_SANDBOX off). */
function UnavailableModules() {
  const modules = useUnavailableModules();
  if (modules.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 border-t border-zinc-100 pt-2" data-testid="unavailable-modules">
      {modules.map((m) => (
        <li key={m.module} className="flex flex-wrap items-center gap-x-3 text-sm text-zinc-900">
          <span className="font-medium">{moduleLabel(m.module)}</span>
          <SourceLine source={m} className="mt-0" />
        </li>
      ))}
    </ul>
  );
}
