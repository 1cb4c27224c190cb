// Shapes of the v3 API answers the console reads (spec 2.5a-2.5c, 4.4; docs/decisions.md).

export type EnrichmentStatus = "CREATED" | "FETCHING" | "COMPLETED" | "FAILED";
export type ModuleStatus = "pending" | "retrying" | "ok" | "failed";

export interface ApiModuleEntry {
  dataset: string;
  status: ModuleStatus;
  nextAttemptAt?: string;
  url: string;
  /** Set when the data came from the workspace's dataset cache. */
  cache?: { fetchedAt: string; ageSeconds: number };
}

export interface ApiEnrichmentSummary {
  id: string;
  status: EnrichmentStatus;
  outcome: "ok" | "subject_not_found" | null;
  entity: "person" | "company";
  document: string;
  profile: { id: string; name: string; kind: string };
  metadata: Record<string, unknown>;
  createdAt: string;
  completedAt: string | null;
  nextRetryAt?: string;
  recoveryRound: number;
  failureReason?: string;
  deadline?: string;
  lane: "interactive" | "batch";
  batchId?: string;
}

export interface ApiEnrichment extends ApiEnrichmentSummary {
  modules: Record<string, ApiModuleEntry>;
  data?: Record<string, Record<string, unknown>>;
}

export interface ApiEnrichmentList {
  items: ApiEnrichmentSummary[];
  nextCursor: string | null;
}

export interface ApiProfile {
  profile: { id: string; name: string; kind: string };
  entity: "person" | "company";
  modules: Record<string, { dataset: string; addon?: boolean }>;
}

export interface ApiBatchResponse {
  batchId: string;
  total: number;
  created: number;
  failed: number;
  items: (
    { index: number; id: string; document: string } | { index: number; document: string; error: { code: string; message: string } }
  )[];
}

export interface ApiUsage {
  workspaceId: string;
  from: string | null;
  to: string | null;
  actions: { action: string; count: number }[];
  total: number;
}

export interface ApiNetworkNode {
  ref: string;
  name: string | null;
  entity: "person" | "company";
  relations: { relation?: string; role?: string; since?: string; via?: string }[];
  lawsuits: Record<string, unknown> | null;
  query: { status: "ok" | "failed"; dataset: string };
  restrictiveList?: boolean | null;
}

export type ApiNetwork = { status: "ok"; nodes: Record<string, ApiNetworkNode> } | { status: "skipped"; reason: string };

export interface ApiNetworkNodeLawsuits {
  node: Omit<ApiNetworkNode, "lawsuits">;
  dataset: string;
  module: string;
  lawsuits: Record<string, unknown> | null;
  rules: { rule: string; fired: boolean }[];
}
