"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { useNarrow } from "@/components/ui/use-narrow";
import { formatDateTime } from "@/lib/contract/format/date";
import { GraphPane } from "./graph-pane";
import { ALL_LAYERS, toSnapshot, visibleGraph, type Layers } from "./graph-state";
import { ImportJson, readGraphFile } from "./import-json";
import { omittedMessage } from "./labels";
import { LayoutProgress } from "./layout-progress";
import { NodeList } from "./node-list";
import { NodePanel } from "./node-panel";
import { PathSummary } from "./path-summary";
import { SaveToCase } from "./save-to-case";
import { ExportMenu, LayersBar, PathForm, StartForm, type ExportChoice } from "./toolbar";
import { useGraphExport } from "./use-graph-export";
import { useInvestigateKeys } from "./use-investigate-keys";
import { useInvestigation } from "./use-investigation";
import { useStartFromUrl } from "./use-start-from-url";

// /investigate ("Investigação", issue 33 item 4): start from a company, a partner, a person or a
// case; expand by 1 to 3 levels; find the paths to a CNPJ or CPF; switch layers; pin, hide, select
// neighbours; export; save on a case. The canvas (WebGL) and the list show the same graph; at
// phone width the list stands in for the canvas.

const LIMITS = [50, 200, 500];

export function InvestigatePageClient({ canSave }: { canSave: boolean }) {
  const search = useSearchParams();
  const router = useRouter();
  const toast = useToast();
  const narrow = useNarrow();
  const inv = useInvestigation();
  const exportGraph = useGraphExport();
  const { state, busy } = inv;
  const [layers, setLayers] = useState<Layers>(ALL_LAYERS);
  const [selected, setSelected] = useState<string | null>(null);
  const [root, setRoot] = useState<string | null>(null);
  const [limit, setLimit] = useState(200);

  const nodeParam = search.get("node");
  const caseParam = search.get("case");
  const snapshotParam = search.get("snapshot");

  const { snapshotInfo, setSnapshotInfo, loadError } = useStartFromUrl({
    params: { node: nodeParam, caseId: caseParam, snapshot: snapshotParam },
    inv,
    limit,
    onStart: (id, select) => {
      setRoot(id);
      if (select) setSelected(id);
    },
  });

  const shown = useMemo(() => visibleGraph(state, layers, selected), [state, layers, selected]);
  const selectedNode = selected ? state.nodes.get(selected) : undefined;
  const selectedEdges = useMemo(
    () => (selected ? shown.edges.filter((e) => e.source === selected || e.target === selected) : []),
    [shown.edges, selected],
  );
  const labelOf = useCallback((id: string) => state.nodes.get(id)?.label ?? id, [state.nodes]);
  const rootNode = root ? state.nodes.get(root) : undefined;
  const caseIds = useMemo(() => {
    const ids = [caseParam, ...(rootNode?.cases ?? [])].filter((x): x is string => Boolean(x));
    return [...new Set(ids)];
  }, [caseParam, rootNode]);

  const expandSelected = useCallback(
    (depth: 1 | 2 | 3) => {
      if (selected && !busy) void inv.expand(selected, depth, limit);
    },
    [selected, busy, inv, limit],
  );

  useInvestigateKeys({ selected, onExpand: expandSelected, onEscape: inv.clearHighlight });

  const importJson = async (file: File) => {
    try {
      const body = await readGraphFile(file);
      inv.loadSnapshot(body);
      setRoot(body.nodes[0]?.id ?? null);
      setSelected(null);
      setSnapshotInfo(null);
      toast.show({ kind: "success", message: `Grafo aberto: ${body.nodes.length.toLocaleString("pt-BR")} nós, como foi exportado.` });
    } catch (e) {
      toast.show({ kind: "error", message: (e as Error).message });
    }
  };

  // at phone width the panel sits under the list: bring it into view when a node is chosen
  useEffect(() => {
    if (narrow && selected) document.getElementById("investigate-panel-title")?.scrollIntoView({ block: "start" });
  }, [narrow, selected]);

  const start = (text: string) => router.push(`/investigate?node=${encodeURIComponent(text)}${caseParam ? `&case=${caseParam}` : ""}`);

  const doExport = (choice: ExportChoice) =>
    exportGraph(choice, { state, shown, layers, root, caseId: caseParam, title: rootNode?.label ?? null });

  const findPath = (to: string, maxDepth: number, k: number) => {
    const from = selected ?? root;
    if (from) void inv.findPaths(from, to, maxDepth, k);
  };

  const empty = state.nodes.size === 0;
  const omitted = omittedMessage(state.omitted, inv.lastLimit);
  const loading = (busy === "expand" && empty) || (Boolean(snapshotParam) && empty && !loadError);

  return (
    <div
      className="space-y-3"
      data-testid="investigate-page"
      data-busy={busy ?? ""}
      data-layout-ms={inv.layoutMs ?? ""}
      data-layout-thread={inv.layoutRun?.thread ?? ""}
      data-layout-compute-ms={inv.layoutRun?.computeMs ?? ""}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-zinc-900">Investigação</h1>
          <p className="mt-1 max-w-3xl text-sm text-zinc-600">
            Empresas, sócios, processos e casos do workspace num só grafo. Selecione um nó e tecle 1, 2 ou 3 para expandir.
            {snapshotInfo ? (
              <span data-testid="investigate-snapshot-info">
                {" "}
                Grafo salvo: {snapshotInfo.title}, em {formatDateTime(snapshotInfo.createdAt)}
                {snapshotInfo.by ? ` por ${snapshotInfo.by}` : ""} (como foi salvo, com os releases {[...state.releases].join(", ") || "—"}
                ).
              </span>
            ) : null}
          </p>
        </div>
        {!empty ? (
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="investigate-limit" className="block text-xs font-medium text-zinc-600">
                Limite por expansão
              </label>
              <select
                id="investigate-limit"
                value={limit}
                onChange={(e) => setLimit(Number(e.target.value))}
                className="h-9 rounded-md border border-zinc-300 px-2 text-sm"
              >
                {LIMITS.map((l) => (
                  <option key={l} value={l}>
                    {l} nós
                  </option>
                ))}
              </select>
            </div>
            <ExportMenu disabled={shown.nodes.length === 0} onExport={(f) => void doExport(f)} />
            <ImportJson onFile={(f) => void importJson(f)} compact />
            {canSave ? (
              <SaveToCase
                caseIds={caseIds}
                disabled={busy !== null}
                snapshot={() => toSnapshot(state)}
                onSaved={(caseId, id) => router.replace(`/investigate?case=${caseId}&snapshot=${id}`)}
              />
            ) : null}
          </div>
        ) : null}
      </div>

      {!empty ? (
        <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-zinc-200 bg-white p-3">
          <PathForm busy={busy === "path"} fromLabel={selectedNode?.label ?? rootNode?.label ?? null} onSubmit={findPath} />
          <LayersBar layers={layers} onChange={setLayers} />
        </div>
      ) : null}

      <div aria-live="polite" className="space-y-2">
        {inv.error && !empty ? (
          <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="investigate-error">
            {inv.error}
          </p>
        ) : null}
        {omitted ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="investigate-omitted">
            {omitted}
          </p>
        ) : null}
        {inv.paths ? <PathSummary result={inv.paths} labelOf={labelOf} onClear={inv.clearHighlight} /> : null}
        {busy === "layout" ? <LayoutProgress store={inv.layoutProgress} /> : null}
        {busy === "expand" && !empty ? <p className="text-sm text-zinc-600">Expandindo…</p> : null}
      </div>

      {loading ? (
        <div aria-busy="true" aria-label="Carregando o grafo" data-testid="investigate-loading" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-[60vh] w-full" />
        </div>
      ) : loadError || (empty && inv.error) ? (
        <div className="rounded-lg border border-zinc-200 bg-white">
          <StateMessage
            kind="error"
            testId="investigate-load-error"
            title="Não foi possível abrir o grafo"
            description={loadError ?? inv.error}
            action={<StartForm onStart={start} />}
          />
        </div>
      ) : empty ? (
        <div className="space-y-4 rounded-lg border border-zinc-200 bg-white px-4 py-10" data-testid="investigate-empty">
          <StartForm onStart={start} />
          <ImportJson onFile={(f) => void importJson(f)} />
        </div>
      ) : (
        <div className="grid gap-3 lg:h-[70vh] lg:grid-cols-[18rem_minmax(0,1fr)_20rem]">
          <div className="h-[60vh] overflow-hidden rounded-lg border border-zinc-200 bg-white lg:h-auto">
            <NodeList
              nodes={shown.nodes}
              layers={layers}
              selected={selected}
              highlighted={inv.highlight.nodes}
              pinned={state.pinned}
              onSelect={setSelected}
            />
          </div>
          {!narrow ? (
            <GraphPane
              nodes={shown.nodes}
              edges={shown.edges}
              state={state}
              layers={layers}
              selected={selected}
              highlight={inv.highlight}
              onSelect={setSelected}
              onMoved={inv.move}
              onShowAll={inv.showAll}
            />
          ) : null}
          <div className="overflow-y-auto rounded-lg border border-zinc-200 bg-white">
            {selectedNode ? (
              <NodePanel
                node={selectedNode}
                edges={selectedEdges}
                labelOf={labelOf}
                pinned={state.pinned.has(selectedNode.id)}
                busy={busy !== null}
                onExpand={expandSelected}
                onPin={() => inv.togglePin(selectedNode.id)}
                onNeighbours={() => inv.selectNeighbours(selectedNode.id)}
                onHide={() => {
                  inv.hide(selectedNode.id);
                  setSelected(null);
                }}
                onPathFromRoot={root && root !== selectedNode.id ? () => void inv.findPaths(root, selectedNode.id, 6, 3) : null}
                onClose={() => setSelected(null)}
              />
            ) : (
              <p className="p-4 text-sm text-zinc-600">
                Selecione um nó no grafo ou na lista para ver os dados do registro e os casos dele.
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
