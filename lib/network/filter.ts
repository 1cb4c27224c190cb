// The graph's and the list's filters, one function for both: which nodes match, and which are
// only shown as context (ancestors of a match, so every shown node stays connected to the subject).
import type { GraphNode } from "./graph";
import { RELATION_TYPES } from "./labels";

export interface NetworkFilters {
  /** Relation types shown (of the link to the node it hangs from); other types are always shown. */
  relations: string[];
  withLawsuits: boolean;
  asDefendant: boolean;
  /** Deepest level shown (1 = direct links only). */
  depth: number;
  search: string;
}

export const DEFAULT_FILTERS: NetworkFilters = {
  relations: [...RELATION_TYPES],
  withLawsuits: false,
  asDefendant: false,
  depth: 3,
  search: "",
};

export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

export function matches(node: GraphNode, f: NetworkFilters): boolean {
  if (node.depth > f.depth) return false;
  const known = (RELATION_TYPES as readonly string[]).includes(node.relation ?? "");
  if (known && !f.relations.includes(node.relation!)) return false;
  if (f.withLawsuits && !((node.lawsuits ?? 0) > 0)) return false;
  if (f.asDefendant && !((node.counters?.asDefendant ?? 0) > 0)) return false;
  return true;
}

export interface FilteredNetwork {
  /** Nodes that match the filters. */
  matched: Set<string>;
  /** Ancestors of matched nodes that do not match themselves (drawn faded). */
  context: Set<string>;
}

export function filterNetwork(nodes: readonly GraphNode[], f: NetworkFilters): FilteredNetwork {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const matched = new Set(nodes.filter((n) => matches(n, f)).map((n) => n.id));
  const context = new Set<string>();
  for (const id of matched) {
    let parent = byId.get(id)?.parent;
    while (parent && parent !== "subject" && !matched.has(parent) && !context.has(parent)) {
      context.add(parent);
      parent = byId.get(parent)?.parent;
    }
  }
  return { matched, context };
}

/** Nodes whose name contains the search (accents and case ignored), best first. */
export function searchNodes(nodes: readonly GraphNode[], search: string, limit = 8): GraphNode[] {
  const q = fold(search);
  if (!q) return [];
  return nodes
    .filter((n) => fold(n.name).includes(q))
    .sort((a, b) => Number(!fold(b.name).startsWith(q)) - Number(!fold(a.name).startsWith(q)) || a.name.localeCompare(b.name, "pt-BR"))
    .slice(0, limit);
}
