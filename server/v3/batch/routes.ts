// POST /api/v3/enrichments/batch – up to 500 enrichments of one profile (spec 4.4, 2.5c).
// Always 202 (no synchronous wait); items run in the batch queue, separate from unit creation.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { route } from "../../http/route";
import { BatchResponse, V3ErrorBody } from "../../../lib/contract";
import { parseAllowList } from "../../callbacks/destination";
import { createBatch } from "./create";
import { idempotencyKeyOf, MAX_BATCH_ITEMS, parseBatchBody } from "./validate";

const tags = ["v3 enrichments"];
const BatchBody = z
  .object({
    profileId: z.string(),
    items: z
      .array(z.object({ document: z.string(), metadata: z.record(z.string(), z.unknown()).optional() }).strict())
      .min(1)
      .max(MAX_BATCH_ITEMS),
    options: z
      .object({ modules: z.record(z.string(), z.object({}).strict()).optional(), deadline: z.string().optional() })
      .strict()
      .optional(),
    callback: z
      .object({ url: z.string(), headers: z.record(z.string(), z.string()).optional() })
      .strict()
      .optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export function registerBatchRoutes(app: FastifyInstance, s: Services): void {
  const allowList = parseAllowList(s.config.callbackAllowList);
  route(app, {
    method: "POST",
    url: "/api/v3/enrichments/batch",
    permission: "enrichments:write",
    tags,
    summary: "Create a batch of enrichments",
    description:
      "One profile for 1 to 500 documents. Per-item errors appear inside the 202; whole-request errors create nothing. Read the items with GET /api/v3/enrichments?batchId=...",
    headers: { "idempotency-key": { type: "string", maxLength: 255 } },
    // the Idempotency-Key is checked before the body, as it always was
    body: {
      schema: BatchBody,
      parse: (raw: unknown, request: FastifyRequest) => {
        const key = idempotencyKeyOf(request.headers["idempotency-key"]);
        return { key, request: parseBatchBody(raw, allowList) };
      },
    },
    status: 202,
    response: { 202: BatchResponse, 400: V3ErrorBody, 402: V3ErrorBody, 404: V3ErrorBody, 413: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ body, caller }) => createBatch(s, caller, body.request, body.key),
  });
}
