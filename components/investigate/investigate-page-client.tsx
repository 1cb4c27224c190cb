"use client";

import dynamic from "next/dynamic";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { useNarrow } from "@/components/ui/use-narrow";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { isTyping } from "@/lib/utils/is-typing";
import { edgesCsv, investigateFileName, downloadBlob, downloadText, nodesCsv, toGraphML } from "./export-formats";
import { graphToPng } from "./export-png";
import { ALL_LAYERS, toSnapshot, visibleGraph, type Layers } from "./graph-state";
import { edgeTypeLabel, flagLabel, nodeTypeLabel, omittedMessage } from "./labels";
import { LayoutProgress } from "./layout-progress";
import { NodeList } from "./node-list";
import { NodePanel } from "./node-panel";
import { SaveToCase } from "./save-to-case";
import { ExportMenu, LayersBar, PathForm, StartForm, type ExportChoice } from "./toolbar";
import { useInvestigation } from "./use-investigation";
import type { SnapshotBody } from "./types";

// /investigate ("Investigação", issue 33 item 4): start from a company, a partner, a person or a
// case; expand by 1 to 3 levels; find the paths to a CNPJ or CPF; switch layers; pin, hide, select
// neighbours; export; save on a case. The canvas (WebGL) and the list show the same graph; at
// phone width the list stands in for the canvas.

const GraphCanvas = dynamic(() => import("./graph-canvas"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

const LIMITS = [50, 200, 500];

interface SavedSnapshot extends SnapshotBody {
  id: string;
  title: string;
  createdAt: string;
  createdBy: { email: string | null };
}

export function InvestigatePageClient({ canSave }: { canSave: boolean }) {
  const search = useSearchParams();
  const router = useRouter();
  const toast = useToast();
  const narrow = useNarrow();
  const inv = useInvestigation();
  const { state, busy } = inv;
  const [layers, setLayers] = useState<Layers>(ALL_LAYERS);
  const [selected, setSelected] = useState<string | null>(null);
  const [root, setRoot] = useState<string | null>(null);
  const [limit, setLimit] = useState(200);
  const [snapshotInfo, setSnapshotInfo] = useState<{ title: string; createdAt: string; by: string | null } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const camera = useRef<{ fit: () => void; zoom: (by: number) => void } | null>(null);

  const nodeParam = search.get("node");
  const caseParam = search.get("case");
  const snapshotParam = search.get("snapshot");

  // the URL's start: a snapshot (as saved) or a node (expanded by one level)
  const started = useRef<string | null>(null);
  useEffect(() => {
    const key = `${nodeParam}|${caseParam}|${snapshotParam}`;
    if (started.current === key) return;
    started.current = key;
    setLoadError(null);
    if (snapshotParam && caseParam) {
      bffFetch<SavedSnapshot>(`/bff/graph/cases/${encodeURIComponent(caseParam)}/snapshots/${encodeURIComponent(snapshotParam)}`)
        .then((s) => {
          inv.loadSnapshot(s);
          setSnapshotInfo({ title: s.title, createdAt: s.createdAt, by: s.createdBy?.email ?? null });
          setRoot(s.nodes[0]?.id ?? null);
        })
        .catch((e: Error) => setLoadError(e.message));
      return;
    }
    if (nodeParam)
      void inv.expand(nodeParam, 1, limit).then((id) => {
        if (id) {
          setRoot(id);
          setSelected(id);
        }
      });
    // the start runs once per URL (inv's acts are stable; limit is read as it was then)
  }, [nodeParam, caseParam, snapshotParam]);

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

  // keys 1 to 3 expand the selected node (as in rede-cnpj); Escape clears the highlight
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "1" || e.key === "2" || e.key === "3") {
        if (!selected) return;
        e.preventDefault();
        expandSelected(Number(e.key) as 1 | 2 | 3);
      } else if (e.key === "Escape") inv.clearHighlight();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, expandSelected, inv]);

  const importJson = async (file: File) => {
    try {
      const body = JSON.parse(await file.text()) as SnapshotBody;
      if (!Array.isArray(body.nodes) || !Array.isArray(body.edges) || typeof body.positions !== "object")
        throw new Error("O arquivo não é um grafo exportado pelo Lupa (JSON com nós, ligações e posições).");
      inv.loadSnapshot({ nodes: body.nodes, edges: body.edges, positions: body.positions ?? {}, releases: body.releases ?? [] });
      setRoot(body.nodes[0]?.id ?? null);
      setSelected(null);
      setSnapshotInfo(null);
      toast.show({ kind: "success", message: `Grafo aberto: ${body.nodes.length.toLocaleString("pt-BR")} nós, como foi exportado.` });
    } catch (e) {
      toast.show({ kind: "error", message: e instanceof SyntaxError ? "O arquivo não é um JSON válido." : (e as Error).message });
    }
  };

  // at phone width the panel sits under the list: bring it into view when a node is chosen
  useEffect(() => {
    if (narrow && selected) document.getElementById("investigate-panel-title")?.scrollIntoView({ block: "start" });
  }, [narrow, selected]);

  const start = (text: string) => router.push(`/investigate?node=${encodeURIComponent(text)}${caseParam ? `&case=${caseParam}` : ""}`);

  const doExport = async (choice: ExportChoice) => {
    const format = choice.startsWith("csv") ? "csv" : (choice as "graphml" | "png" | "json");
    try {
      await bffSend("/bff/graph/exports", {
        method: "POST",
        body: {
          format,
          nodeCount: shown.nodes.length,
          edgeCount: shown.edges.length,
          root: root ?? undefined,
          caseId: caseParam ?? undefined,
        },
      });
    } catch (e) {
      toast.show({ kind: "error", message: `Exportação não registrada: ${(e as Error).message}` });
      return;
    }
    const title = rootNode?.label ?? null;
    if (choice === "graphml")
      downloadText(investigateFileName(title, "graphml"), toGraphML(shown.nodes, shown.edges, state.positions), "application/graphml+xml");
    else if (choice === "csv-nodes")
      downloadText(investigateFileName(title, "nos.csv"), nodesCsv(shown.nodes, nodeTypeLabel, flagLabel), "text/csv");
    else if (choice === "csv-edges")
      downloadText(investigateFileName(title, "ligacoes.csv"), edgesCsv(shown.edges, edgeTypeLabel), "text/csv");
    else if (choice === "json")
      downloadText(investigateFileName(title, "json"), JSON.stringify(toSnapshot(state), null, 2), "application/json");
    else
      downloadBlob(
        investigateFileName(title, "png"),
        await graphToPng(`Investigação – ${title ?? ""}`, shown.nodes, shown.edges, state.positions, layers),
      );
  };

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
            <div className="relative h-[60vh] overflow-hidden rounded-lg border border-zinc-200 bg-white lg:h-auto">
              <GraphCanvas
                nodes={shown.nodes}
                edges={shown.edges}
                positions={state.positions}
                layers={layers}
                selected={selected}
                highlight={inv.highlight}
                pinned={state.pinned}
                onSelect={setSelected}
                onMoved={inv.move}
                onReady={(api) => (camera.current = api)}
              />
              <div className="absolute top-2 right-2 flex gap-1">
                <Button size="sm" onClick={() => camera.current?.zoom(1.5)} aria-label="Aproximar">
                  +
                </Button>
                <Button size="sm" onClick={() => camera.current?.zoom(1 / 1.5)} aria-label="Afastar">
                  −
                </Button>
                <Button size="sm" onClick={() => camera.current?.fit()}>
                  Ajustar
                </Button>
              </div>
              <p
                className="absolute bottom-2 left-2 rounded bg-white/90 px-2 py-0.5 text-xs text-zinc-600"
                data-testid="investigate-counts"
              >
                {shown.nodes.length.toLocaleString("pt-BR")} nós · {shown.edges.length.toLocaleString("pt-BR")} ligações
                {state.hidden.size > 0 ? (
                  <>
                    {" "}
                    · {state.hidden.size} ocultos{" "}
                    <button type="button" className="text-brand-700 underline" onClick={inv.showAll}>
                      mostrar
                    </button>
                  </>
                ) : null}
              </p>
            </div>
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

