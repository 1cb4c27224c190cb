// Expand and path (issue 33, items 2 and 3; docs/graph.md), over a GraphSource read level by level.
// Expand: breadth first to the depth asked, then, when more nodes were found than the limit, the
// most connected kept (the root always), with `omitted` saying how many were left out and why.
// Path: two breadth-first searches, one from each end, each step expanding the smaller frontier
// whole, until they meet (then every path through a meeting node is a shortest one), maxDepth is
// reached, or 100,000 nodes were visited (truncated).
import type { Services } from "../context";
import { ApiError } from "../http/errors";
import { MAX_VISITED, type ExpandAnswer, type GraphEdge, type GraphNode, type PathAnswer } from "../../lib/contract/graph";
import { parseNodeId } from "./ids";
import { liveRelease } from "./registry";
import { GraphSource, type RawEdge } from "./source";

/** Nodes expanded at most per level of an expand (a depth-3 walk from a hub would read the registry). */
export const MAX_FRONTIER = 1000;
/** An expand stops going deeper once it has found this many nodes (it keeps the `limit` most connected). */
export const MAX_FOUND = 10_000;
/** A path search expands its frontier in chunks of this many nodes, checking the visited budget between them. */
export const PATH_CHUNK = 500;

async function sourceFor(s: Services, workspaceId: string): Promise<GraphSource> {
  return new GraphSource(s, workspaceId, await liveRelease(s.database.query));
}

async function known(src: GraphSource, id: string) {
  const ref = parseNodeId(id);
  if (!ref || !(await src.exists(ref))) throw new ApiError("not_found", "node not found");
  return ref;
}

const otherEnd = (e: RawEdge, id: string) => (e.source === id ? e.target : e.source);

