"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import type { GraphNode } from "@/lib/network/graph";
import type { NodeLawsuits } from "@/lib/network/lawsuits";
import { ENTITY_LABELS, RISK_META, relationLabel, roleLabel } from "@/lib/network/labels";
import { formatDate } from "@/lib/contract/format/date";
import { formatInteger, formatMoney } from "@/lib/contract/format/number";
import { Skeleton } from "@/components/ui/skeleton";

// The side panel of a clicked node: counters, indicators and query status from the network, and
// its lawsuits from the node route.

export function nodeLawsuitsQuery(basePath: string, ref: string) {
  return {
    queryKey: ["network-node", basePath, ref] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => bffFetch<NodeLawsuits>(`${basePath}/nodes/${encodeURIComponent(ref)}`, signal),
    staleTime: 5 * 60_000,
  };
}

/** `wide`: the whole row (an amount such as "R$ 321.150,23" does not fit a third of the panel). */
function Counter({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`min-w-0 rounded-md bg-zinc-50 px-2 py-1.5 ${wide ? "col-span-3" : ""}`}>
      <dt className="text-[11px] text-zinc-600">{label}</dt>
      <dd className="text-sm font-semibold break-words text-zinc-900">{value}</dd>
    </div>
  );
}

function Lawsuits({ basePath, node }: { basePath: string; node: GraphNode }) {
  const query = useQuery({ ...nodeLawsuitsQuery(basePath, node.ref!), enabled: node.ref !== null });
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <p className="text-sm text-rose-700">Não foi possível carregar os processos: {query.error.message}</p>;
  if (query.data.queryStatus === "failed") return <p className="text-sm text-zinc-600">A consulta de processos deste vínculo falhou.</p>;
  if (query.data.items.length === 0)
    return (
      <p data-testid="node-no-lawsuits" className="text-sm text-zinc-600">
        Nenhum processo encontrado.
      </p>
    );
  return (
    <ul data-testid="node-lawsuits" className="space-y-2">
      {query.data.items.map((item) => (
        <li key={item.number} data-testid="node-lawsuit" className="rounded-md border border-zinc-200 p-2 text-xs">
          <p className="font-mono text-[12px] font-semibold text-zinc-900">{item.number}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-zinc-700">
            <dt className="text-zinc-500">Tribunal</dt>
            <dd>{item.court}</dd>
            <dt className="text-zinc-500">Classe</dt>
            <dd>{item.className}</dd>
            <dt className="text-zinc-500">Assunto</dt>
            <dd>{item.subject}</dd>
            <dt className="text-zinc-500">Papel</dt>
            <dd data-testid="lawsuit-role">{item.role}</dd>
            <dt className="text-zinc-500">Situação</dt>
            <dd>{item.status}</dd>
            <dt className="text-zinc-500">Valor da causa</dt>
            <dd>{item.claimValue === null ? "Não informado" : formatMoney(item.claimValue)}</dd>
            {item.filedAt ? (
              <>
                <dt className="text-zinc-500">Distribuição</dt>
                <dd>{formatDate(item.filedAt)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function NodePanel({
  node,
  basePath,
  onClose,
  headingLevel = 3,
}: {
  node: GraphNode;
  basePath: string;
  onClose: () => void;
  /** The level of the node's name; its parts are one below. */
  headingLevel?: 2 | 3;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const Title = headingLevel === 2 ? "h2" : "h3";
  const Part = headingLevel === 2 ? "h3" : "h4";
  useEffect(() => heading.current?.focus(), [node.id]);
  const subject = node.depth === 0;
  return (
    <aside
      data-testid="node-panel"
      aria-labelledby="node-panel-title"
      className="flex h-full flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm"
    >
      <header className="flex items-start justify-between gap-2 border-b border-zinc-100 px-4 py-3">
        <div className="min-w-0">
          <Title id="node-panel-title" ref={heading} tabIndex={-1} className="text-sm font-semibold break-words text-zinc-900 outline-none">
            {node.name}
          </Title>
          <p className="text-xs text-zinc-600">
            {ENTITY_LABELS[node.entity]} · {node.document}
            {subject ? " · titular" : ` · ${node.depth}º nível`}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-xs font-medium text-zinc-700 ring-1 ring-zinc-300 hover:bg-zinc-50"
        >
          Fechar
        </button>
      </header>
      {/* scrollable, so reachable from the keyboard (axe: scrollable-region-focusable) */}
      <div
        tabIndex={0}
        role="region"
        aria-labelledby="node-panel-title"
        className="flex-1 space-y-4 overflow-y-auto px-4 py-3 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none"
      >
        {subject ? (
          <p className="text-sm text-zinc-700">
            Documento consultado. Os processos do titular estão no módulo de processos do enriquecimento.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-xs">
              {/* the colour as a dot, as in the list: small white text on the amber or green of the graph is too faint (axe color-contrast) */}
              <span className="inline-flex items-center gap-1.5 rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-800">
                <span aria-hidden="true" className="inline-block size-2 rounded-full" style={{ background: RISK_META[node.risk].color }} />
                {RISK_META[node.risk].label}
              </span>
              <span data-testid="node-query-status" className="rounded-full bg-zinc-100 px-2 py-0.5 text-zinc-700">
                {node.queryStatus === "ok" ? "Consulta concluída" : "Consulta falhou"}
              </span>
              {node.restrictiveList ? (
                <span className="rounded-full bg-violet-100 px-2 py-0.5 text-violet-800">Na lista restritiva</span>
              ) : null}
            </div>
            <div>
              <Part className="mb-1 text-xs font-semibold text-zinc-900">Vínculos</Part>
              <ul className="text-sm text-zinc-700">
                {node.relations.map((r, i) => (
                  <li key={i}>
                    {relationLabel(r.relation)}
                    {roleLabel(r.role) ? ` – ${roleLabel(r.role)}` : ""}
                  </li>
                ))}
              </ul>
            </div>
            {node.counters ? (
              <div>
                <Part className="mb-1 text-xs font-semibold text-zinc-900">Contadores</Part>
                <dl className="grid grid-cols-3 gap-1.5">
                  <Counter label="Processos" value={formatInteger(node.counters.total)} />
                  <Counter label="Como réu" value={node.counters.asDefendant === null ? "—" : formatInteger(node.counters.asDefendant)} />
                  <Counter label="Como autor" value={node.counters.asPlaintiff === null ? "—" : formatInteger(node.counters.asPlaintiff)} />
                  <Counter label="Ativos" value={node.counters.active === null ? "—" : formatInteger(node.counters.active)} />
                  <Counter label="Encerrados" value={node.counters.inactive === null ? "—" : formatInteger(node.counters.inactive)} />
                  <Counter
                    wide
                    label="Valor total"
                    value={node.counters.totalClaimValue === null ? "—" : formatMoney(node.counters.totalClaimValue)}
                  />
                </dl>
              </div>
            ) : null}
            {node.indicators.length > 0 ? (
              <div>
                <Part className="mb-1 text-xs font-semibold text-zinc-900">Indicadores</Part>
                <ul className="space-y-0.5 text-sm">
                  {node.indicators.map((i) => (
                    <li key={i.key} className="flex justify-between gap-2">
                      <span className={i.risky ? "font-medium text-rose-700" : "text-zinc-700"}>
                        {i.label}
                        {i.risky ? " (risco)" : ""}
                      </span>
                      <span className="tabular-nums text-zinc-900">{formatInteger(i.value)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div>
              <Part className="mb-1 text-xs font-semibold text-zinc-900">Processos</Part>
              <Lawsuits basePath={basePath} node={node} />
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
