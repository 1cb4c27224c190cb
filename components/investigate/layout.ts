import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import defaults from "graphology-layout-forceatlas2/defaults.js";
import { assignLayoutChanges, graphToByteArrays } from "graphology-layout-forceatlas2/helpers.js";
import iterate from "graphology-layout-forceatlas2/iterate.js";
import type { InvEdge, Position } from "./types";

// The graph's layout: ForceAtlas2 for a fixed number of iterations (Barnes-Hut above 300 nodes),
// starting from the positions the nodes already have, pinned nodes fixed. A fixed count gives the
// same positions for the same graph wherever it runs. The page runs it in a Web Worker
// (layout.worker.ts, through layout-runner.ts) so it stays usable meanwhile; this module is plain
// code, also run on the main thread where there is no worker, by the tests and by
// bench/investigate-layout.ts.
//
// The iterations are those of `forceAtlas2.assign` (the library's own matrices, iterate and write
// back, forceatlas2-internals.d.ts), called one at a time so the worker can say how far it is.

export function iterationsFor(count: number): number {
  if (count <= 300) return 150;
  if (count <= 2_000) return 80;
  return 50;
}

/** Called every few iterations (about 20 times a layout) with how many are done. */
export type LayoutProgress = (done: number, total: number) => void;

export function layoutPositions(
  ids: string[],
  edges: ReadonlyArray<Pick<InvEdge, "source" | "target">>,
  start: Map<string, Position>,
  pinned: ReadonlySet<string> = new Set(),
  iterations = iterationsFor(ids.length),
  onProgress?: LayoutProgress,
): Map<string, Position> {
  const graph = new Graph({ type: "undirected", multi: false });
  ids.forEach((id, i) => {
    const p = start.get(id) ?? { x: Math.cos(i) * i, y: Math.sin(i) * i };
    graph.addNode(id, { x: p.x, y: p.y, fixed: pinned.has(id) });
  });
  for (const e of edges)
    if (graph.hasNode(e.source) && graph.hasNode(e.target) && e.source !== e.target) graph.mergeEdge(e.source, e.target);
  if (ids.length > 1) {
    const settings = { ...defaults, ...forceAtlas2.inferSettings(graph), barnesHutOptimize: ids.length > 300 };
    // every edge weighs 1, as forceAtlas2.assign reads an edge without a `weight` attribute
    const matrices = graphToByteArrays(graph, () => 1);
    const step = Math.max(1, Math.ceil(iterations / 20));
    for (let i = 1; i <= iterations; i++) {
      iterate(settings, matrices.nodes, matrices.edges);
      if (onProgress && (i % step === 0 || i === iterations)) onProgress(i, iterations);
    }
    assignLayoutChanges(graph, matrices.nodes, null);
  }
  const out = new Map<string, Position>();
  graph.forEachNode((id, a) => out.set(id, { x: a.x as number, y: a.y as number }));
  return out;
}
