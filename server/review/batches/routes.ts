// GET /api/review/v1/batches/{batchId} (issue 28, item 2): what a v3 batch request created and
// refused. The v3 batch's 202 names every refused item, but the interface has no batch route and
// GET /api/v3/enrichments?batchId= lists only the enrichments created: a line the service refused
// (a CNPJ sent with a person's profile, a repeated document) was found nowhere once that answer
// was read. The batch keeps its refusals (migration 0022, documents masked); the console's batch
// page reads them beside the items. Another workspace's batch, or an id that is not a batch id,
// is 404 not_found.
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../../context";
import { batches } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { BatchRecord } from "../../../lib/contract/review";

const BATCH_ID = /^bat_[0-9a-f]{24}$/;

export function registerBatchRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/batches/:batchId",
    permission: "review:read",
    tags: ["review batches"],
    summary: "A v3 batch: its counts and every item it refused",
    description:
      "The counts of POST /api/v3/enrichments/batch and each refused item (index, masked document, error). " +
      "The created items are read with GET /api/v3/enrichments?batchId=. Another workspace's batch is 404.",
    params: z.object({ batchId: z.string().max(100) }),
    response: { 200: BatchRecord, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      const [row] = BATCH_ID.test(params.batchId)
        ? await s.db
            .select()
            .from(batches)
            .where(and(eq(batches.workspaceId, caller.workspaceId), eq(batches.id, params.batchId)))
        : [];
      if (!row) throw new ApiError("not_found", "batch not found");
      return {
        batchId: row.id,
        profileId: row.profileId,
        total: row.total,
        created: row.created,
        failed: row.failed,
        createdAt: row.createdAt.toISOString(),
        refused: [...row.refused].sort((a, b) => a.index - b.index),
      };
    },
  });
}
