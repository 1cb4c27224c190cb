"use client";

import "@xyflow/react/dist/base.css";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  Background,
  EdgeLabelRenderer,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  getViewportForBounds,
  useReactFlow,
  useStore,
  type ReactFlowInstance,
  type Viewport,
} from "@xyflow/react";
import { radiusOf, type GraphNode, type NetworkGraph } from "@/lib/network/graph";
import type { FilteredNetwork } from "@/lib/network/filter";
import { RISK_META, relationLabel } from "@/lib/network/labels";
import { edgeStyleOf } from "@/lib/network/edge-style";
import { PartyNode, type PartyFlowNode } from "./party-node";

// The graph itself: React Flow over positions computed by the BFF (d3-force, cached), so the
// browser only draws. Nodes outside the filters are hidden; their ancestors stay faded.
// 300+ nodes are drawn in one pass: the edges are one SVG of lines under the nodes (they are
// neither clicked nor focused, so they need not be 300+ React Flow edges, each its own <svg>
// waiting for its nodes to be measured), and the first viewport is the fitted one, so the graph
// is not drawn first at zoom 1 (with every edge label) and then again fitted.

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

/** Half the width of a node's name under it (party-node.tsx: at most 160 px wide, one line). */
const LABEL_HALF = 80;
const LABEL_HEIGHT = 18;
/** The minimap's box (React Flow's default 200 × 150, 15 px from the corner) and a gap beside it. */
const MINIMAP_SPACE = 200 + 15 + 12;
/** Below this window width (Tailwind's sm) the minimap is hidden (a phone): the graph takes the whole box. */
const MINIMAP_MIN_WIDTH = 640;

/**
 * The viewport that shows every drawn node and its name in a box of width × height, left of the
 * minimap (which would otherwise cover the names in the bottom-right corner): computed from the
 * known positions, so it never waits for React Flow to measure 300+ nodes.
 */
function fittedViewport(nodes: PartyFlowNode[], width: number, height: number): Viewport {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const n of nodes) {
    const w = n.width ?? 0;
    const centre = n.position.x + w / 2;
    minX = Math.min(minX, centre - Math.max(w / 2, LABEL_HALF));
    maxX = Math.max(maxX, centre + Math.max(w / 2, LABEL_HALF));
    minY = Math.min(minY, n.position.y);
    maxY = Math.max(maxY, n.position.y + (n.height ?? 0) + LABEL_HEIGHT);
  }
  if (nodes.length === 0) return { x: 0, y: 0, zoom: 1 };
  const room = window.innerWidth >= MINIMAP_MIN_WIDTH && width > 2 * MINIMAP_SPACE ? width - MINIMAP_SPACE : width;
  return getViewportForBounds({ x: minX, y: minY, width: maxX - minX, height: maxY - minY }, room, height, 0.05, 2.5, 0.04);
}

function fitTo(flow: ReactFlowInstance<PartyFlowNode>, element: HTMLElement | null, nodes: PartyFlowNode[], duration = 0) {
  if (!element || nodes.length === 0) return Promise.resolve(false);
  return flow.setViewport(fittedViewport(nodes, element.clientWidth, element.clientHeight), { duration });
}

interface EdgeLine {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  colour: string;
  dash: string | undefined;
  label: string;
}

