import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import type { InvEdge, Position } from "./types";

// The graph's layout: ForceAtlas2 for a fixed number of iterations (Barnes-Hut above 300 nodes),
// starting from the positions the nodes already have, pinned nodes fixed. A fixed count settles
// in a known time: 2,000 nodes in well under 2 s (bench/investigate-layout.ts,
// docs/benchmarks.md), so no worker is needed and the result does not depend on timing.

export function iterationsFor(count: number): number {
  if (count <= 300) return 150;
  if (count <= 2_000) return 80;
  return 50;
}

export function layoutPositions(
  ids: string[],
  edges: ReadonlyArray<Pick<InvEdge, "source" | "target">>,
  start: Map<string, Position>,
  pinned: Set<string> = new Set(),
  iterations = iterationsFor(ids.length),
): Map<string, Position> {
  const graph = new Graph({ type: "undirected", multi: false });
  ids.forEach((id, i) => {
    const p = start.get(id) ?? { x: Math.cos(i) * i, y: Math.sin(i) * i };
    graph.addNode(id, { x: p.x, y: p.y, fixed: pinned.has(id) });
  });
  for (const e of edges)
    if (graph.hasNode(e.source) && graph.hasNode(e.target) && e.source !== e.target) graph.mergeEdge(e.source, e.target);
  if (ids.length > 1) {
    const settings = forceAtlas2.inferSettings(graph);
    forceAtlas2.assign(graph, { iterations, settings: { ...settings, barnesHutOptimize: ids.length > 300 } });
  }
  const out = new Map<string, Position>();
  graph.forEachNode((id, a) => out.set(id, { x: a.x as number, y: a.y as number }));
  return out;
}