async function nodesOf(src: GraphSource, ids: string[], edges: GraphEdge[]): Promise<GraphNode[]> {
  const described = await src.describe(ids);
  const degree = new Map<string, number>();
  for (const e of edges) for (const end of [e.source, e.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  return ids.flatMap((id) => {
    const node = described.get(id);
    return node ? [{ ...node, degree: degree.get(id) ?? 0 }] : [];
  });
}

export async function expand(s: Services, workspaceId: string, q: { node: string; depth: number; limit: number }): Promise<ExpandAnswer> {
  const src = await sourceFor(s, workspaceId);
  const root = await known(src, q.node);
  const depthOf = new Map<string, number>([[root.id, 0]]);
  const edges = new Map<string, RawEdge>();
  let frontier = [root.id];
  let frontierLeft = 0;
  for (let d = 1; d <= q.depth && frontier.length > 0; d++) {
    await src.expand(frontier);
    const next: string[] = [];
    for (const id of frontier)
      for (const e of src.edgesOf(id)) {
        edges.set(e.id, e);
        const other = otherEnd(e, id);
        if (!depthOf.has(other)) {
          depthOf.set(other, d);
          next.push(other);
        }
      }
    if (d < q.depth && depthOf.size >= MAX_FOUND) {
      frontierLeft += next.length;
      frontier = [];
      break;
    }
    if (d < q.depth && next.length > MAX_FRONTIER) {
      // the most linked to what was already found first
      const links = new Map<string, number>();
      for (const e of edges.values()) for (const end of [e.source, e.target]) links.set(end, (links.get(end) ?? 0) + 1);
      next.sort((a, b) => (links.get(b) ?? 0) - (links.get(a) ?? 0) || a.localeCompare(b));
      frontierLeft += next.length - MAX_FRONTIER;
      next.length = MAX_FRONTIER;
    }
    frontier = next;
  }

  // the edges between found nodes, then the most connected nodes when there are more than the limit
  const found = [...depthOf.keys()];
  const all = [...edges.values()].filter((e) => depthOf.has(e.source) && depthOf.has(e.target));
  const degree = new Map<string, number>();
  for (const e of all) for (const end of [e.source, e.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const ranked = found
    .filter((id) => id !== root.id)
    .sort((a, b) => (degree.get(b) ?? 0) - (degree.get(a) ?? 0) || depthOf.get(a)! - depthOf.get(b)! || a.localeCompare(b));
  const keptIds = [root.id, ...ranked.slice(0, q.limit - 1)];
  const kept = new Set(keptIds);
  const keptEdges = all.filter((e) => kept.has(e.source) && kept.has(e.target));
  const truncated = found.length > q.limit;
  const omitted = src.omitted();
  if (truncated) omitted.unshift({ reason: "limit", count: found.length - keptIds.length, type: null, value: null, node: null });
  if (frontierLeft > 0)
    omitted.push({
      reason: "depth",
      count: frontierLeft,
      type: null,
      value: `not expanded further: more than ${MAX_FRONTIER} nodes at one level, or ${MAX_FOUND} found`,
      node: null,
    });
  const nodes = await nodesOf(src, keptIds, keptEdges);
  const rest = nodes.slice(1).sort((a, b) => b.degree - a.degree || a.id.localeCompare(b.id));
  return {
    node: root.id,
    depth: q.depth,
    limit: q.limit,
    nodes: [nodes[0]!, ...rest],
    edges: keptEdges,
    truncated,
    omitted,
    releases: src.releases,
  };
}

interface Side {
  dist: Map<string, number>;
  parents: Map<string, { id: string; edge: RawEdge }[]>;
  frontier: string[];
  depth: number;
}

const MAX_PARENTS = 8;

/** Node sequences from the side's origin to `id` over the shortest-path parents (at most `cap`). */
function chains(side: Side, id: string, cap: number): { nodes: string[]; edges: RawEdge[] }[] {
  const parents = side.parents.get(id);
  if (!parents || parents.length === 0) return [{ nodes: [id], edges: [] }];
  const out: { nodes: string[]; edges: RawEdge[] }[] = [];
  for (const p of parents) {
    for (const c of chains(side, p.id, cap - out.length)) {
      out.push({ nodes: [...c.nodes, id], edges: [...c.edges, p.edge] });
      if (out.length >= cap) return out;
    }
  }
  return out;
}

export async function findPaths(
  s: Services,
  workspaceId: string,
  q: { from: string; to: string; maxDepth: number; k: number },
  maxVisited = MAX_VISITED,
): Promise<PathAnswer> {
  const started = performance.now();
  const src = await sourceFor(s, workspaceId);
  const from = await known(src, q.from);
  const to = await known(src, q.to);
  const fwd: Side = { dist: new Map([[from.id, 0]]), parents: new Map(), frontier: [from.id], depth: 0 };
  const bwd: Side = { dist: new Map([[to.id, 0]]), parents: new Map(), frontier: [to.id], depth: 0 };
  let truncated = false;
  const meetings = new Set<string>(from.id === to.id ? [from.id] : []);
  const pathCount = () => {
    let n = 0;
    for (const m of meetings) n += Math.min(q.k, chains(fwd, m, q.k).length * chains(bwd, m, q.k).length);
    return n;
  };

  while (fwd.depth + bwd.depth < q.maxDepth && pathCount() < q.k) {
    const side = fwd.frontier.length === 0 ? bwd : bwd.frontier.length === 0 ? fwd : fwd.frontier.length <= bwd.frontier.length ? fwd : bwd;
    const other = side === fwd ? bwd : fwd;
    if (side.frontier.length === 0) break;
    const next: string[] = [];
    const d = side.depth + 1;
    for (let at = 0; at < side.frontier.length && !truncated; at += PATH_CHUNK) {
      const chunk = side.frontier.slice(at, at + PATH_CHUNK);
      await src.expand(chunk);
      for (const id of chunk)
        for (const e of src.edgesOf(id)) {
          const n = otherEnd(e, id);
          const seen = side.dist.get(n);
          if (seen === undefined) {
            side.dist.set(n, d);
            side.parents.set(n, [{ id, edge: e }]);
            next.push(n);
          } else if (seen === d) {
            const list = side.parents.get(n)!;
            if (list.length < MAX_PARENTS && !list.some((p) => p.id === id)) list.push({ id, edge: e });
          }
          if (other.dist.has(n) && side.dist.get(n)! + other.dist.get(n)! <= q.maxDepth) meetings.add(n);
        }
      if (fwd.dist.size + bwd.dist.size >= maxVisited) truncated = true;
    }
    side.frontier = next;
    side.depth = d;
    if (truncated) break;
  }

  // every path through a meeting node, shortest first, simple, distinct
  const seen = new Set<string>();
  const found: { nodes: string[]; edges: RawEdge[] }[] = [];
  const ordered = [...meetings].sort((a, b) => fwd.dist.get(a)! + bwd.dist.get(a)! - (fwd.dist.get(b)! + bwd.dist.get(b)!));
  for (const m of ordered) {
    for (const head of chains(fwd, m, q.k * 4))
      for (const tail of chains(bwd, m, q.k * 4)) {
        const nodes = [...head.nodes, ...tail.nodes.slice(0, -1).reverse()];
        const edges = [...head.edges, ...tail.edges.slice().reverse()];
        if (new Set(nodes).size !== nodes.length || edges.length > q.maxDepth) continue;
        const key = nodes.join(">");
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ nodes, edges });
      }
  }
  // shortest first; among paths of one length, a stable order (the nodes' ids)
  found.sort((a, b) => a.edges.length - b.edges.length || a.nodes.join(">").localeCompare(b.nodes.join(">")));
  const paths = found.slice(0, q.k);
  const ids = [...new Set(paths.flatMap((p) => p.nodes))];
  const allEdges = paths.flatMap((p) => p.edges);
  const described = new Map((await nodesOf(src, ids, allEdges)).map((n) => [n.id, n]));
  return {
    from: from.id,
    to: to.id,
    paths: paths.map((p) => ({ nodes: p.nodes.map((id) => described.get(id)!), edges: p.edges })),
    visited: fwd.dist.size + bwd.dist.size,
    ms: Math.round(performance.now() - started),
    truncated,
    omitted: src.omitted().filter((o) => o.reason !== "limit" || o.type !== null),
    releases: src.releases,
  };
}
