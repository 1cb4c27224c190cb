// The investigation graph (issue 33; docs/graph.md): one graph over the registry (a Receita
// release's QSA and establishments), the lawsuit data and the workspace's own cases, walked by the
// review API (/api/review/v1/graph…, v3 envelope): expand a node, find the shortest paths between
// two, save a snapshot on a case, record an export. Shared by the service and the console.
import { z } from "zod";

/** A user as the review API names one (lib/contract/review.ts UserRef; not imported to keep this file a leaf). */
const UserRef = z.object({ id: z.uuid(), email: z.string().nullable() });

export const GRAPH_NODE_TYPES = ["company", "partner", "person", "lawsuit"] as const;
export const GraphNodeType = z.enum(GRAPH_NODE_TYPES);
export type GraphNodeType = z.infer<typeof GraphNodeType>;

export const GRAPH_FLAGS = ["sanctioned", "restrictive", "inactive", "deceased", "case"] as const;
export const GraphFlag = z.enum(GRAPH_FLAGS);
export type GraphFlag = z.infer<typeof GraphFlag>;

/**
 * partner: a company ↔ one of its partners (a person partner, or a company partner: then both ends are companies);
 * same_person: a verified person (a case) ↔ the registry partner that probably is them;
 * lawsuit: a party ↔ a lawsuit; same_address / same_phone / same_email: two companies whose establishments share the value.
 */
export const GRAPH_EDGE_TYPES = ["partner", "same_person", "lawsuit", "same_address", "same_phone", "same_email"] as const;
export const GraphEdgeType = z.enum(GRAPH_EDGE_TYPES);
export type GraphEdgeType = z.infer<typeof GraphEdgeType>;

export const GRAPH_CONFIDENCES = ["exact", "probable"] as const;
export const GraphConfidence = z.enum(GRAPH_CONFIDENCES);
export type GraphConfidence = z.infer<typeof GraphConfidence>;

/** Node ids: company:<cnpj 14 digits>, partner:<masked CPF ***123456** or "-">:<folded name>, person:<verificationId>, lawsuit:<number>. */
export const NODE_ID_PATTERN = /^(company:\d{14}|partner:[^:]{1,20}:[^:]{1,200}|person:[0-9a-fA-F-]{36}|lawsuit:[0-9.-]{1,40})$/;
export const GraphNodeId = z.string().min(1).max(240);

