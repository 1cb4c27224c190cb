// The lawsuit network as the console draws it: the subject in the centre, one node per related
// CPF/CNPJ, each hanging from the node it was found through (`via`) or from the subject, with
// the counters the graph sizes and colours by. Built by the BFF from the API's network answer;
// documents reach the browser masked only.
import type { ApiNetwork, ApiNetworkNode } from "@/lib/enrichments/api-types";
import { maskDocument } from "@/lib/contract/documents";
import { INDICATOR_LABELS, type RiskLevel } from "./labels";

export interface GraphIndicator {
  key: string;
  label: string;
  value: number;
  risky: boolean;
}

export interface GraphCounters {
  total: number;
  asDefendant: number | null;
  asPlaintiff: number | null;
  active: number | null;
  inactive: number | null;
  totalClaimValue: number | null;
}

export interface GraphNode {
  id: string;
  /** Opaque reference for the node route (null for the subject). */
  ref: string | null;
  name: string;
  entity: "person" | "company";
  document: string;
  depth: number;
  /** Node this one hangs from (the subject's id at depth 1; null for the subject). */
  parent: string | null;
  relation: string | null;
  role: string | null;
  relations: { relation: string | null; role: string | null }[];
  lawsuits: number | null;
  activeAsDefendant: number | null;
  restrictiveList: boolean;
  risk: RiskLevel;
  queryStatus: "ok" | "failed" | "subject";
  counters: GraphCounters | null;
  indicators: GraphIndicator[];
  x: number;
  y: number;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  relation: string | null;
  role: string | null;
}

export type NetworkGraph =
  { status: "ok"; subject: GraphNode; nodes: GraphNode[]; edges: GraphEdge[]; maxDepth: number } | { status: "skipped"; reason: string };

export interface Subject {
  name: string | null;
  entity: "person" | "company";
  document: string;
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const obj = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function countersOf(lawsuits: Record<string, unknown> | null): GraphCounters | null {
  const c = obj(lawsuits?.counters);
  if (!c) return null;
  return {
    total: num(c.total) ?? 0,
    asDefendant: num(c.asDefendant),
    asPlaintiff: num(c.asPlaintiff),
    active: num(c.active),
    inactive: num(c.inactive),
    totalClaimValue: num(c.totalClaimValue),
  };
}

function indicatorsOf(lawsuits: Record<string, unknown> | null): GraphIndicator[] {
  const block = obj(lawsuits?.indicators);
  if (!block) return [];
  return Object.entries(block).flatMap(([key, raw]) => {
    const entry = obj(raw);
    if (!entry) return [];
    return [{ key, label: INDICATOR_LABELS[key] ?? key, value: num(entry.value) ?? 0, risky: entry.risky === true }];
  });
}

/** Active lawsuits as defendant: the 3.0 indicator; 2.0 has no such count (null). */
function activeAsDefendantOf(indicators: GraphIndicator[]): number | null {
  return indicators.find((i) => i.key === "activeAsDefendant")?.value ?? null;
}

export function riskOf(node: {
  queryStatus: string;
  restrictiveList: boolean;
  activeAsDefendant: number | null;
  counters: GraphCounters | null;
}): RiskLevel {
  if (node.restrictiveList) return "restrictive";
  if (node.queryStatus === "failed") return "unknown";
  if ((node.activeAsDefendant ?? 0) > 0) return "defendant";
  if ((node.counters?.total ?? 0) > 0) return "lawsuits";
  return "clear";
}

function toNode(id: string, key: string, n: ApiNetworkNode): Omit<GraphNode, "depth" | "parent" | "x" | "y"> {
  const counters = countersOf(n.lawsuits);
  const indicators = indicatorsOf(n.lawsuits);
  const first = n.relations[0];
  const base = {
    id,
    ref: n.ref,
    name: n.name ?? "Nome não informado",
    entity: n.entity,
    document: maskDocument(key),
    relation: first?.relation ?? null,
    role: first?.role ?? null,
    relations: n.relations.map((r) => ({ relation: r.relation ?? null, role: r.role ?? null })),
    lawsuits: counters?.total ?? (n.query.status === "ok" ? 0 : null),
    activeAsDefendant: activeAsDefendantOf(indicators),
    restrictiveList: n.restrictiveList === true,
    queryStatus: n.query.status,
    counters,
    indicators,
  };
  return { ...base, risk: riskOf(base) };
}

/** The graph without positions (x and y are 0): layout.ts places it. */
export function toGraph(network: ApiNetwork, subject: Subject): NetworkGraph {
  if (network.status !== "ok") return { status: "skipped", reason: network.status === "skipped" ? network.reason : "not_run" };
  const keys = Object.keys(network.nodes);
  const idOf = new Map(keys.map((key, index) => [key, `n${index}`]));
  const subjectNode: GraphNode = {
    id: "subject",
    ref: null,
    name: subject.name ?? "Titular",
    entity: subject.entity,
    document: maskDocument(subject.document),
    depth: 0,
    parent: null,
    relation: null,
    role: null,
    relations: [],
    lawsuits: null,
    activeAsDefendant: null,
    restrictiveList: false,
    risk: "clear",
    queryStatus: "subject",
    counters: null,
    indicators: [],
    x: 0,
    y: 0,
  };
  const parentOf = new Map<string, string>();
  for (const key of keys) {
    const via = network.nodes[key]!.relations.find((r) => typeof r.via === "string")?.via;
    const parent = via ? idOf.get(via) : undefined;
    parentOf.set(idOf.get(key)!, parent ?? "subject");
  }
  const depthOf = (id: string, seen = new Set<string>()): number => {
    if (id === "subject") return 0;
    const parent = parentOf.get(id) ?? "subject";
    if (seen.has(id)) return 1;
    seen.add(id);
    return 1 + depthOf(parent, seen);
  };
  const nodes: GraphNode[] = keys.map((key) => {
    const id = idOf.get(key)!;
    return { ...toNode(id, key, network.nodes[key]!), depth: depthOf(id), parent: parentOf.get(id)!, x: 0, y: 0 };
  });
  const edges: GraphEdge[] = nodes.map((n) => ({ id: `e-${n.id}`, source: n.parent!, target: n.id, relation: n.relation, role: n.role }));
  return { status: "ok", subject: subjectNode, nodes, edges, maxDepth: Math.max(1, ...nodes.map((n) => n.depth)) };
}

/** Radius in graph units from the lawsuit count (the legend shows the same steps). */
export const SIZE_STEPS = [
  { min: 0, label: "Sem processos", radius: 14 },
  { min: 1, label: "1 a 2", radius: 18 },
  { min: 3, label: "3 a 9", radius: 23 },
  { min: 10, label: "10 ou mais", radius: 29 },
] as const;
export const SUBJECT_RADIUS = 34;

export function radiusOf(node: Pick<GraphNode, "lawsuits" | "depth">): number {
  if (node.depth === 0) return SUBJECT_RADIUS;
  const count = node.lawsuits ?? 0;
  let radius: number = SIZE_STEPS[0].radius;
  for (const step of SIZE_STEPS) if (count >= step.min) radius = step.radius;
  return radius;
}
