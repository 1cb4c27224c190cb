// The investigation graph as the console holds it (issue 33): the service's shapes
// (lib/contract/graph.ts, types only: zod stays out of the browser) under the page's names.
import type { ExpandAnswer, GraphEdge, GraphNode, Omitted, PathAnswer, SnapshotBody as ContractSnapshotBody } from "@/lib/contract/graph";

export type InvNode = GraphNode;
export type InvEdge = GraphEdge;
export type Omission = Omitted;
export type { ExpandAnswer, PathAnswer };

export interface Position {
  x: number;
  y: number;
}

/** What "Salvar no caso" stores and `?snapshot=` reopens. */
export type SnapshotBody = Omit<ContractSnapshotBody, "title"> & { title?: string };
