// POST /api/v2/verifications – create a verification (asynchronous; 201 with the record)
// GET  /api/v2/verifications – list the workspace's verifications, filtered and paginated
// GET  /api/v2/verifications/:id – one verification
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { createVerification } from "./create";
import { getVerification, listVerifications } from "./queries";
import { CreateVerificationBody, ListVerificationsQuery, VerificationIdParams } from "./schemas";
import { toRecord } from "./serialize";
import { decisionFields, latestFeedbacks } from "../feedback/store";

const tags = ["v2 verifications"];
const RecordSchema = z.object({ id: z.string(), status: z.string() }).loose();

export function registerVerificationRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST", url: "/api/v2/verifications", permission: "verifications:write",
    tags, summary: "Create a verification",
    body: CreateVerificationBody,
    status: 201,
    response: { 201: RecordSchema, 400: V2ErrorBody },
    handler: async ({ body, caller }) => ({ ...toRecord(await createVerification(s, caller, body)), ...decisionFields(null) }),
  });

  route(app, {
    method: "GET", url: "/api/v2/verifications", permission: "verifications:read",
    tags, summary: "List verifications",
    query: ListVerificationsQuery,
    response: { 200: z.object({ verifications: z.array(RecordSchema), page: z.number(), limit: z.number(), total: z.number() }), 400: V2ErrorBody },
    handler: async ({ query, caller }) => {
      if (query.scoreGte !== undefined && query.scoreLte !== undefined && query.scoreGte > query.scoreLte) {
        throw new ApiError("invalid_parameter", "scoreGte must not be greater than scoreLte");
      }
      const { rows, total } = await listVerifications(s.db, caller.workspaceId, query);
      const latest = await latestFeedbacks(s.db, caller.workspaceId, rows.map((r) => r.id));
      return { verifications: rows.map((r) => ({ ...toRecord(r), ...decisionFields(latest.get(r.id)) })), page: query.page, limit: query.limit, total };
    },
  });

  route(app, {
    method: "GET", url: "/api/v2/verifications/:id", permission: "verifications:read",
    tags, summary: "Get a verification",
    params: VerificationIdParams,
    response: { 200: RecordSchema, 400: V2ErrorBody, 404: V2ErrorBody },
    handler: async ({ params, caller }) => {
      const row = await getVerification(s.db, caller.workspaceId, params.id);
      if (!row) throw new ApiError("not_found", "verification not found");
      const latest = await latestFeedbacks(s.db, caller.workspaceId, [row.id]);
      return { ...toRecord(row), ...decisionFields(latest.get(row.id)) };
    },
  });
}
