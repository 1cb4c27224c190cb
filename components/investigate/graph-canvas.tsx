"use client";

import Graph from "graphology";
import Sigma from "sigma";
import { useEffect, useRef, useState } from "react";
import { nodeColor, nodeSize } from "./style";
import type { Layers } from "./graph-state";
import type { InvEdge, InvNode, Position } from "./types";

// The graph drawn with WebGL (sigma over graphology): thousands of nodes stay interactive (pan,
// zoom, hover, click). The list beside it is the accessible view of the same graph; this canvas
// is for the eye and the mouse (docs/investigate.md). Drag a node to move and pin it.

export interface CanvasProps {
  nodes: InvNode[];
  edges: InvEdge[];
  positions: Map<string, Position>;
  layers: Layers;
  selected: string | null;
  /** Nodes and edges of the highlighted paths (empty: nothing highlighted). */
  highlight: { nodes: Set<string>; edges: Set<string> };
  pinned: Set<string>;
  onSelect: (id: string | null) => void;
  onMoved: (id: string, position: Position) => void;
  /** Called once with a function that draws the current view into a PNG (null while there is none). */
  onReady?: (api: { fit: () => void; zoom: (by: number) => void } | null) => void;
}

export default function GraphCanvas(props: CanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma | null>(null);
  const latest = useRef(props);
  const [failed, setFailed] = useState(false);
  latest.current = props;

  useEffect(() => {
    if (!container.current) return;
    const graph = new Graph({ type: "undirected", multi: true });
    let renderer: Sigma;
    try {
      renderer = new Sigma(graph, container.current, {
        renderLabels: true,
        allowInvalidContainer: true,
        // room for the names of the nodes at the border
        stagePadding: 60,
        labelRenderedSizeThreshold: 7,
        labelDensity: 0.5,
        defaultEdgeColor: "#d4d4d8",
        zIndex: true,
        hideEdgesOnMove: true,
        nodeReducer: (id, data) => {
          const p = latest.current;
          const lit = p.highlight.nodes.size > 0;
          const out = { ...data };
          if (id === p.selected) return { ...out, highlighted: true, zIndex: 3, forceLabel: true };
          // a path's names all show; a large neighbourhood's are left to sigma's label grid (no overlaps)
          if (lit && p.highlight.nodes.has(id))
            return { ...out, zIndex: 2, forceLabel: p.highlight.nodes.size <= 25, size: (data.size as number) * 1.4 };
          if (lit) return { ...out, color: "#e4e4e7", label: "", zIndex: 0 };
          if (p.pinned.has(id)) return { ...out, zIndex: 1, forceLabel: true };
          return out;
        },
        edgeReducer: (id, data) => {
          const p = latest.current;
          if (p.highlight.edges.size > 0)
            return p.highlight.edges.has(id) ? { ...data, color: "#f59e0b", size: 3, zIndex: 2 } : { ...data, color: "#f4f4f5", zIndex: 0 };
          return data;
        },
      });
    } catch {
      setFailed(true);
      return;
    }
    sigma.current = renderer;
    let dragging: string | null = null;
    renderer.on("clickNode", ({ node }) => latest.current.onSelect(node));
    renderer.on("clickStage", () => latest.current.onSelect(null));
    renderer.on("downNode", ({ node }) => {
      dragging = node;
      if (!renderer.getCustomBBox()) renderer.setCustomBBox(renderer.getBBox());
    });
    renderer.on("moveBody", ({ event }) => {
      if (!dragging) return;
      const p = renderer.viewportToGraph(event);
      graph.mergeNodeAttributes(dragging, { x: p.x, y: p.y });
      event.preventSigmaDefault();
      event.original.preventDefault();
      event.original.stopPropagation();
    });
    const drop = () => {
      if (!dragging) return;
      const a = graph.getNodeAttributes(dragging);
      latest.current.onMoved(dragging, { x: a.x as number, y: a.y as number });
      dragging = null;
    };
    renderer.on("upNode", drop);
    renderer.on("upStage", drop);
    latest.current.onReady?.({
      fit: () => void renderer.getCamera().animatedReset({ duration: 200 }),
      zoom: (by) => {
        const camera = renderer.getCamera();
        void camera.animate({ ratio: camera.ratio / by }, { duration: 200 });
      },
    });
    return () => {
      latest.current.onReady?.(null);
      renderer.kill();
      sigma.current = null;
    };
  }, []);

  // the data: the graph is rebuilt (a few ms for 5,000 nodes), the camera kept
  const { nodes, edges, positions, layers } = props;
  useEffect(() => {
    const renderer = sigma.current;
    if (!renderer) return;
    const graph = renderer.getGraph();
    graph.clear();
    // smaller dots when there are many, so a 2,000-node graph is not one blot
    const scale = nodes.length > 1_000 ? 0.55 : nodes.length > 300 ? 0.75 : 1;
    for (const n of nodes) {
      const p = positions.get(n.id) ?? { x: 0, y: 0 };
      graph.addNode(n.id, { x: p.x, y: p.y, size: nodeSize(n) * scale, color: nodeColor(n, layers), label: n.label });
    }
    for (const e of edges)
      if (graph.hasNode(e.source) && graph.hasNode(e.target))
        graph.addEdgeWithKey(e.id, e.source, e.target, {
          size: e.type === "partner" ? 1.2 : 0.8,
          color: e.type.startsWith("same_") ? "#a5b4fc" : e.type === "lawsuit" ? "#d4d4d8" : "#a1a1aa",
        });
    // a small graph shows every name; a large one the names of the bigger nodes as the zoom allows
    renderer.setSetting("labelRenderedSizeThreshold", nodes.length <= 150 ? 0 : 7);
    renderer.setCustomBBox(null);
    renderer.refresh();
  }, [nodes, edges, positions, layers]);

  // selection, highlight and pins only change the reducers' answers
  const { selected, highlight, pinned } = props;
  useEffect(() => {
    sigma.current?.refresh({ skipIndexation: true });
  }, [selected, highlight, pinned]);

  if (failed)
    return (
      <div
        data-testid="investigate-webgl-missing"
        className="flex h-full items-center justify-center p-6 text-center text-sm text-zinc-600"
      >
        Este navegador não desenha o grafo (WebGL indisponível). Use a lista de nós ao lado: ela mostra o mesmo grafo.
      </div>
    );
  return <div ref={container} data-testid="investigate-canvas" className="h-full w-full" aria-hidden="true" />;
}
