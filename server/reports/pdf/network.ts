// The lawsuit network of a verification for the report: the holder and its related persons and
// companies (the related module's data in the dossier), each with its lawsuit count and registry
// status, as nodes and edges for a radial drawing.
import { dossierFacts, type RelatedFact } from "../../ai/facts";

export interface ReportNode {
  id: string;
  name: string;
  entity: "person" | "company";
  lawsuits: number | null;
  /** Registry status not regular/active, or a deceased holder. */
  alert: boolean;
  holder: boolean;
}

export interface ReportEdge {
  from: string;
  to: string;
  group: string;
  role: string | null;
}

export interface ReportNetwork {
  nodes: ReportNode[];
  edges: ReportEdge[];
  /** Parties not drawn (beyond the drawing's limit). */
  omitted: number;
}

const OK_STATUSES = new Set(["Regular", "Ativa"]);

/** Up to `limit` parties, those with most lawsuits first (the drawing stays readable). */
export function reportNetwork(
  input: {
    entity: "person" | "company";
    nationalId: string;
    name: string | null;
    dossier: Record<string, unknown> | null;
    result: Record<string, unknown> | null;
  },
  limit = 24,
): ReportNetwork | null {
  const facts = dossierFacts({ ...input, score: null });
  if (!facts.related.ran) return null;
  const holder: ReportNode = {
    id: "holder",
    name: input.name ?? "Titular",
    entity: input.entity,
    lawsuits: facts.lawsuits.ran ? facts.lawsuits.total : null,
    alert: facts.registryStatus !== null && !OK_STATUSES.has(facts.registryStatus),
    holder: true,
  };
  const ranked: RelatedFact[] = [...facts.related.parties].sort((a, b) => (b.lawsuitsTotal ?? 0) - (a.lawsuitsTotal ?? 0));
  const shown = ranked.slice(0, limit);
  const nodes = [
    holder,
    ...shown.map((p, i) => ({
      id: `n${i}`,
      name: p.name ?? "—",
      entity: p.entity,
      lawsuits: p.lawsuitsTotal,
      alert: p.registryStatus !== null && !OK_STATUSES.has(p.registryStatus),
      holder: false,
    })),
  ];
  const edges = shown.map((p, i) => ({ from: "holder", to: `n${i}`, group: p.group, role: p.role }));
  return { nodes, edges, omitted: ranked.length - shown.length };
}
