import "server-only";

import { forceCollide, forceLink, forceRadial, forceSimulation, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { radiusOf, type NetworkGraph } from "./graph";

// Places the network with d3-force once, in the BFF, off the browser's render path: a fixed
// number of ticks from a deterministic start (same network, same picture), then cached. The
// browser receives positions and never runs the simulation.

const TICKS = 120;
const RING = 260;

interface SimNode extends SimulationNodeDatum {
  id: string;
  depth: number;
  r: number;
  ring: number;
}

export function layoutGraph(graph: NetworkGraph): NetworkGraph {
  if (graph.status !== "ok") return graph;
  const all = [graph.subject, ...graph.nodes];
  const children = new Map<string, string[]>();
  for (const n of graph.nodes) children.set(n.parent!, [...(children.get(n.parent!) ?? []), n.id]);
  // Start: each level on its ring, children in their parent's angular slice.
  const angle = new Map<string, number>([["subject", 0]]);
  const slice = new Map<string, number>([["subject", Math.PI * 2]]);
  // A node's slice is proportional to the size of its subtree, so the outer levels fill the circle.
  const weight = new Map<string, number>();
  const weigh = (id: string): number => {
    const w = 1 + (children.get(id) ?? []).reduce((sum, kid) => sum + weigh(kid), 0);
    weight.set(id, w);
    return w;
  };
  weigh("subject");
  const queue = ["subject"];
  while (queue.length) {
    const id = queue.shift()!;
    const kids = children.get(id) ?? [];
    const width = slice.get(id)!;
    const total = kids.reduce((sum, kid) => sum + weight.get(kid)!, 0);
    let cursor = angle.get(id)! - (id === "subject" ? 0 : width / 2);
    for (const kid of kids) {
      const share = (width * weight.get(kid)!) / total;
      angle.set(kid, cursor + share / 2);
      slice.set(kid, share);
      cursor += share;
      queue.push(kid);
    }
  }
  // Each level's ring is long enough for its nodes side by side; crowded levels alternate
  // between two sub-rings, which halves the circumference they need.
  const ringOf = new Map<number, number>([[0, 0]]);
  const maxDepth = Math.max(0, ...all.map((n) => n.depth));
  for (let d = 1; d <= maxDepth; d++) {
    const level = all.filter((n) => n.depth === d);
    const needed = level.reduce((sum, n) => sum + radiusOf(n) * 2 + 26, 0) / (2 * Math.PI) / (level.length > 60 ? 2 : 1);
    ringOf.set(d, Math.max(ringOf.get(d - 1)! + RING, needed));
  }
  const levelCount = new Map<number, number>();
  for (const n of all) levelCount.set(n.depth, (levelCount.get(n.depth) ?? 0) + 1);
  const order = new Map<string, number>();
  [...angle.entries()].sort((a, b) => a[1] - b[1]).forEach(([id], index) => order.set(id, index));
  const radial = (n: { id: string; depth: number }) => {
    const base = ringOf.get(n.depth) ?? n.depth * RING;
    const crowded = (levelCount.get(n.depth) ?? 0) > 60;
    return crowded && (order.get(n.id) ?? 0) % 2 === 1 ? base + 120 : base;
  };
  const sim: SimNode[] = all.map((n) => {
    const a = angle.get(n.id) ?? 0;
    const r = radial(n);
    return {
      id: n.id,
      depth: n.depth,
      r: radiusOf(n),
      ring: r,
      x: Math.cos(a) * r,
      y: Math.sin(a) * r,
      ...(n.depth === 0 ? { fx: 0, fy: 0 } : {}),
    };
  });
  const links: SimulationLinkDatum<SimNode>[] = graph.edges.map((e) => ({ source: e.source, target: e.target }));
  const simulation = forceSimulation(sim)
    .force(
      "link",
      forceLink<SimNode, SimulationLinkDatum<SimNode>>(links)
        .id((d) => d.id)
        .distance((l) => Math.max(90, (l.target as SimNode).ring - (l.source as SimNode).ring))
        .strength(0.3),
    )
    // no many-body force: the sliced start already spreads the levels, and collide keeps nodes apart at a fraction of the cost
    .force("collide", forceCollide<SimNode>((d) => d.r + 10).strength(0.9))
    .force("radial", forceRadial<SimNode>((d) => d.ring, 0, 0).strength(0.35))
    .stop();
  for (let i = 0; i < TICKS; i++) simulation.tick();
  const at = new Map(sim.map((n) => [n.id, n]));
  const place = <T extends { id: string; x: number; y: number }>(n: T): T => ({
    ...n,
    x: Math.round(at.get(n.id)!.x ?? 0),
    y: Math.round(at.get(n.id)!.y ?? 0),
  });
  return { ...graph, subject: place(graph.subject), nodes: graph.nodes.map(place) };
}

const CACHE_SIZE = 40;
const cache = new Map<string, NetworkGraph>();

/** Laid out once per network (key: owner and the network's refs); the newest 40 are kept. */
export function cachedLayout(key: string, build: () => NetworkGraph): NetworkGraph {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const graph = layoutGraph(build());
  cache.set(key, graph);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return graph;
}
