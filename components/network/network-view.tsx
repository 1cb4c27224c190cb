"use client";

import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { isBffError } from "@/lib/query/bff-fetch";
import { networkQuery, type NetworkOwnerKind } from "@/lib/query/network-queries";
import type { GraphNode } from "@/lib/network/graph";
import { DEFAULT_FILTERS, filterNetwork, type NetworkFilters } from "@/lib/network/filter";
import { SKIP_MESSAGES } from "@/lib/network/labels";
import { download, exportFileName, networkToJson, networkToPng } from "@/lib/network/export";
import { pluralize } from "@/lib/contract/format/number";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { NetworkFiltersBar } from "./network-filters";
import { NetworkLegend } from "./network-legend";
import { NetworkTable } from "./network-table";
import { NodePanel } from "./node-panel";

// The lawsuit network view: graph ("Grafo") and table ("Lista") over the same filters, a legend,
// export, and the side panel of the chosen node. Used by /enrichments/[id]/network and by the
// case page's "Rede de processos".

const NetworkCanvas = dynamic(() => import("./network-canvas"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

export { networkQuery, type NetworkOwnerKind };

type Tab = "grafo" | "lista";

/**
 * `headingLevel`: the level of the legend's and the node panel's headings, one below the heading
 * the view sits under (3 in a case's section, 2 on a page of its own).
 */
export function NetworkView({
  kind,
  id,
  title,
  height = "70vh",
  headingLevel = 3,
}: {
  kind: NetworkOwnerKind;
  id: string;
  title: string;
  height?: string;
  headingLevel?: 2 | 3;
}) {
  const query = useQuery(networkQuery(kind, id));
  const [filters, setFilters] = useState<NetworkFilters>(DEFAULT_FILTERS);
  const [tab, setTab] = useState<Tab>("grafo");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const graph = query.data?.status === "ok" ? query.data : null;
  const filtered = useMemo(() => (graph ? filterNetwork(graph.nodes, filters) : null), [graph, filters]);
  const byId = useMemo(
    () => new Map<string, GraphNode>(graph ? [[graph.subject.id, graph.subject], ...graph.nodes.map((n) => [n.id, n] as const)] : []),
    [graph],
  );
  const basePath = `/bff/${kind}/${encodeURIComponent(id)}/network`;

  if (query.isPending || (query.isError && isBffError(query.error, 409) && query.isFetching)) {
    return (
      <div data-testid="network-loading" aria-busy="true" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <div style={{ height }}>
          <Skeleton className="h-full w-full" />
        </div>
        {query.failureCount > 0 ? (
          <p className="text-sm text-zinc-600">A rede fica disponível quando a coleta terminar. Atualizando…</p>
        ) : null}
      </div>
    );
  }
  if (query.isError) {
    return (
      <StateMessage
        kind="error"
        testId="network-error"
        title="Não foi possível carregar a rede de processos"
        description={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (query.data.status === "skipped") {
    return (
      <StateMessage
        testId="network-skipped"
        title="Rede de processos indisponível"
        description={SKIP_MESSAGES[query.data.reason] ?? "A rede não foi montada para esta consulta."}
      />
    );
  }
  const g = graph!;
  const f = filtered!;
  const shownNodes = g.nodes.filter((n) => f.matched.has(n.id));
  const drawn = [g.subject, ...g.nodes.filter((n) => f.matched.has(n.id) || f.context.has(n.id))];
  const drawnIds = new Set(drawn.map((n) => n.id));
  const drawnEdges = g.edges.filter((e) => drawnIds.has(e.source) && drawnIds.has(e.target));
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const select = (nodeId: string) => setSelectedId(nodeId);
  const find = (nodeId: string) => {
    setSelectedId(nodeId);
    setFocusId(nodeId);
    const node = byId.get(nodeId);
    if (node && !f.matched.has(nodeId) && node.depth > 0) setFilters({ ...DEFAULT_FILTERS, search: filters.search });
  };

  return (
    <div data-testid="network-view" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Modo de exibição da rede" className="inline-flex rounded-md bg-zinc-100 p-0.5">
          {(["grafo", "lista"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`network-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`network-panel-${t}`}
              onClick={() => setTab(t)}
              className={`rounded px-3 py-1 text-sm font-medium ${tab === t ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900"}`}
            >
              {t === "grafo" ? "Grafo" : "Lista"}
            </button>
          ))}
        </div>
        <p data-testid="network-count" className="text-sm text-zinc-600" aria-live="polite">
          {shownNodes.length} de {pluralize(g.nodes.length, "vínculo", "vínculos")}
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => download(exportFileName(title, "png"), networkToPng(title, drawn, drawnEdges, f.context))}>
            Exportar PNG
          </Button>
          <Button
            size="sm"
            onClick={() =>
              download(
                exportFileName(title, "json"),
                URL.createObjectURL(new Blob([networkToJson(g.subject, shownNodes, drawnEdges, filters)], { type: "application/json" })),
              )
            }
          >
            Exportar JSON
          </Button>
        </div>
      </div>
      <NetworkFiltersBar filters={filters} onChange={setFilters} maxDepth={g.maxDepth} nodes={g.nodes} onFound={find} />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 rounded-lg border border-zinc-200 bg-white">
          {tab === "grafo" ? (
            <div id="network-panel-grafo" role="tabpanel" aria-labelledby="network-tab-grafo" style={{ height }}>
              <NetworkCanvas graph={g} filtered={f} selectedId={selectedId} focusId={focusId} onSelect={select} />
            </div>
          ) : (
            <div id="network-panel-lista" role="tabpanel" aria-labelledby="network-tab-lista">
              <NetworkTable nodes={shownNodes} byId={byId} onSelect={select} />
            </div>
          )}
        </div>
        <div className="space-y-3 lg:max-h-[75vh]" style={{ minHeight: 0 }}>
          {selected ? (
            <div style={{ height: tab === "grafo" ? height : undefined }} className="min-h-80">
              <NodePanel node={selected} basePath={basePath} onClose={() => setSelectedId(null)} headingLevel={headingLevel} />
            </div>
          ) : (
            <div className="rounded-lg border border-zinc-200 bg-white p-4">
              <p className="mb-3 text-sm text-zinc-600">Clique em um nó (ou em “Ver processos” na lista) para ver seus processos.</p>
              <NetworkLegend headingLevel={headingLevel} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