/** The edges, in the graph's coordinates, under the nodes (React Flow's edge-label layer is moved and zoomed with the view). */
function EdgeLines({ lines, labelled }: { lines: EdgeLine[]; labelled: boolean }) {
  return (
    <svg data-testid="graph-edges" aria-hidden="true" className="absolute top-0 left-0 overflow-visible" width={1} height={1}>
      {lines.map((l) => (
        <line key={l.id} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} stroke={l.colour} strokeWidth={1.2} strokeDasharray={l.dash} />
      ))}
      {labelled
        ? lines.map((l) => (
            <text
              key={l.id}
              x={(l.x1 + l.x2) / 2}
              y={(l.y1 + l.y2) / 2}
              fontSize={9}
              fill="#3f3f46"
              stroke="#ffffff"
              strokeOpacity={0.8}
              strokeWidth={3}
              paintOrder="stroke"
              textAnchor="middle"
              dominantBaseline="central"
            >
              {l.label}
            </text>
          ))
        : null}
    </svg>
  );
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
  // the first viewport, fitted to the box the graph is drawn in, read before React Flow's first render
  const [defaultViewport, setDefaultViewport] = useState<Viewport | null>(null);
  const initialised = useRef(false);
  // Edge labels only once they are legible (zoomed in, or a small network). React Flow sets its
  // transform after its first render: until then the zoom is the first viewport's.
  const zoom = useStore((s) => (s.panZoom ? s.transform[2] : null));
  const zoomedIn = (zoom ?? defaultViewport?.zoom ?? 0) >= 0.6;

  const nodes = useMemo(() => {
    const out: PartyFlowNode[] = [toFlowNode(graph.subject, false, selectedId === "subject", false)];
    for (const n of graph.nodes) {
      const shown = filtered.matched.has(n.id) || filtered.context.has(n.id);
      if (!shown) continue;
      out.push(toFlowNode(n, !filtered.matched.has(n.id), selectedId === n.id, focusId === n.id));
    }
    return out;
  }, [graph, filtered, selectedId, focusId]);

  // Edges join the centres of drawn nodes; labels only once legible (zoomed in, or a small network).
  const lines = useMemo(() => {
    const at = new Map<string, GraphNode>([[graph.subject.id, graph.subject], ...graph.nodes.map((n) => [n.id, n] as const)]);
    const shown = new Set(nodes.map((n) => n.id));
    const out: EdgeLine[] = [];
    for (const e of graph.edges) {
      if (!shown.has(e.source) || !shown.has(e.target)) continue;
      const from = at.get(e.source)!;
      const to = at.get(e.target)!;
      const style = edgeStyleOf(e.relation);
      out.push({
        id: e.id,
        x1: from.x,
        y1: from.y,
        x2: to.x,
        y2: to.y,
        colour: style.color,
        dash: style.dash.join(" ") || undefined,
        label: relationLabel(e.relation),
      });
    }
    return out;
  }, [graph, nodes]);
  const labelled = zoomedIn || nodes.length <= 60;

  useLayoutEffect(() => {
    const element = wrapper.current;
    // once: later, "Ajustar" fits again
    if (element && !defaultViewport) setDefaultViewport(fittedViewport(nodes, element.clientWidth, element.clientHeight));
  }, [defaultViewport, nodes]);

  // Settled: nodes and edges drawn in the fitted view, painted (the benchmark and the tests wait for it).
  const onInit = () => {
    if (initialised.current) return;
    initialised.current = true;
    requestAnimationFrame(() => requestAnimationFrame(() => setSettled(true)));
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
      {defaultViewport ? (
        <ReactFlow
          defaultViewport={defaultViewport}
          nodes={nodes}
          nodeTypes={NODE_TYPES}
          onNodeClick={(_, node) => onSelect(node.id)}
          onInit={onInit}
          nodesDraggable={false}
          nodesConnectable={false}
          edgesFocusable={false}
          minZoom={0.05}
          maxZoom={2.5}
          ariaLabelConfig={ARIA_LABELS}
          // React Flow (MIT) allows hiding its credit; it is credited in docs/architecture.md, "Credits"
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={24} color="#e4e4e7" />
          <EdgeLabelRenderer>
            <EdgeLines lines={lines} labelled={labelled} />
          </EdgeLabelRenderer>
          <MiniMap
            pannable
            zoomable
            nodeColor={(n) =>
              (n as PartyFlowNode).data.node.depth === 0 ? "#18181b" : RISK_META[(n as PartyFlowNode).data.node.risk].color
            }
            ariaLabel="Minimapa da rede"
            className="max-sm:hidden"
          />
          <Panel position="top-right">
            <Toolbar onFit={() => void fitTo(flow, wrapper.current, nodes, 250)} />
          </Panel>
        </ReactFlow>
      ) : null}
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