function PathSummary({
  result,
  labelOf,
  onClear,
}: {
  result: NonNullable<ReturnType<typeof useInvestigation>["paths"]>;
  labelOf: (id: string) => string;
  onClear: () => void;
}) {
  const { answer } = result;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="investigate-paths">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {answer.paths.length === 0
            ? "Nenhum caminho encontrado dentro do limite de passos."
            : `${answer.paths.length} ${answer.paths.length === 1 ? "caminho encontrado" : "caminhos encontrados"} (destacados no grafo).`}{" "}
          {answer.visited.toLocaleString("pt-BR")} nós visitados em {answer.ms.toLocaleString("pt-BR")} ms.
          {answer.truncated ? " A busca parou em 100.000 nós visitados: pode haver caminhos que ela não viu." : ""}
        </p>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Limpar destaque
        </Button>
      </div>
      {answer.paths.length > 0 ? (
        <ol className="mt-1 list-decimal space-y-0.5 pl-5">
          {answer.paths.map((p, i) => (
            <li key={i} data-testid="investigate-path">
              {p.nodes.map((n) => labelOf(n.id)).join(" → ")}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function ImportJson({ onFile, compact = false }: { onFile: (file: File) => void; compact?: boolean }) {
  const id = compact ? "investigate-import-bar" : "investigate-import";
  return (
    <div className={compact ? "" : "mx-auto max-w-md"}>
      {compact ? null : <p className="mb-1 text-xs text-zinc-600">Ou abra um grafo exportado em JSON:</p>}
      <input
        id={id}
        data-testid={id}
        type="file"
        accept="application/json,.json"
        className="peer sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center rounded-md bg-white px-3.5 text-sm font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:bg-zinc-50"
      >
        Abrir JSON…
      </label>
    </div>
  );
}
