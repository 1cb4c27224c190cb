// The investigation graph's review routes (issue 33; docs/graph.md), registered through
// server/rooms.ts. Every role but integration reads (review:read); saving a snapshot and recording
// an export are reads' companions too (a viewer explores and saves what they found on the case).
// GET  /api/review/v1/graph/expand                      – a node's neighbourhood, depth 1 to 3, limit ≤ 500
// GET  /api/review/v1/graph/path                        – up to k shortest paths between two nodes
// POST /api/review/v1/graph/exports                     – records an export made in the console
// POST /api/review/v1/cases/{id}/graph-snapshots        – "Salvar no caso"
// GET  /api/review/v1/cases/{id}/graph-snapshots        – the case's snapshots, newest first
// GET  /api/review/v1/cases/{id}/graph-snapshots/{sid}  – one snapshot, whole
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { ApiError } from "../http/errors";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import {
  ExpandAnswer,
  ExpandQuery,
  ExportAnswer,
  ExportBody,
  MAX_SNAPSHOT_BYTES,
  PathAnswer,
  PathQuery,
  Snapshot,
  SnapshotBody,
  SnapshotList,
} from "../../lib/contract/graph";
import { CaseIdParams, caseId } from "../review/cases/params";
import { UUID } from "../review/cases/queries";
import { expand, findPaths } from "./walk";
import { graphGate } from "./gate";
import { getSnapshot, listSnapshots, recordExport, saveSnapshot } from "./snapshots";

const tags = ["review graph"];
const SnapshotParams = CaseIdParams.extend({ snapshotId: z.string().max(100) });

export function registerGraphRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/graph/expand",
    permission: "review:read",
    tags,
    summary: "Expand a node of the investigation graph",
    description:
      "node: company:<cnpj>, partner:<masked CPF>:<folded name>, person:<verificationId> or lawsuit:<number>; depth 1 to 3 (default 1); " +
      "limit 1 to 500 nodes (default 200). Edges come from the live registry release (partner, same_address, same_phone, same_email), " +
      "the lawsuits dataset (lawsuit) and the workspace's cases (same_person, probable). When more nodes are found than the limit the most " +
      "connected are kept (truncated: true) and omitted says how many were left out and why; shared values of more than 50 establishments " +
      "are not linked (omitted reason hub). Documents are masked (a company's CNPJ is public registry data). 404 not_found for an unknown node.",
    query: ExpandQuery,
    response: { 200: ExpandAnswer, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ query, caller }) => graphGate(s).run(() => expand(s, caller.workspaceId, query)),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/graph/path",
    permission: "review:read",
    tags,
    summary: "Shortest paths between two nodes of the investigation graph",
    description:
      "from, to: node ids; maxDepth 1 to 6 hops (default 4); k 1 to 5 paths (default 1). Searches from both ends at once; stops at maxDepth " +
      "and at 100,000 visited nodes (truncated: true). Answers {paths: [{nodes, edges}], visited, ms, truncated}; paths is empty when none " +
      "is found within maxDepth. 404 not_found when either node is unknown.",
    query: PathQuery,
    response: { 200: PathAnswer, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ query, caller }) => graphGate(s).run(() => findPaths(s, caller.workspaceId, query)),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/graph/exports",
    permission: "review:read",
    tags,
    summary: "Record an export of the graph made in the console",
    description:
      "{format: graphml | csv | png | json, nodeCount, edgeCount?, root?, caseId?}: records graph.exported (on the case's timeline when " +
      "caseId is given; 404 not_found for a case of another workspace). The console calls it when it writes the file.",
    body: ExportBody,
    status: 201,
    response: { 201: ExportAnswer, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ body, caller, request }) => recordExport(s.db, caller, body, request.id),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/cases/:id/graph-snapshots",
    permission: "review:read",
    tags,
    summary: "Save a graph on a case (Salvar no caso)",
    description:
      "{title?, nodes, edges, positions, releases}: stored whole, so it reopens as saved after a new release. At most 5,000 nodes, " +
      "20,000 edges and 8 MiB of JSON (413 snapshot_too_large), 100 snapshots per case (409 snapshot_limit_reached). Edges and positions " +
      "must name nodes of the body, and a person's document must be masked (400 invalid_body). Records graph.snapshot_saved on the case's timeline.",
    params: CaseIdParams,
    body: SnapshotBody,
    bodyLimit: MAX_SNAPSHOT_BYTES * 2,
    status: 201,
    response: { 201: Snapshot, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody, 413: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => saveSnapshot(s.db, caller, caseId(params.id), body, request.id),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/:id/graph-snapshots",
    permission: "review:read",
    tags,
    summary: "The graphs saved on a case",
    description: "Newest first, without their nodes and edges (GET one for those).",
    params: CaseIdParams,
    response: { 200: SnapshotList, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => listSnapshots(s.db, caller.workspaceId, caseId(params.id)),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/cases/:id/graph-snapshots/:snapshotId",
    permission: "review:read",
    tags,
    summary: "One graph saved on a case, whole",
    description: "As it was saved (nodes, edges, positions, releases). 404 not_found for another workspace's case or snapshot.",
    params: SnapshotParams,
    response: { 200: Snapshot, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      if (!UUID.test(params.snapshotId)) throw new ApiError("not_found", "snapshot not found");
      return getSnapshot(s.db, caller.workspaceId, caseId(params.id), params.snapshotId.toLowerCase());
    },
  });
}
