// POST /api/v2/verifications – create a verification (asynchronous; 201 with the record)
// GET  /api/v2/verifications – list the workspace's verifications, filtered and paginated
// GET  /api/v2/verifications/:id – one verification
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { jsonSchema, parseOr } from "../../http/validate";
import { createVerification } from "./create";
import { getVerification, listVerifications } from "./queries";
import { CreateVerificationBody, ListVerificationsQuery, VerificationIdParams } from "./schemas";
import { toRecord } from "./serialize";

const tags = ["v2 verifications"];
const RecordSchema = z.object({ id: z.string(), status: z.string() }).loose();
const ErrorBody = z.object({ error: z.string() });

export function registerVerificationRoutes(app: FastifyInstance, s: Services): void {
  app.post("/api/v2/verifications", {
    config: { permission: "verifications:write" },
    schema: { tags, summary: "Create a verification", body: jsonSchema(CreateVerificationBody), response: { 201: jsonSchema(RecordSchema), 400: jsonSchema(ErrorBody) } },
  }, async (request, reply) => {
    const body = parseOr(CreateVerificationBody, request.body, "invalid_request");
    const row = await createVerification(s, caller(request), body);
    return reply.status(201).send(toRecord(row));
  });

  app.get("/api/v2/verifications", {
    config: { permission: "verifications:read" },
    schema: { tags, summary: "List verifications", querystring: jsonSchema(ListVerificationsQuery), response: { 200: jsonSchema(z.object({ verifications: z.array(RecordSchema), page: z.number(), limit: z.number(), total: z.number() })) } },
  }, async (request) => {
    const query = parseOr(ListVerificationsQuery, request.query, "invalid_parameter");
    if (query.scoreGte !== undefined && query.scoreLte !== undefined && query.scoreGte > query.scoreLte) {
      throw new ApiError("invalid_parameter", "scoreGte must not be greater than scoreLte");
    }
    const { rows, total } = await listVerifications(s.db, caller(request).workspaceId, query);
    return { verifications: rows.map(toRecord), page: query.page, limit: query.limit, total };
  });

  app.get("/api/v2/verifications/:id", {
    config: { permission: "verifications:read" },
    schema: { tags, summary: "Get a verification", params: jsonSchema(VerificationIdParams), response: { 200: jsonSchema(RecordSchema), 404: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const { id } = parseOr(VerificationIdParams, request.params, "invalid_parameter");
    const row = await getVerification(s.db, caller(request).workspaceId, id);
    if (!row) throw new ApiError("not_found", "verification not found");
    return toRecord(row);
  });
}
