"use client";

import "@xyflow/react/dist/base.css";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  Background,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  getViewportForBounds,
  useReactFlow,
  useStore,
  type Edge,
  type ReactFlowInstance,
} from "@xyflow/react";
import { radiusOf, type GraphNode, type NetworkGraph } from "@/lib/network/graph";
import type { FilteredNetwork } from "@/lib/network/filter";
import { RISK_META, relationLabel } from "@/lib/network/labels";
import { edgeStyleOf } from "@/lib/network/edge-style";
import { PartyNode, type PartyFlowNode } from "./party-node";

// The graph itself: React Flow over positions computed by the BFF (d3-force, cached), so the
// browser only draws. Nodes outside the filters are hidden; their ancestors stay faded.

const NODE_TYPES = { party: PartyNode };
const ARIA_LABELS = {
  "node.a11yDescription.default": "Pressione Enter ou espaço para ver os processos deste vínculo.",
  "node.a11yDescription.keyboardDisabled": "Pressione Enter ou espaço para selecionar.",
  "node.a11yDescription.ariaLiveMessage": ({ direction }: { direction: string }) => `Nó movido: ${direction}.`,
  "edge.a11yDescription.default": "Vínculo entre duas partes.",
  "controls.ariaLabel": "Controles do grafo",
  "controls.zoomIn.ariaLabel": "Aproximar",
  "controls.zoomOut.ariaLabel": "Afastar",
  "controls.fitView.ariaLabel": "Ajustar à tela",
  "controls.interactive.ariaLabel": "Alternar interação",
  "minimap.ariaLabel": "Minimapa da rede",
  "handle.ariaLabel": "Ponto de conexão",
};

export interface NetworkCanvasProps {
  graph: Extract<NetworkGraph, { status: "ok" }>;
  filtered: FilteredNetwork;
  selectedId: string | null;
  focusId: string | null;
  onSelect: (id: string) => void;
}

function toFlowNode(node: GraphNode, faded: boolean, selected: boolean, highlighted: boolean): PartyFlowNode {
  const r = radiusOf(node);
  return {
    id: node.id,
    type: "party",
    position: { x: node.x - r, y: node.y - r },
    width: r * 2,
    height: r * 2,
    data: { node, faded, selected, highlighted },
    draggable: false,
    connectable: false,
    ariaLabel: `${node.name}${node.depth > 0 ? `, ${RISK_META[node.risk].label}` : ", titular"}`,
  };
}

/** The viewport that shows every drawn node: computed from the known positions, so it never waits for React Flow to measure 300+ nodes. */
function fitTo(flow: ReactFlowInstance<PartyFlowNode>, element: HTMLElement | null, nodes: PartyFlowNode[], duration = 0) {
  if (!element || nodes.length === 0) return Promise.resolve(false);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.position.x);
    minY = Math.min(minY, n.position.y);
    maxX = Math.max(maxX, n.position.x + (n.width ?? 0));
    maxY = Math.max(maxY, n.position.y + (n.height ?? 0) + 16);
  }
  const viewport = getViewportForBounds(
    { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    element.clientWidth,
    element.clientHeight,
    0.05,
    2.5,
    0.06,
  );
  return flow.setViewport(viewport, { duration });
}

function Toolbar({ onFit }: { onFit: () => void }) {
  const flow = useReactFlow();
  const button =
    "flex h-8 min-w-8 items-center justify-center rounded-md bg-white px-2 text-xs font-medium text-zinc-700 shadow-sm ring-1 ring-zinc-300 hover:bg-zinc-50";
  return (
    <div className="flex gap-1" role="group" aria-label="Controles do grafo">
      <button type="button" className={button} onClick={onFit}>
        Ajustar
      </button>
      <button type="button" className={button} aria-label="Aproximar" onClick={() => void flow.zoomIn({ duration: 200 })}>
        +
      </button>
      <button type="button" className={button} aria-label="Afastar" onClick={() => void flow.zoomOut({ duration: 200 })}>
        −
      </button>
    </div>
  );
}

function Inner({ graph, filtered, selectedId, focusId, onSelect }: NetworkCanvasProps) {
  const flow = useReactFlow<PartyFlowNode>();
  const wrapper = useRef<HTMLDivElement>(null);
  const [settled, setSettled] = useState(false);
  const fitted = useRef(false);
  // Edge labels only once they are legible (zoomed in, or a small network).
  const zoomedIn = useStore((s) => s.transform[2] >= 0.6);

  const nodes = useMemo(() => {
    const out: PartyFlowNode[] = [toFlowNode(graph.subject, false, selectedId === "subject", false)];
    for (const n of graph.nodes) {
      const shown = filtered.matched.has(n.id) || filtered.context.has(n.id);
      if (!shown) continue;
      out.push(toFlowNode(n, !filtered.matched.has(n.id), selectedId === n.id, focusId === n.id));
    }
    return out;
  }, [graph, filtered, selectedId, focusId]);

  const edges = useMemo(() => {
    const shown = new Set(nodes.map((n) => n.id));
    const labelled = zoomedIn || nodes.length <= 60;
    const out: Edge[] = [];
    for (const e of graph.edges) {
      if (!shown.has(e.source) || !shown.has(e.target)) continue;
      const style = edgeStyleOf(e.relation);
      out.push({
        id: e.id,
        source: e.source,
        target: e.target,
        type: "straight",
        label: labelled ? relationLabel(e.relation) : undefined,
        ariaLabel: relationLabel(e.relation),
        labelStyle: { fontSize: 9, fill: "#3f3f46" },
        labelBgStyle: { fill: "#ffffff", fillOpacity: 0.8 },
        labelBgPadding: [2, 1],
        style: { stroke: style.color, strokeWidth: 1.2, strokeDasharray: style.dash.join(" ") || undefined },
        focusable: false,
        selectable: false,
      });
    }
    return out;
  }, [graph, nodes, zoomedIn]);

  // Settled: nodes measured and the view fitted (the benchmark and the tests wait for it).
  const onInit = () => {
    if (fitted.current) return;
    fitted.current = true;
    void fitTo(flow, wrapper.current, nodes).then(() => requestAnimationFrame(() => requestAnimationFrame(() => setSettled(true))));
  };

  useEffect(() => {
    if (!focusId) return;
    const node = focusId === "subject" ? graph.subject : graph.nodes.find((n) => n.id === focusId);
    if (node) void flow.setCenter(node.x, node.y, { zoom: 1.3, duration: 300 });
  }, [focusId, graph, flow]);

  return (
    <div
      ref={wrapper}
      data-testid="network-graph"
      data-settled={settled ? "true" : "false"}
      data-node-count={nodes.length}
      className="h-full w-full"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodeClick={(_, node) => onSelect(node.id)}
        onInit={onInit}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        minZoom={0.05}
        maxZoom={2.5}
        ariaLabelConfig={ARIA_LABELS}
        proOptions={{ hideAttribution: false }}
      >
        <Background gap={24} color="#e4e4e7" />
        <MiniMap
          pannable
          zoomable
          nodeColor={(n) => ((n as PartyFlowNode).data.node.depth === 0 ? "#18181b" : RISK_META[(n as PartyFlowNode).data.node.risk].color)}
          ariaLabel="Minimapa da rede"
        />
        <Panel position="top-right">
          <Toolbar onFit={() => void fitTo(flow, wrapper.current, nodes, 250)} />
        </Panel>
      </ReactFlow>
    </div>
  );
}

export default function NetworkCanvas(props: NetworkCanvasProps) {
  return (
    <ReactFlowProvider>
      <Inner {...props} />
    </ReactFlowProvider>
  );
}
