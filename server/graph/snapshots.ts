// Snapshots saved on a case ("Salvar no caso"; issue 33): the graph as the console had it (nodes,
// edges, positions) and the registry releases it was read from, stored whole so it reopens as saved
// even after a new release. Recorded as graph.snapshot_saved (the case's timeline). Exports made in
// the console are recorded as graph.exported.
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { graphSnapshots } from "../db/schema";
import { ApiError } from "../http/errors";
import type { TokenClaims } from "../auth/tokens";
import { callerEvent, recordEvent } from "../review/audit/record";
import { getCaseRow } from "../review/cases/queries";
import {
  MAX_SNAPSHOT_BYTES,
  MAX_SNAPSHOT_EDGES,
  MAX_SNAPSHOT_NODES,
  MAX_SNAPSHOTS_PER_CASE,
  type ExportBody,
  type Snapshot,
  type SnapshotBody,
  type SnapshotSummary,
} from "../../lib/contract/graph";
import { maskDocument } from "../../lib/contract/documents";
import { parseNodeId } from "./ids";

/** A document that shows more than a masked CPF would (11 digits in a row, or formatted). */
const FULL_CPF = /(^|\D)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(\D|$)/;

function check(body: SnapshotBody): number {
  if (body.nodes.length > MAX_SNAPSHOT_NODES)
    throw new ApiError("snapshot_too_large", `a snapshot holds at most ${MAX_SNAPSHOT_NODES} nodes (${body.nodes.length} sent)`);
  if (body.edges.length > MAX_SNAPSHOT_EDGES)
    throw new ApiError("snapshot_too_large", `a snapshot holds at most ${MAX_SNAPSHOT_EDGES} edges (${body.edges.length} sent)`);
  const bytes = Buffer.byteLength(JSON.stringify(body));
  if (bytes > MAX_SNAPSHOT_BYTES) throw new ApiError("snapshot_too_large", `a snapshot holds at most ${MAX_SNAPSHOT_BYTES} bytes of JSON`);
  const ids = new Set<string>();
  for (const node of body.nodes) {
    const ref = parseNodeId(node.id);
    if (!ref || ref.type !== node.type)
      throw new ApiError("invalid_body", `nodes: ${JSON.stringify(node.id.slice(0, 60))} is not a node id of its type`);
    if (ids.has(node.id)) throw new ApiError("invalid_body", "nodes: an id repeats");
    ids.add(node.id);
    // a person's document is masked: a snapshot never stores a full CPF
    if ((node.type === "person" || node.type === "partner") && node.document !== null && FULL_CPF.test(node.document))
      throw new ApiError("invalid_body", "nodes: a person's document must be masked");
  }
  for (const edge of body.edges)
    if (!ids.has(edge.source) || !ids.has(edge.target))
      throw new ApiError("invalid_body", "edges: an edge links a node that is not in nodes");
  for (const id of Object.keys(body.positions))
    if (!ids.has(id)) throw new ApiError("invalid_body", "positions: a position names a node that is not in nodes");
  return bytes;
}

type Row = typeof graphSnapshots.$inferSelect;

const summaryOf = (r: Row): SnapshotSummary => ({
  id: r.id,
  caseId: r.verificationId,
  title: r.title,
  nodeCount: r.nodeCount,
  edgeCount: r.edgeCount,
  releases: r.releases,
  createdBy: { id: r.createdBy, email: r.createdByEmail },
  createdAt: new Date(r.createdAt).toISOString(),
});

const snapshotOf = (r: Row): Snapshot => ({
  ...summaryOf(r),
  nodes: r.nodes as Snapshot["nodes"],
  edges: r.edges as Snapshot["edges"],
  positions: r.positions,
});

async function caseOf(db: Db, workspaceId: string, caseId: string) {
  const row = await getCaseRow(db, workspaceId, caseId);
  if (!row) throw new ApiError("not_found", "case not found");
  return row;
}

const titleOf = (now: Date) =>
  `Grafo de ${now.toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" })}`;

export async function saveSnapshot(db: Db, caller: TokenClaims, caseId: string, body: SnapshotBody, requestId: string): Promise<Snapshot> {
  const bytes = check(body);
  await caseOf(db, caller.workspaceId, caseId);
  const id = randomUUID();
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    // one at a time per case: the count and the insert agree
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`graph_snapshots:${caseId}`}, 0))`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(graphSnapshots)
      .where(and(eq(graphSnapshots.workspaceId, caller.workspaceId), eq(graphSnapshots.verificationId, caseId)))) as [{ n: number }];
    if (n >= MAX_SNAPSHOTS_PER_CASE) throw new ApiError("snapshot_limit_reached", `a case keeps at most ${MAX_SNAPSHOTS_PER_CASE} graphs`);
    const [inserted] = await tx
      .insert(graphSnapshots)
      .values({
        id,
        workspaceId: caller.workspaceId,
        verificationId: caseId,
        title: body.title ?? titleOf(now),
        nodes: body.nodes,
        edges: body.edges,
        positions: body.positions,
        releases: [...new Set(body.releases)],
        nodeCount: body.nodes.length,
        edgeCount: body.edges.length,
        bytes,
        createdBy: caller.userId,
        createdByEmail: caller.email,
        createdAt: now,
      })
      .returning();
    await recordEvent(
      tx,
      callerEvent(caller, { id: requestId }, "graph.snapshot_saved", {
        caseId,
        data: {
          snapshotId: id,
          title: inserted!.title,
          nodeCount: body.nodes.length,
          edgeCount: body.edges.length,
          releases: inserted!.releases,
        },
      }),
    );
    return inserted!;
  });
  return snapshotOf(row);
}

export async function listSnapshots(db: Db, workspaceId: string, caseId: string): Promise<{ snapshots: SnapshotSummary[] }> {
  await caseOf(db, workspaceId, caseId);
  const rows = await db
    .select()
    .from(graphSnapshots)
    .where(and(eq(graphSnapshots.workspaceId, workspaceId), eq(graphSnapshots.verificationId, caseId)))
    .orderBy(desc(graphSnapshots.createdAt), desc(graphSnapshots.id));
  return { snapshots: rows.map(summaryOf) };
}

export async function getSnapshot(db: Db, workspaceId: string, caseId: string, id: string): Promise<Snapshot> {
  const [row] = await db
    .select()
    .from(graphSnapshots)
    .where(and(eq(graphSnapshots.workspaceId, workspaceId), eq(graphSnapshots.verificationId, caseId), eq(graphSnapshots.id, id)));
  if (!row) throw new ApiError("not_found", "snapshot not found");
  return snapshotOf(row);
}

/** POST /graph/exports: records graph.exported (on the case when one is named). */
export async function recordExport(
  db: Db,
  caller: TokenClaims,
  body: ExportBody,
  requestId: string,
): Promise<{ recorded: true; at: string }> {
  if (body.caseId) await caseOf(db, caller.workspaceId, body.caseId.toLowerCase());
  const root = body.root === undefined ? null : parseNodeId(body.root);
  if (body.root !== undefined && !root) throw new ApiError("invalid_body", "root: not a node id");
  // the audit trail keeps masked documents only, a company's CNPJ included
  const rootData = root === null ? null : root.type === "company" ? `company:${maskDocument(root.cnpj)}` : root.id;
  await recordEvent(
    db,
    callerEvent(caller, { id: requestId }, "graph.exported", {
      caseId: body.caseId?.toLowerCase() ?? null,
      data: { format: body.format, nodeCount: body.nodeCount, edgeCount: body.edgeCount ?? null, root: rootData },
    }),
  );
  return { recorded: true, at: new Date().toISOString() };
}
