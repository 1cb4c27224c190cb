// POST /api/v3/enrichments/batch – up to 500 enrichments of one profile (spec 4.4, 2.5c).
// Always 202 (no synchronous wait); items run in the batch queue, separate from unit creation.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { jsonSchema } from "../../http/validate";
import { parseAllowList } from "../../callbacks/destination";
import { createBatch } from "./create";
import { idempotencyKeyOf, MAX_BATCH_ITEMS, parseBatchBody } from "./validate";

const tags = ["v3 enrichments"];
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const BatchBody = z.object({
  profileId: z.string(),
  items: z.array(z.object({ document: z.string(), metadata: z.record(z.string(), z.unknown()).optional() }).strict()).min(1).max(MAX_BATCH_ITEMS),
  options: z.object({ modules: z.record(z.string(), z.object({}).strict()).optional(), deadline: z.string().optional() }).strict().optional(),
  callback: z.object({ url: z.string(), headers: z.record(z.string(), z.string()).optional() }).strict().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
}).strict();
const ItemError = z.object({ code: z.enum(["invalid_document", "profile_entity_mismatch", "duplicate_in_request", "invalid_metadata"]), message: z.string() });
const BatchResponse = z.object({
  batchId: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  items: z.array(z.union([
    z.object({ index: z.number().int(), id: z.string(), document: z.string() }),
    z.object({ index: z.number().int(), document: z.unknown(), error: ItemError }),
  ])),
});

export function registerBatchRoutes(app: FastifyInstance, s: Services): void {
  const allowList = parseAllowList(s.config.callbackAllowList);
  app.post("/api/v3/enrichments/batch", {
    config: { permission: "enrichments:write" },
    schema: {
      tags, summary: "Create a batch of enrichments",
      description: "One profile for 1 to 500 documents. Per-item errors appear inside the 202; whole-request errors create nothing. Read the items with GET /api/v3/enrichments?batchId=...",
      headers: { type: "object", properties: { "idempotency-key": { type: "string", maxLength: 255 } } },
      body: jsonSchema(BatchBody),
      response: { 202: jsonSchema(BatchResponse), 400: jsonSchema(ErrorBody), 402: jsonSchema(ErrorBody), 404: jsonSchema(ErrorBody), 413: jsonSchema(ErrorBody), 422: jsonSchema(ErrorBody) },
    },
  }, async (request, reply) => {
    const who = caller(request);
    const key = idempotencyKeyOf(request.headers["idempotency-key"]);
    const body = parseBatchBody(request.body, allowList);
    const response = await createBatch(s, who, body, key);
    return reply.status(202).send(response);
  });
}