export const GraphNode = z.object({
  id: GraphNodeId.describe("Stable and typed: company:<cnpj>, partner:<masked>:<folded name>, person:<verificationId>, lawsuit:<number>"),
  type: GraphNodeType,
  label: z.string().describe("The company's name, the partner's or person's name, the lawsuit's number"),
  document: z
    .string()
    .nullable()
    .describe(
      "Masked: a CPF as 123.***.***-09 or ***.123.456-** (as Receita publishes it); a CNPJ formatted (public registry data); null for a lawsuit",
    ),
  flags: z
    .array(GraphFlag)
    .describe(
      "sanctioned, restrictive (the workspace's list), inactive (company not ATIVA), deceased, case (the workspace has a case on it)",
    ),
  cases: z.array(z.uuid()).describe("The workspace's cases on this node (verification ids), newest first, at most 20"),
  degree: z.number().int().describe("Edges of the node in this answer"),
  attributes: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .describe("Registry data for the side panel (company: status, city, uf, cnae, openedAt, capital; lawsuit: court, subject, status)"),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const GraphEdge = z.object({
  id: z.string().describe("Stable: <type>:<source>|<target>"),
  source: GraphNodeId,
  target: GraphNodeId,
  type: GraphEdgeType,
  role: z
    .string()
    .nullable()
    .describe(
      "partner: the QSA qualification (pt-BR); lawsuit: the party's role; same_*: the shared value (normalized, masked for a person's contact)",
    ),
  since: z.string().nullable().describe("partner: the date of entry in the company (YYYY-MM-DD); lawsuit: the filing date"),
  dataset: z.string().describe("The source: receita (registry), sandbox lawsuits or the provider's name, cases"),
  release: z.string().nullable().describe("The registry release (for example 2025-06); the dataset version for lawsuits; null for cases"),
  confidence: GraphConfidence.describe("exact, or probable for same_person (the registry never gives a full CPF)"),
  count: z.number().int().nullable().describe("same_*: how many establishments in the registry share the value; null otherwise"),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const OMITTED_REASONS = ["limit", "hub", "depth", "source_unavailable"] as const;
export const OmittedReason = z.enum(OMITTED_REASONS);
export type OmittedReason = z.infer<typeof OmittedReason>;

export const Omitted = z.object({
  reason: OmittedReason.describe(
    "limit: nodes beyond the limit (least connected first); hub: a shared address, phone or e-mail of more than 50 establishments, not linked; " +
      "depth: neighbours beyond the depth asked; source_unavailable: a source that could not be read",
  ),
  count: z.number().int().describe("limit: nodes left out; hub: establishments sharing the value; source_unavailable: 0"),
  type: GraphEdgeType.nullable().describe("hub: same_address, same_phone or same_email"),
  value: z.string().nullable().describe("hub: the shared value (normalized); source_unavailable: the source"),
  node: GraphNodeId.nullable().describe("hub: the node whose value it is"),
});
export type Omitted = z.infer<typeof Omitted>;

export const MAX_EXPAND_LIMIT = 500;
export const MAX_EXPAND_DEPTH = 3;
export const HUB_THRESHOLD = 50;

const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

export const ExpandQuery = z
  .object({
    node: GraphNodeId.describe("The node to expand"),
    depth: intParam(1, MAX_EXPAND_DEPTH, 1).describe("1 to 3 (default 1)"),
    limit: intParam(1, MAX_EXPAND_LIMIT, 200).describe("Nodes at most, 1 to 500 (default 200)"),
  })
  .strict();

export const ExpandAnswer = z.object({
  node: GraphNodeId.describe("The node expanded"),
  depth: z.number().int(),
  limit: z.number().int(),
  nodes: z.array(GraphNode).describe("The root first, then the most connected"),
  edges: z.array(GraphEdge).describe("Only between nodes of the answer"),
  truncated: z.boolean().describe("true when nodes were left out for the limit"),
  omitted: z.array(Omitted).describe("What was left out and why"),
  releases: z.array(z.string()).describe("The registry releases the answer read"),
});
export type ExpandAnswer = z.infer<typeof ExpandAnswer>;

export const MAX_PATH_DEPTH = 6;
export const MAX_PATHS = 5;
export const MAX_VISITED = 100_000;

export const PathQuery = z
  .object({
    from: GraphNodeId,
    to: GraphNodeId,
    maxDepth: intParam(1, MAX_PATH_DEPTH, 4).describe("Hops at most, 1 to 6 (default 4)"),
    k: intParam(1, MAX_PATHS, 1).describe("Shortest paths wanted, 1 to 5 (default 1)"),
  })
  .strict();

export const GraphPath = z.object({
  nodes: z.array(GraphNode).describe("From `from` to `to`, in order"),
  edges: z.array(GraphEdge).describe("edges[i] links nodes[i] and nodes[i+1]"),
});
export type GraphPath = z.infer<typeof GraphPath>;

export const PathAnswer = z.object({
  from: GraphNodeId,
  to: GraphNodeId,
  paths: z.array(GraphPath).describe("Up to k shortest paths, shortest first; empty when none within maxDepth"),
  visited: z.number().int().describe("Nodes visited by the two searches together"),
  ms: z.number().int().describe("Time the search took, in milliseconds"),
  truncated: z.boolean().describe("true when the search stopped at 100,000 visited nodes"),
  omitted: z.array(Omitted).describe("Hubs not followed"),
  releases: z.array(z.string()),
});
export type PathAnswer = z.infer<typeof PathAnswer>;

// --- snapshots saved on a case ("Salvar no caso") -------------------------------------------

export const MAX_SNAPSHOT_NODES = 5000;
export const MAX_SNAPSHOT_EDGES = 20000;
export const MAX_SNAPSHOT_BYTES = 8 * 1024 * 1024;
export const MAX_SNAPSHOTS_PER_CASE = 100;

export const Position = z.object({ x: z.number().finite(), y: z.number().finite() }).strict();

export const SnapshotBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional().describe("Default: Grafo de <date>"),
    nodes: z.array(GraphNode).min(1).describe(`At most ${MAX_SNAPSHOT_NODES} (more: 413 snapshot_too_large)`),
    edges: z.array(GraphEdge).describe(`At most ${MAX_SNAPSHOT_EDGES} (more: 413 snapshot_too_large)`),
    positions: z.record(GraphNodeId, Position).describe("Each node's position on the canvas, by node id"),
    releases: z.array(z.string().min(1).max(40)).max(20).describe("The registry releases the graph was read from"),
  })
  .strict();
export type SnapshotBody = z.infer<typeof SnapshotBody>;

export const SnapshotSummary = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  title: z.string(),
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  releases: z.array(z.string()),
  createdBy: UserRef,
  createdAt: z.string(),
});
export type SnapshotSummary = z.infer<typeof SnapshotSummary>;

export const Snapshot = SnapshotSummary.extend({
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  positions: z.record(z.string(), Position),
});
export type Snapshot = z.infer<typeof Snapshot>;

export const SnapshotList = z.object({ snapshots: z.array(SnapshotSummary).describe("Newest first") });

// --- exports (recorded) ----------------------------------------------------------------------

export const GRAPH_EXPORT_FORMATS = ["graphml", "csv", "png", "json"] as const;
export const GraphExportFormat = z.enum(GRAPH_EXPORT_FORMATS);
export type GraphExportFormat = z.infer<typeof GraphExportFormat>;

export const ExportBody = z
  .object({
    format: GraphExportFormat,
    nodeCount: z.number().int().min(0).max(1_000_000),
    edgeCount: z.number().int().min(0).max(10_000_000).optional(),
    root: GraphNodeId.optional().describe("The node the exploration started from"),
    caseId: z.uuid().optional().describe("The case the exploration was opened from (the export then appears in its timeline)"),
  })
  .strict();
export type ExportBody = z.infer<typeof ExportBody>;

export const ExportAnswer = z.object({ recorded: z.literal(true), at: z.string() });
