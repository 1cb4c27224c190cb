import type { ExpandAnswer, InvEdge, InvNode, Omission, Position, SnapshotBody } from "./types";

// The page's graph: every node and edge the investigator has brought in (expansions, paths, a
// snapshot), their positions, and what they pinned or hid. Pure functions over plain maps: the
// canvas (sigma) and the list both draw from `visibleGraph`.

export interface InvState {
  nodes: Map<string, InvNode>;
  edges: Map<string, InvEdge>;
  positions: Map<string, Position>;
  pinned: Set<string>;
  hidden: Set<string>;
  releases: Set<string>;
  /** The last answer's truncation, for the "N nós omitidos" message. */
  omitted: Omission[];
  truncated: boolean;
}

export interface Layers {
  sanctions: boolean;
  restrictive: boolean;
  inactive: boolean;
  lawsuits: boolean;
  contacts: boolean;
}

export const ALL_LAYERS: Layers = { sanctions: true, restrictive: true, inactive: true, lawsuits: true, contacts: true };

export const CONTACT_EDGES = new Set(["same_address", "same_phone", "same_email"]);

export const edgeKey = (e: Pick<InvEdge, "id">): string => e.id;

export function emptyState(): InvState {
  return {
    nodes: new Map(),
    edges: new Map(),
    positions: new Map(),
    pinned: new Set(),
    hidden: new Set(),
    releases: new Set(),
    omitted: [],
    truncated: false,
  };
}

/** A point on a small circle around `center`, spread by the node's index among the new ones. */
function around(center: Position, index: number, count: number, radius: number): Position {
  const angle = (2 * Math.PI * index) / Math.max(count, 1) + (index % 7) * 0.13;
  const r = radius * (1 + (index % 5) * 0.15);
  return { x: center.x + r * Math.cos(angle), y: center.y + r * Math.sin(angle) };
}

/** Adds an answer's nodes and edges (a node already there keeps its position; a hidden one shows again). New nodes start around `from`. */
export function mergeAnswer(
  state: InvState,
  answer: Pick<ExpandAnswer, "nodes" | "edges"> & Partial<Pick<ExpandAnswer, "truncated" | "omitted" | "releases">>,
  from?: string,
): InvState {
  const nodes = new Map(state.nodes);
  const edges = new Map(state.edges);
  const positions = new Map(state.positions);
  const hidden = new Set(state.hidden);
  const releases = new Set(state.releases);
  const fresh = answer.nodes.filter((n) => !positions.has(n.id));
  const center = (from && positions.get(from)) || { x: 0, y: 0 };
  const radius = 10 + Math.sqrt(fresh.length) * 4;
  fresh.forEach((n, i) => positions.set(n.id, around(center, i, fresh.length, radius)));
  for (const n of answer.nodes) {
    nodes.set(n.id, n);
    hidden.delete(n.id);
  }
  for (const e of answer.edges) {
    if (!nodes.has(e.source) || !nodes.has(e.target)) continue;
    edges.set(edgeKey(e), e);
  }
  for (const r of answer.releases ?? []) releases.add(r);
  return {
    ...state,
    nodes,
    edges,
    positions,
    hidden,
    releases,
    omitted: answer.omitted ?? [],
    truncated: answer.truncated ?? false,
  };
}

/** A saved snapshot as the page's state: its nodes, edges and positions exactly as they were saved. */
export function fromSnapshot(body: SnapshotBody): InvState {
  const state = mergeAnswer(emptyState(), { nodes: body.nodes, edges: body.edges });
  for (const [id, p] of Object.entries(body.positions)) if (state.nodes.has(id)) state.positions.set(id, { x: p.x, y: p.y });
  for (const r of body.releases) state.releases.add(r);
  return state;
}

export function toSnapshot(state: InvState): SnapshotBody {
  const { nodes, edges } = visibleGraph(state, ALL_LAYERS);
  const positions: Record<string, Position> = {};
  for (const n of nodes) {
    const p = state.positions.get(n.id);
    if (p) positions[n.id] = { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
  }
  return { nodes, edges, positions, releases: [...state.releases].sort() };
}

const isContact = (e: InvEdge) => CONTACT_EDGES.has(e.type);

/**
 * What the canvas and the list show: hidden nodes out; with "Processos" off, lawsuit nodes out;
 * with "Contatos compartilhados" off, the same_* edges out and the nodes only they brought in.
 * The flag layers (sanções, lista restritiva, inativas) change how a node is drawn, not whether.
 */
export function visibleGraph(state: InvState, layers: Layers, keep?: string | null): { nodes: InvNode[]; edges: InvEdge[] } {
  const shown = (n: InvNode) => !state.hidden.has(n.id) && (layers.lawsuits || n.type !== "lawsuit");
  const edges = [...state.edges.values()].filter((e) => {
    if (!layers.contacts && isContact(e)) return false;
    const s = state.nodes.get(e.source);
    const t = state.nodes.get(e.target);
    return Boolean(s && t && shown(s) && shown(t));
  });
  let nodes = [...state.nodes.values()].filter(shown);
  if (!layers.contacts) {
    const linked = new Set<string>();
    for (const e of edges) linked.add(e.source).add(e.target);
    const byContactOnly = new Set<string>();
    for (const e of state.edges.values()) if (isContact(e)) byContactOnly.add(e.source).add(e.target);
    nodes = nodes.filter((n) => linked.has(n.id) || !byContactOnly.has(n.id) || n.id === keep || state.pinned.has(n.id));
  }
  return { nodes, edges };
}

export function neighboursOf(state: InvState, id: string): string[] {
  const out = new Set<string>();
  for (const e of state.edges.values()) {
    if (e.source === id) out.add(e.target);
    else if (e.target === id) out.add(e.source);
  }
  out.delete(id);
  return [...out];
}

export function degreeOf(state: InvState, id: string): number {
  return neighboursOf(state, id).length;
}

export function toggle(set: Set<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
